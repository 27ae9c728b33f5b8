/*
 * test-score.c: area counting, results in points and stones, dead stones.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game.h"
#include "ai.h"
#include "score.h"
#include "tu.h"

static struct game g;
static struct score sc;
static uint8_t dead[BOARD_MAX_POINTS];

static int
setup_9(void **state)
{
	(void)state;
	memset(dead, 0, sizeof dead);
	return game_init(&g, 9, 7.5);
}

static int
setup_7(void **state)
{
	(void)state;
	memset(dead, 0, sizeof dead);
	return game_init(&g, 7, 7.5);
}

static int
teardown(void **state)
{
	(void)state;
	game_free(&g);
	return 0;
}

static bool
is_dead(const char *v)
{
	return dead[tu_pt(&g.board, v)] != 0;
}

/* Black owns columns A-D and E is Black's wall, White has F-J. */
static const char *const walls =
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n"
    "....XO...\n";

static void
test_area_simple(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, walls), 0);
	score_area(&g.board, NULL, 7.5, &sc);
	assert_true(sc.black == 45);
	assert_true(sc.white == 36);
	assert_true(sc.margin == 1.5);
	assert_int_equal(sc.owner[tu_pt(&g.board, "A1")], OWN_BLACK);
	assert_int_equal(sc.owner[tu_pt(&g.board, "J9")], OWN_WHITE);
}

/* Empty points touching both colours count half to each side. */
static void
test_dame_halves(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"
	    "...X.O...\n"), 0);
	score_area(&g.board, NULL, 0, &sc);
	assert_true(sc.black == 36 + 4.5);
	assert_true(sc.white == 36 + 4.5);
	assert_int_equal(sc.owner[tu_pt(&g.board, "E5")], OWN_SHARED);
	/* Komi 0 and equal counts: a draw, written 0. */
	assert_true(sc.margin == 0);
	char buf[64];
	assert_string_equal(score_result_sgf(sc.margin, buf, sizeof buf), "0");
	assert_string_equal(score_result_stones(sc.margin, "en", false, buf, sizeof buf), "Draw");
	assert_string_equal(score_result_stones(sc.margin, "zh_CN.UTF-8", false, buf, sizeof buf), "和棋");
}

static void
test_dead_stones_counted_for_the_other_side(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, walls), 0);
	assert_int_equal(game_setup(&g, tu_pt(&g.board, "B2"), WHITE), 0);
	score_area(&g.board, NULL, 7.5, &sc);
	/* Without marking, B2's region touches both colours. */
	assert_int_equal(sc.owner[tu_pt(&g.board, "A1")], OWN_SHARED);
	score_toggle_group(&g.board, dead, tu_pt(&g.board, "B2"));
	assert_true(is_dead("B2"));
	score_area(&g.board, dead, 7.5, &sc);
	assert_true(sc.black == 45);
	assert_int_equal(sc.owner[tu_pt(&g.board, "B2")], OWN_BLACK);
	score_toggle_group(&g.board, dead, tu_pt(&g.board, "B2"));
	assert_false(is_dead("B2"));
}

static void
test_black_needs(void **state)
{
	(void)state;
	assert_int_equal(score_black_needs(19, 7.5), 185);
	assert_int_equal(score_black_needs(9, 7.5), 45);
	assert_int_equal(score_black_needs(19, 0), 181);
	assert_int_equal(score_black_needs(13, 7.5), 89);
}

static void
test_results(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(score_result_sgf(2.5, buf, sizeof buf), "B+2.5");
	assert_string_equal(score_result_sgf(-0.5, buf, sizeof buf), "W+0.5");
	assert_string_equal(score_result_sgf(-12, buf, sizeof buf), "W+12");
	/* Round margins without an exponent: B+10, not B+1e+01. */
	assert_string_equal(score_result_sgf(10, buf, sizeof buf), "B+10");
	assert_string_equal(score_result_sgf(-20, buf, sizeof buf), "W+20");
	assert_string_equal(score_result_sgf(100, buf, sizeof buf), "B+100");
	assert_string_equal(score_result_sgf(0.125, buf, sizeof buf),
	    "B+0.125");
	/* All the digits of an odd komi, which RE[] reads back exactly. */
	assert_string_equal(score_result_sgf(31.876544, buf, sizeof buf),
	    "B+31.876544");
	/* 185 on 19x19 with komi 7.5: B+1.5, three quarters of a stone. */
	assert_string_equal(score_result_stones(185 - 176 - 7.5, "en", false, buf, sizeof buf),
	    "Black wins by ¾ stone");
	assert_string_equal(score_result_stones(2.5, "en", false, buf, sizeof buf),
	    "Black wins by 1¼ stones");
	assert_string_equal(score_result_stones(2.5, "zh", false, buf, sizeof buf), "黑胜 1¼ 子");
	assert_string_equal(score_result_stones(-7, "zh", false, buf, sizeof buf), "白胜 3½ 子");
	assert_string_equal(score_result_stones(-7, "zh_TW", false, buf, sizeof buf), "白勝 3½ 子");
	assert_string_equal(score_result_stones(2.5, "zh_CN", false, buf, sizeof buf), "黑胜 1¼ 子");
	assert_string_equal(score_result_stones(-20, "en", false, buf, sizeof buf),
	    "White wins by 10 stones");
	/* Komi in stones, for the lobby: negative ones too. */
	assert_string_equal(score_stones_str(3.75, false, buf, sizeof buf), "3¾");
	assert_string_equal(score_stones_str(0.25, false, buf, sizeof buf), "¼");
	assert_string_equal(score_stones_str(0, false, buf, sizeof buf), "0");
	assert_string_equal(score_stones_str(4, false, buf, sizeof buf), "4");
	assert_string_equal(score_stones_str(-0.25, false, buf, sizeof buf), "-¼");
	assert_string_equal(score_stones_str(-1.5, false, buf, sizeof buf), "-1½");
	assert_string_equal(score_stones_str(-2, false, buf, sizeof buf), "-2");
	assert_string_equal(score_stones_str(0.3, false, buf, sizeof buf), "0.3");
	/* In ASCII, for terminals without the fractions. */
	assert_string_equal(score_stones_str(3.75, true, buf, sizeof buf), "3 3/4");
	assert_string_equal(score_stones_str(0.25, true, buf, sizeof buf), "1/4");
	assert_string_equal(score_stones_str(-1.5, true, buf, sizeof buf), "-1 1/2");
	assert_string_equal(score_stones_str(-0.75, true, buf, sizeof buf), "-3/4");
	assert_string_equal(score_stones_str(4, true, buf, sizeof buf), "4");
	assert_string_equal(score_result_stones(2.5, "en", true, buf, sizeof buf),
	    "Black wins by 1 1/4 stones");
	assert_string_equal(score_result_stones(-1.5, "en", true, buf, sizeof buf),
	    "White wins by 3/4 stone");
}

/* Two white stones with no room to live in Black's area die; a black one
 * in White's area too; the walls and the stones that fill the areas live. */
static void
test_estimate_no_eyes(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, TU_DEAD_IN_AREAS), 0);
	ai_dead_stones(&g, dead);
	assert_true(is_dead("B2"));
	assert_true(is_dead("C2"));
	assert_true(is_dead("H7"));
	assert_false(is_dead("E5"));
	assert_false(is_dead("F5"));
	assert_false(is_dead("B3"));
	assert_false(is_dead("H8"));
	score_area(&g.board, dead, 7.5, &sc);
	assert_true(sc.black == 45);
	assert_true(sc.white == 36);
}

/* The same position always gets the same marks, whatever was asked
 * before: the counting screen, the server and GTP agree. */
static void
test_estimate_same_twice(void **state)
{
	uint8_t again[BOARD_MAX_POINTS];

	(void)state;
	assert_int_equal(tu_setup(&g,
	    "..XO.....\n"
	    ".XO..O...\n"
	    "..XOO.X..\n"
	    "XX.XO....\n"
	    "..X.XOO..\n"
	    "...XO..O.\n"
	    ".X.XXO.O.\n"
	    ".OOXO....\n"
	    "..X.XO...\n"), 0);
	ai_dead_stones(&g, dead);
	ai_dead_stones(&g, again);
	assert_memory_equal(dead, again, sizeof again);
	/* Another position in between changes nothing either. */
	{
		struct game other;
		uint8_t scratch[BOARD_MAX_POINTS];

		game_init(&other, 9, 7.5);
		assert_int_equal(tu_setup(&other,
		    "XXXXO....\n"
		    "...XO.O..\n"
		    "XXXXO....\n"
		    "OOOOO....\n"
		    ".........\n"
		    ".........\n"
		    "....X....\n"
		    ".........\n"
		    ".........\n"), 0);
		ai_dead_stones(&other, scratch);
		game_free(&other);
	}
	ai_dead_stones(&g, again);
	assert_memory_equal(dead, again, sizeof again);
}

/* A black group with two eyes in White's corner lives. */
static void
test_estimate_two_eyes(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "....XOX.X\n"
	    "....XOXXX\n"
	    "....XOX.X\n"
	    "....XOXXX\n"
	    "....XOOOO\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"), 0);
	ai_dead_stones(&g, dead);
	assert_false(is_dead("G9"));
	assert_false(is_dead("J6"));
	assert_false(is_dead("F9"));
	assert_false(is_dead("E9"));
	for (int p = 0; p < g.board.npoints; p++)
		assert_int_equal(dead[p], 0);
}

/* One big eye (eight points) lives; a two-point eye in the same place is
 * only one eye: that black group dies. */
static void
test_estimate_big_eye(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "....XOX..\n"
	    "....XOX..\n"
	    "....XOX..\n"
	    "....XOX..\n"
	    "....XOXXX\n"
	    "....XOOOO\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"), 0);
	ai_dead_stones(&g, dead);
	assert_false(is_dead("G9"));
	assert_false(is_dead("J5"));
	game_free(&g);
	game_init(&g, 9, 7.5);
	assert_int_equal(tu_setup(&g,
	    "....XOX..\n"
	    "....XOXXX\n"
	    "....XOOOO\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"
	    "....XO...\n"), 0);
	ai_dead_stones(&g, dead);
	assert_true(is_dead("G9"));
	assert_true(is_dead("J8"));
	assert_false(is_dead("F9"));
	assert_false(is_dead("E9"));
}

/* Seki in the corner: the inner black string B7 C7 C6 C5 and the inner
 * white string A6 A5 B5 share the liberties A7 and B6 and nothing else; both
 * live, and the two shared points count half to each side. */
static void
test_estimate_seki(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".XXO.O.\n"
	    "O.XOOOO\n"
	    "OOXOXXX\n"
	    "XXOOX.X\n"
	    ".XOXXXX\n"
	    "XXOX.X.\n"
	    ".XOXXXX\n"), 0);
	ai_dead_stones(&g, dead);
	for (int p = 0; p < g.board.npoints; p++)
		if (dead[p])
			fail_msg("stone at point %d marked dead in seki", p);
	score_area(&g.board, dead, 7.5, &sc);
	assert_int_equal(sc.owner[tu_pt(&g.board, "A7")], OWN_SHARED);
	assert_int_equal(sc.owner[tu_pt(&g.board, "B6")], OWN_SHARED);
	assert_true(sc.black == 31);
	assert_true(sc.white == 18);
}

/* Seki on the edge, from a game against GNU Go: White's string from E1 to
 * H4 and Black's G1 H1 J1 share the liberties F1 and J2 and have no other;
 * whoever fills one is taken, so both live (the playouts, where a
 * self-atari that leaves a bigger group in atari is played as a nakade,
 * took Black's three for dead).  White's D4 D3, in atari inside Black's
 * wall, and H8 die. */
static void
test_estimate_seki_edge(void **state)
{
	static const char *const alive[] = { "G1", "H1", "J1", "E1", "F2",
	    "H4", "J3" };

	(void)state;
	assert_int_equal(tu_setup(&g,
	    "...OOOX..\n"
	    ".OOOXXXOX\n"
	    "...OX..X.\n"
	    "..OOX.X.X\n"
	    ".OOXXXXXX\n"
	    "OOXO..XOX\n"
	    "OXXOXXXOO\n"
	    "X.XXOOOO.\n"
	    ".XXOO.XXX\n"), 0);
	ai_dead_stones(&g, dead);
	for (size_t i = 0; i < sizeof alive / sizeof alive[0]; i++)
		if (is_dead(alive[i]))
			fail_msg("%s marked dead in seki", alive[i]);
	assert_true(is_dead("D4"));
	assert_true(is_dead("D3"));
	assert_true(is_dead("H8"));
	score_area(&g.board, dead, 7.5, &sc);
	assert_int_equal(sc.owner[tu_pt(&g.board, "F1")], OWN_SHARED);
	assert_int_equal(sc.owner[tu_pt(&g.board, "J2")], OWN_SHARED);
}

/* No seki where filling a shared liberty gains the filler something, from
 * a game of GNU Go's records: White's A8 B8 and Black's B9 C9 C8 C7 share
 * A9 and B7 and have no other liberties, but Black's B7 joins A7 and B6,
 * and White's pair dies. */
static void
test_estimate_not_seki(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".XXO...X.\n"
	    "OOXO.....\n"
	    "X.XO.X.O.\n"
	    ".XO.O.X..\n"
	    "XXO...OOO\n"
	    "XO..O.OXX\n"
	    "XO..OOX.X\n"
	    "XOOO.OXX.\n"
	    "XXXOOXX..\n"), 0);
	ai_dead_stones(&g, dead);
	assert_true(is_dead("A8"));
	assert_true(is_dead("B8"));
	assert_false(is_dead("C8"));
	assert_false(is_dead("B9"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_area_simple, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_dame_halves, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_dead_stones_counted_for_the_other_side, setup_9, teardown),
		cmocka_unit_test(test_black_needs),
		cmocka_unit_test(test_results),
		cmocka_unit_test_setup_teardown(test_estimate_no_eyes, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_two_eyes, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_big_eye, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_seki, setup_7, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_seki_edge, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_not_seki, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_estimate_same_twice, setup_9, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
