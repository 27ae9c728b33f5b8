/*
 * test-board.c: the rules engine, one rule at a time, and a random stress
 * test that checks every invariant of the board after every move.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "board.h"
#include "game.h"
#include "playout.h"
#include "tu.h"
#include "util.h"

static struct game g;

static int
setup_9(void **state)
{
	(void)state;
	return game_init(&g, 9, 7.5);
}

static int
teardown(void **state)
{
	(void)state;
	game_free(&g);
	return 0;
}

static enum board_verdict
play(enum color c, const char *v)
{
	enum board_verdict r = game_play(&g, c, tu_pt(&g.board, v));

	assert_null(board_verify(&g.board));
	return r;
}

static void
test_vertices(void **state)
{
	char buf[8];

	(void)state;
	assert_int_equal(tu_pt(&g.board, "A9"), board_point(&g.board, 0, 0));
	assert_int_equal(tu_pt(&g.board, "j1"), board_point(&g.board, 8, 8));
	assert_int_equal(tu_pt(&g.board, "I5"), BOARD_NONE);
	assert_int_equal(tu_pt(&g.board, "K5"), BOARD_NONE);
	assert_int_equal(tu_pt(&g.board, "A10"), BOARD_NONE);
	assert_int_equal(tu_pt(&g.board, "A0"), BOARD_NONE);
	assert_int_equal(tu_pt(&g.board, "A"), BOARD_NONE);
	assert_int_equal(tu_pt(&g.board, "PASS"), BOARD_PASS);
	assert_string_equal(board_vertex_str(&g.board, tu_pt(&g.board, "E5"), buf), "E5");
	assert_string_equal(board_vertex_str(&g.board, BOARD_PASS, buf), "pass");
}

static void
test_single_capture(void **state)
{
	(void)state;
	assert_int_equal(play(BLACK, "E5"), MOVE_OK);
	assert_int_equal(play(WHITE, "E6"), MOVE_OK);
	assert_int_equal(play(BLACK, "D6"), MOVE_OK);
	assert_int_equal(play(WHITE, "A1"), MOVE_OK);
	assert_int_equal(play(BLACK, "F6"), MOVE_OK);
	assert_int_equal(play(WHITE, "A2"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "E6")), WHITE);
	assert_true(board_group_in_atari(&g.board, tu_pt(&g.board, "E6")));
	assert_int_equal(board_group_atari_lib(&g.board, tu_pt(&g.board, "E6")),
	    tu_pt(&g.board, "E7"));
	assert_int_equal(play(BLACK, "E7"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "E6")), EMPTY);
	assert_int_equal(g.board.captures[BLACK], 1);
	assert_int_equal(g.board.captures[WHITE], 0);
	assert_int_equal(g.board.moves, 7);
}

static void
test_corner_and_edge_capture(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, "OX..O...\n"), 0);
	assert_int_equal(play(BLACK, "A8"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "A9")), EMPTY);
	assert_int_equal(play(BLACK, "D9"), MOVE_OK);
	assert_int_equal(play(BLACK, "F9"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "E9")), WHITE);
	assert_int_equal(play(BLACK, "E8"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "E9")), EMPTY);
	assert_int_equal(g.board.captures[BLACK], 2);
}

static void
test_multi_group_capture(void **state)
{
	(void)state;
	/* Black at E5 takes three white groups at once. */
	assert_int_equal(tu_setup(&g,
	    ".........\n"
	    ".........\n"
	    "....X....\n"
	    "...XOX...\n"
	    "..XO.OX..\n"
	    "...XOX...\n"
	    "....X....\n"
	    ".........\n"
	    ".........\n"), 0);
	assert_int_equal(play(BLACK, "E5"), MOVE_OK);
	assert_int_equal(board_count(&g.board, WHITE), 0);
	assert_int_equal(g.board.captures[BLACK], 4);
	assert_int_equal(board_group_libs(&g.board, tu_pt(&g.board, "E5"), 10), 4);
}

static void
test_suicide(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".X.......\n"
	    "X........\n"
	    ".........\n"
	    ".........\n"
	    ".........\n"
	    ".........\n"
	    ".........\n"
	    "......OO.\n"
	    ".....O..O\n"), 0);
	/* One-stone suicide in the corner. */
	assert_int_equal(game_check(&g, WHITE, tu_pt(&g.board, "A9")), MOVE_SUICIDE);
	assert_int_equal(play(WHITE, "A9"), MOVE_SUICIDE);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "A9")), EMPTY);
	assert_int_equal(g.nmoves, 0);
	/* Black may play one of the two points of the eye, not both. */
	assert_int_equal(play(BLACK, "G1"), MOVE_OK);
	assert_int_equal(play(WHITE, "A7"), MOVE_OK);
	assert_int_equal(play(BLACK, "H1"), MOVE_SUICIDE);
	/* A multi-stone suicide: filling one's own last liberty. */
	assert_int_equal(play(WHITE, "H1"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "G1")), EMPTY);
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "A9")), MOVE_OK);
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "H1")), MOVE_OCCUPIED);
}

static void
test_suicide_that_captures_is_legal(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".OX......\n"
	    "OX.......\n"
	    "X........\n"), 0);
	/* Black A9 has no liberty but takes White B9 and A8. */
	assert_int_equal(play(BLACK, "A9"), MOVE_OK);
	assert_int_equal(board_count(&g.board, WHITE), 0);
	assert_int_equal(g.board.captures[BLACK], 2);
}

/* Black throws in at B9; White takes it at C9, and the five white stones
 * are left with B9 as their only liberty: Black takes them back there.  Not
 * a ko, because White's capturing stone is not alone. */
static void
test_snapback(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "O..X.....\n"
	    "OOOX.....\n"
	    "XXX......\n"), 0);
	assert_int_equal(play(BLACK, "B9"), MOVE_OK);
	assert_int_equal(play(WHITE, "C9"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "B9")), EMPTY);
	assert_int_equal(g.board.captures[WHITE], 1);
	assert_int_equal(g.board.ko, 0);
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "B9")), MOVE_OK);
	assert_int_equal(play(BLACK, "B9"), MOVE_OK);
	assert_int_equal(g.board.captures[BLACK], 5);
	assert_int_equal(board_count(&g.board, WHITE), 0);
}

static void
test_ko(void **state)
{
	char before[128], after[128];

	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".........\n"
	    "...XO....\n"
	    "..X.XO...\n"
	    "...XO....\n"
	    ".........\n"), 0);
	tu_diagram(&g.board, before);
	assert_int_equal(play(WHITE, "D7"), MOVE_OK);
	assert_int_equal(board_count(&g.board, BLACK), 3);
	/* Black may not take back at once... */
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "E7")), MOVE_KO);
	assert_int_equal(board_check(&g.board, BLACK, tu_pt(&g.board, "E7")), MOVE_KO);
	assert_int_equal(play(BLACK, "E7"), MOVE_KO);
	/* ...but after a threat and an answer, the ko may be retaken. */
	assert_int_equal(play(BLACK, "J1"), MOVE_OK);
	assert_int_equal(play(WHITE, "J2"), MOVE_OK);
	assert_int_equal(play(BLACK, "E7"), MOVE_OK);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "D7")), EMPTY);
	assert_int_equal(game_check(&g, WHITE, tu_pt(&g.board, "D7")), MOVE_KO);
	/* Filling the ko is fine for the side that just took. */
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "D7")), MOVE_OK);
	tu_diagram(&g.board, after);
	assert_string_not_equal(before, after);
}

/* A pass clears simple ko, but taking back then repeats the position before
 * the first capture: positional superko forbids what simple ko allows. */
static void
test_superko_after_passes(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".........\n"
	    "...XO....\n"
	    "..X.XO...\n"
	    "...XO....\n"
	    ".........\n"), 0);
	assert_int_equal(play(WHITE, "D7"), MOVE_OK);
	assert_int_equal(play(BLACK, "pass"), MOVE_OK);
	assert_int_equal(play(WHITE, "pass"), MOVE_OK);
	assert_int_equal(board_check(&g.board, BLACK, tu_pt(&g.board, "E7")), MOVE_OK);
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "E7")), MOVE_SUPERKO);
	assert_int_equal(play(BLACK, "E7"), MOVE_SUPERKO);
	assert_int_equal(g.nmoves, 3);
}

/* Three kos: after six captures, each legal under simple ko, the whole board
 * would be as it was; the sixth is refused by superko. */
static void
test_triple_ko(void **state)
{
	static const char *const cycle[] = { "C8", "B2", "C5", "B8", "C2", "B5" };

	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".XO......\n"
	    "XO.O.....\n"
	    ".XO......\n"
	    ".XO......\n"
	    "XO.O.....\n"
	    ".XO......\n"
	    ".XO......\n"
	    "X.XO.....\n"
	    ".XO......\n"), 0);
	game_set_to_move(&g, BLACK);
	for (int i = 0; i < 5; i++) {
		enum color c = i % 2 == 0 ? BLACK : WHITE;

		assert_int_equal(play(c, cycle[i]), MOVE_OK);
		assert_int_equal(g.board.captures[c], (i / 2) + 1);
	}
	assert_int_equal(board_check(&g.board, WHITE, tu_pt(&g.board, "B5")), MOVE_OK);
	assert_int_equal(game_check(&g, WHITE, tu_pt(&g.board, "B5")), MOVE_SUPERKO);
	assert_int_equal(play(WHITE, "B5"), MOVE_SUPERKO);
	assert_int_equal(g.nmoves, 5);
}

/* Sending two, returning one: Black adds A9 to B9 (two stones in atari),
 * White takes both at C9, Black takes the one stone back at B9: the
 * position before A9 would come back, so superko refuses the recapture,
 * which simple ko allows (White's stone took two). */
static void
test_sending_two_returning_one(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".X.X.....\n"
	    "OOXX.....\n"), 0);
	assert_int_equal(play(BLACK, "A9"), MOVE_OK);
	assert_int_equal(play(WHITE, "C9"), MOVE_OK);
	assert_int_equal(g.board.captures[WHITE], 2);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "B9")), EMPTY);
	assert_int_equal(board_check(&g.board, BLACK, tu_pt(&g.board, "B9")), MOVE_OK);
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "B9")), MOVE_SUPERKO);
	/* Elsewhere is fine, and so is A9. */
	assert_int_equal(game_check(&g, BLACK, tu_pt(&g.board, "A9")), MOVE_OK);
}

static void
test_undo_replay(void **state)
{
	struct board saved[40];
	struct rng r = { 99 };
	int n = 0;

	(void)state;
	while (n < 40) {
		enum color c = game_to_move(&g);
		point_t p = g.board.free[rng_below(&r, (uint32_t)g.board.nfree)];

		if (game_play(&g, c, p) != MOVE_OK)
			continue;
		saved[n++] = g.board;
	}
	for (int k = 39; k > 0; k--) {
		assert_int_equal(game_undo(&g, 1), 1);
		assert_int_equal(g.nmoves, k);
		assert_memory_equal(g.board.color, saved[k - 1].color,
		    sizeof g.board.color);
		assert_int_equal(g.board.hash, saved[k - 1].hash);
		assert_int_equal(g.board.captures[BLACK], saved[k - 1].captures[BLACK]);
		assert_int_equal(g.board.captures[WHITE], saved[k - 1].captures[WHITE]);
		assert_int_equal(g.board.moves, k);
		assert_null(board_verify(&g.board));
	}
	assert_int_equal(game_undo(&g, 5), 1);
	assert_int_equal(game_undo(&g, 1), 0);
	assert_int_equal(board_count(&g.board, BLACK), 0);
}

static void
test_move_count_includes_passes(void **state)
{
	(void)state;
	assert_int_equal(play(BLACK, "pass"), MOVE_OK);
	assert_int_equal(play(WHITE, "E5"), MOVE_OK);
	assert_int_equal(play(BLACK, "pass"), MOVE_OK);
	assert_false(game_two_passes(&g));
	assert_int_equal(play(WHITE, "pass"), MOVE_OK);
	assert_true(game_two_passes(&g));
	assert_int_equal(g.board.moves, 4);
	assert_int_equal(g.nmoves, 4);
}

static void
test_setup_refuses_dead_groups(void **state)
{
	(void)state;
	/* The third stone would leave A9 without a liberty: refused, and the
	 * board keeps the first two. */
	assert_int_equal(tu_setup(&g, "XO.\nO..\n"), -1);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "A8")), EMPTY);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "A9")), BLACK);
	assert_int_equal(game_setup(&g, tu_pt(&g.board, "E5"), BLACK), 0);
	assert_int_equal(game_setup(&g, tu_pt(&g.board, "E5"), EMPTY), 0);
	assert_int_equal(game_setup(&g, tu_pt(&g.board, "A9"), EMPTY), 0);
	assert_int_equal(board_count(&g.board, BLACK), 0);
	assert_int_equal(board_count(&g.board, WHITE), 1);
	assert_null(board_verify(&g.board));
	assert_int_equal(play(BLACK, "E5"), MOVE_OK);
	assert_int_equal(game_setup(&g, tu_pt(&g.board, "E6"), BLACK), -1);
}

static void
test_handicap(void **state)
{
	struct board b19;
	point_t pts[9];
	char buf[8], list[64] = "";

	(void)state;
	assert_int_equal(game_fixed_handicap(&g, 4, pts), 4);
	for (int i = 0; i < 4; i++) {
		strcat(list, board_vertex_str(&g.board, pts[i], buf));
		strcat(list, " ");
	}
	/* GTP's order and places (GTP v2, 4.1.1): the third stone goes to
	 * the upper left, the lower right stays open. */
	assert_string_equal(list, "C3 G7 C7 G3 ");
	assert_int_equal(g.handicap, 4);
	assert_int_equal(game_to_move(&g), WHITE);
	assert_int_equal(game_fixed_handicap(&g, 2, pts), -1);
	assert_int_equal(game_handicap_points(19, 3, pts), 3);
	board_init(&b19, 19);
	list[0] = '\0';
	for (int i = 0; i < 3; i++) {
		strcat(list, board_vertex_str(&b19, pts[i], buf));
		strcat(list, " ");
	}
	assert_string_equal(list, "D4 Q16 D16 ");
	assert_int_equal(game_handicap_points(9, 5, pts), 5);
	assert_int_equal(game_handicap_points(9, 10, pts), -1);
	assert_int_equal(game_handicap_points(19, 9, pts), 9);
	assert_int_equal(game_handicap_points(6, 2, pts), -1);
	assert_int_equal(game_handicap_points(10, 5, pts), -1);
	assert_int_equal(game_handicap_points(7, 5, pts), -1);
}

static void
test_sizes(void **state)
{
	struct game h;

	(void)state;
	assert_int_equal(game_init(&h, 1, 0), -1);
	assert_int_equal(game_init(&h, 26, 0), -1);
	for (int size = 2; size <= 25; size++) {
		assert_int_equal(game_init(&h, size, 7.5), 0);
		assert_int_equal(h.board.nfree, size * size);
		assert_int_equal(game_play(&h, BLACK, board_point(&h.board, size - 1, size - 1)), MOVE_OK);
		assert_null(board_verify(&h.board));
		game_free(&h);
	}
	/* On 2x2 the fourth stone of one colour would be suicide. */
	assert_int_equal(game_init(&h, 2, 0), 0);
	assert_int_equal(game_play(&h, BLACK, board_point(&h.board, 0, 0)), MOVE_OK);
	assert_int_equal(game_play(&h, BLACK, board_point(&h.board, 1, 0)), MOVE_OK);
	assert_int_equal(game_play(&h, BLACK, board_point(&h.board, 0, 1)), MOVE_OK);
	assert_int_equal(game_play(&h, BLACK, board_point(&h.board, 1, 1)), MOVE_SUICIDE);
	assert_int_equal(game_play(&h, WHITE, board_point(&h.board, 1, 1)), MOVE_OK);
	assert_int_equal(board_count(&h.board, BLACK), 0);
	game_free(&h);
}

/* Random legal games on every size with a full invariant check after every
 * move: groups, pseudo-liberties, free list and hash must stay exact. */
static void
test_random_games_keep_invariants(void **state)
{
	struct rng r = { 2024 };

	(void)state;
	for (int n = 0; n < 300; n++) {
		struct game h;
		int size = 2 + (int)rng_below(&r, 24);

		game_init(&h, size, 7.5);
		for (int m = 0; m < size * size * 2; m++) {
			enum color c = game_to_move(&h);
			point_t p = h.board.nfree ?
			    h.board.free[rng_below(&r, (uint32_t)h.board.nfree)] : BOARD_PASS;

			if (rng_below(&r, 50) == 0)
				p = BOARD_PASS;
			if (game_play(&h, c, p) != MOVE_OK)
				game_play(&h, c, BOARD_PASS);
			const char *err = board_verify(&h.board);
			if (err)
				fail_msg("size %d move %d: %s", size, m, err);
		}
		game_free(&h);
	}
}

/* Playouts leave a sound board and end with two passes. */
static void
test_playouts(void **state)
{
	struct rng r = { 7 };
	struct board b;

	(void)state;
	for (int i = 0; i < 200; i++) {
		board_init(&b, i % 2 ? 9 : 19);
		playout_run(&b, &r, i % 3 ? PLAYOUT_LIGHT : PLAYOUT_SAFE, 10000);
		assert_null(board_verify(&b));
		assert_int_equal(b.last_move, BOARD_PASS);
		assert_int_equal(b.last_move2, BOARD_PASS);
		/* No legal non-eye-filling move was left. */
		for (int k = 0; k < b.nfree; k++) {
			point_t p = b.free[k];
			assert_true(board_check(&b, b.to_move, p) != MOVE_OK ||
			    board_is_eyelike(&b, b.to_move, p) ||
			    playout_is_selfatari(&b, b.to_move, p));
		}
	}
}

/* Common fate graph distances: a string is one step, however long. */
static void
test_cfg_distances(void **state)
{
	struct game pos;
	uint8_t d[BOARD_MAX_POINTS];

	(void)state;
	game_init(&pos, 9, 7.5);
	assert_int_equal(tu_setup(&pos,
	    ".........\n.........\n.........\n.........\n.........\n"
	    ".........\n..O......\n.XXXXXX..\n.........\n"), 0);
	const struct board *b = &pos.board;
	board_cfg_distances(b, tu_pt(b, "B2"), 3, d);
	assert_int_equal(d[tu_pt(b, "G2")], 0);	/* the same string */
	assert_int_equal(d[tu_pt(b, "H2")], 1);	/* its liberty, far along */
	assert_int_equal(d[tu_pt(b, "F1")], 1);
	assert_int_equal(d[tu_pt(b, "C3")], 1);	/* the string touching it */
	assert_int_equal(d[tu_pt(b, "C4")], 2);	/* that string's liberty */
	assert_int_equal(d[tu_pt(b, "J2")], 2);
	assert_int_equal(d[tu_pt(b, "C5")], 3);
	assert_int_equal(d[tu_pt(b, "C6")], BOARD_FAR);	/* past MAX */
	assert_int_equal(d[tu_pt(b, "J9")], BOARD_FAR);
	/* From an empty point. */
	board_cfg_distances(b, tu_pt(b, "E5"), 2, d);
	assert_int_equal(d[tu_pt(b, "E5")], 0);
	assert_int_equal(d[tu_pt(b, "E4")], 1);
	assert_int_equal(d[tu_pt(b, "E3")], 2);
	assert_int_equal(d[tu_pt(b, "E2")], BOARD_FAR);
	game_free(&pos);
}

/* The heavy policy lets a self-atari of two stones through two times in
 * five, the light one always, the safe one never; a move that is no
 * self-atari always goes through. */
static void
test_selfatari_leak(void **state)
{
	struct game pos;
	struct rng r = { 11 };
	int through[3] = { 0, 0, 0 };

	(void)state;
	game_init(&pos, 9, 7.5);
	assert_int_equal(tu_setup(&pos,
	    ".........\n.........\n.........\n.........\n.........\n"
	    ".........\n.........\nOO.......\nX........\n"), 0);
	point_t b1 = tu_pt(&pos.board, "B1"), e5 = tu_pt(&pos.board, "E5");
	assert_true(playout_is_selfatari(&pos.board, BLACK, b1));
	for (int i = 0; i < 1000; i++) {
		for (int pol = 0; pol < 3; pol++)
			if (!playout_refuses_selfatari(&pos.board, &r,
			    (enum playout_policy)pol, BLACK, b1))
				through[pol]++;
		assert_false(playout_refuses_selfatari(&pos.board, &r,
		    PLAYOUT_HEAVY, BLACK, e5));
	}
	assert_int_equal(through[PLAYOUT_LIGHT], 1000);
	assert_int_equal(through[PLAYOUT_SAFE], 0);
	/* 400 expected; the bounds are five standard deviations. */
	assert_in_range(through[PLAYOUT_HEAVY], 323, 477);
	game_free(&pos);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vertices, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_single_capture, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_corner_and_edge_capture, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_multi_group_capture, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_suicide, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_suicide_that_captures_is_legal, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_snapback, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_ko, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_superko_after_passes, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_triple_ko, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_sending_two_returning_one, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_undo_replay, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_move_count_includes_passes, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_setup_refuses_dead_groups, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_handicap, setup_9, teardown),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_random_games_keep_invariants),
		cmocka_unit_test(test_playouts),
		cmocka_unit_test(test_selfatari_leak),
		cmocka_unit_test(test_cfg_distances),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
