/*
 * test-ai.c: the computer opponent on positions with one right answer.
 *
 * The one idea: a fixed seed and one thread make the search repeatable, so
 * each tactical position (catch a stone in a ladder, save a group in atari,
 * make the second eye, kill by the vital point) is asked once and must be
 * answered right (TENGEN_TEST_SEED=N asks with another seed, to check
 * that an answer is not luck); the budget is small so that the whole file
 * runs in a few seconds.  Then the limits: the levels think in increasing
 * budgets, the beginner is not silly, the tree stays under its memory cap,
 * and every move is legal.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "ai.h"
#include "game.h"
#include "playout.h"
#include "util.h"
#include "tu.h"

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

/* TENGEN_TEST_SEED, else DEF. */
static uint64_t
test_seed(uint64_t def)
{
	const char *s = getenv("TENGEN_TEST_SEED");

	return s ? strtoull(s, NULL, 10) : def;
}

/* The move the AI picks for C on G with N playouts, one thread, SEED. */
static point_t
think_seed(enum color c, long n, uint64_t seed)
{
	struct ai_options o;
	struct ai *ai;
	point_t p;

	ai_options_default(&o);
	o.playouts = n;
	o.threads = 1;
	o.seed = seed;
	o.resign = false;
	ai = ai_new(&o);
	p = ai_genmove(ai, &g, c, NULL);
	ai_free(ai);
	return p;
}

/* The same with seed 7, or TENGEN_TEST_SEED. */
static point_t
think(enum color c, long n)
{
	return think_seed(c, n, test_seed(7));
}

static void
expect_move(point_t p, const char *a, const char *b)
{
	char v[8];

	board_vertex_str(&g.board, p, v);
	if (p != tu_pt(&g.board, a) && (b == NULL || p != tu_pt(&g.board, b)))
		fail_msg("played %s, expected %s%s%s", v, a, b ? " or " : "",
		    b ? b : "");
}

/* True if P is one of the N vertices of LIST. */
static bool
move_in(point_t p, const char *const *list, int n)
{
	for (int i = 0; i < n; i++)
		if (p == tu_pt(&g.board, list[i]))
			return true;
	return false;
}

/* On 7x7, White's two stones C4 and D4 have two liberties below them;
 * either atari starts a ladder that runs to the edge and takes them.  The
 * loose nets E3, D2 and B3 take them too (GNU Go 3.8's "defend C4" answers
 * 0 after each of the five moves, and D3 after E2), and on this small board
 * the search may prefer one of those: any move that catches the stones is
 * right. */
static void
test_ladder_capture(void **state)
{
	static const char *const catch[] = { "C3", "D3", "E3", "D2", "B3" };
	char v[8];
	point_t p;

	(void)state;
	game_free(&g);
	game_init(&g, 7, 9.5);
	assert_int_equal(tu_setup(&g,
	    ".......\n"
	    ".......\n"
	    "..XX...\n"
	    ".XOOX..\n"
	    ".......\n"
	    ".......\n"
	    ".......\n"), 0);
	assert_true(playout_ladder(&g.board, tu_pt(&g.board, "C4"), 40) != 0);
	p = think(BLACK, 3000);
	board_vertex_str(&g.board, p, v);
	if (!move_in(p, catch, 5))
		fail_msg("played %s, which lets C4 D4 escape", v);
}

/* The ladder reader also knows a ladder that a stone breaks. */
static void
test_ladder_breaker(void **state)
{
	struct board b;

	(void)state;
	assert_int_equal(tu_setup(&g,
	    ".........\n"
	    ".........\n"
	    ".........\n"
	    ".........\n"
	    "...X.....\n"
	    "..XO.....\n"
	    "....X....\n"
	    ".........\n"
	    ".........\n"), 0);
	/* Black E4 atari, White D3: the ladder runs towards A1. */
	b = g.board;
	assert_int_equal(board_play(&b, BLACK, tu_pt(&b, "E4")), MOVE_OK);
	assert_int_equal(board_play(&b, WHITE, tu_pt(&b, "D3")), MOVE_OK);
	assert_true(playout_ladder(&b, tu_pt(&b, "D4"), 40) != 0);
	/* A white stone on B2 breaks it. */
	assert_int_equal(board_setup(&b, tu_pt(&b, "B2"), WHITE), 0);
	assert_int_equal(playout_ladder(&b, tu_pt(&b, "D4"), 40), 0);
}

/* The search tries every move now and then, however poor its AMAF value.
 * White's group from A5 to C8 has the liberties A8 and B9, and Black's C9
 * the liberties B9 and D9.  Black's D9 makes C9 safe, and then White can
 * fill neither A8 nor B9 and dies (Black won the game this comes from by
 * 15.5).  D9 is worth nothing played later, as it mostly is in the
 * playouts, so its AMAF value stays low: before the exploration bonus
 * the search did not try it once in 100,000 playouts and gave up the
 * game; with it D9 is found in 20,000. */
static void
test_explore_poor_amaf(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "O.X..X.XX\n"
	    ".OOXXX...\n"
	    "OOXOX....\n"
	    "OXXOOXXX.\n"
	    "OXOOO..XX\n"
	    "XXXXO.O..\n"
	    "XXXXO....\n"
	    ".XXOO.X..\n"
	    "OX.XXO...\n"), 0);
	expect_move(think(BLACK, 20000), "D9", NULL);
}

/* A move that must be played at once, found by its own playouts.  Black's
 * string from F2 to J2 and H1 has the liberties E1, G1 and J1; White's F1
 * has E1 and G1.  White's E1 joins F1 to D1 and leaves Black G1 and J1,
 * one eye; Black's E1 would take F1 and live.  From a game of the match
 * against GNU Go, where Black's search at 5,000 playouts saw 61% after
 * H4 (the last move here) and lost the game to this one move.  E1 wins
 * some 85% of White's playouts, but played at any other time it mostly
 * comes too late, and its AMAF value stays near 32%, below the other
 * moves' 35%.  When a move's own win rate weighed as much as its AMAF
 * value only at 3,000 visits, the search chose E1 with 1 of seeds 1 to
 * 10 at 20,000 playouts; at 300, with 9 of them.  Five seeds are asked
 * here, and four must find it. */
static void
test_amaf_trusted_less(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "..O......\n"
	    "..OX.....\n"
	    ".O..X....\n"
	    ".OXX...X.\n"
	    ".XOX.X...\n"
	    ".OOXX....\n"
	    "O..OXOOOO\n"
	    ".OOOOXXXX\n"
	    "...O.O.X.\n"), 0);
	assert_int_equal(game_play(&g, BLACK, tu_pt(&g.board, "H4")), MOVE_OK);
	uint64_t seed = test_seed(1);
	int found = 0;
	for (int i = 0; i < 5; i++)
		found += think_seed(WHITE, 20000, seed + (uint64_t)i) ==
		    tu_pt(&g.board, "E1");
	if (found < 4)
		fail_msg("E1 with %d of 5 seeds from %llu", found,
		    (unsigned long long)seed);
}

/* A capture that leaves the capturer in atari is no escape.  White's big
 * group from G9 to E7 has two liberties, F9 and J9; Black's H9 is in atari
 * at J9.  After Black's F9 White can take H9, but the group then has H9
 * for its only liberty, and Black takes it all there.  Black must see this
 * at once: before the ladder reader knew it, the search needed about
 * 100,000 playouts to find F9 (taking the capture for an escape), and
 * White, thinking itself far ahead, let it happen. */
static void
test_capture_no_escape(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g,
	    "..X.X.OX.\n"
	    "..X.XXOOO\n"
	    "..XXOOOOX\n"
	    ".XOXXXOXX\n"
	    "..OOXOXXX\n"
	    "..XXOOX.O\n"
	    "..XOO.XO.\n"
	    ".XO.O.OO.\n"
	    ".X.O.....\n"), 0);
	assert_int_equal(playout_ladder(&g.board, tu_pt(&g.board, "G9"), 40),
	    tu_pt(&g.board, "F9"));
	expect_move(think(BLACK, 5000), "F9", NULL);
}

/* Black's two stones on E5 and E4 have one liberty, D5, which joins them
 * to Black's wall; White on D5 would take them and break in.  The rest of
 * the board is settled; the komi (-9.5) makes saving them the game. */
static const char *const atari =
    "...XO....\n"
    "...XO....\n"
    "...XO....\n"
    "...XO....\n"
    "....XO...\n"
    "...OXO...\n"
    "...XO....\n"
    "...XO....\n"
    "...XO....\n";

static void
test_save_atari(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, atari), 0);
	g.komi = -9.5;
	expect_move(think(BLACK, 3000), "D5", NULL);
}

/* A search limited by time alone stops once no move can overtake the
 * most visited one in the time left (D5 on the board of
 * test_save_atari); a budget of playouts is spent whole. */
static void
test_settled_early(void **state)
{
	struct ai_options o;
	struct ai_stats st;
	struct ai *ai;

	(void)state;
	assert_int_equal(tu_setup(&g, atari), 0);
	g.komi = -9.5;
	ai_options_default(&o);
	o.threads = 1;
	o.seed = test_seed(7);
	ai = ai_new(&o);
	ai_set_limits(ai, 0, 3.0);
	expect_move(ai_genmove(ai, &g, BLACK, &st), "D5", NULL);
	assert_true(st.settled);
	ai_set_limits(ai, 2000, 0);
	ai_genmove(ai, &g, BLACK, &st);
	assert_false(st.settled);
	assert_int_equal(st.playouts, 2000);
	ai_free(ai);
}

/* A stop asked before a genmove begins its search (the front end's
 * Esc while the dead stones are estimated) is not lost: the genmove
 * answers at once, with a legal move, and only ai_go() lifts it. */
static void
test_stop_before_search(void **state)
{
	struct ai_options o;
	struct ai_stats st;
	struct ai *ai;
	point_t m;

	(void)state;
	assert_int_equal(tu_setup(&g, atari), 0);
	g.komi = -9.5;
	ai_options_default(&o);
	o.threads = 1;
	o.seed = test_seed(11);
	ai = ai_new(&o);
	ai_set_limits(ai, 2000, 0);
	ai_stop(ai);
	m = ai_genmove(ai, &g, BLACK, &st);
	assert_int_equal(st.playouts, 0);
	assert_int_equal(game_check(&g, BLACK, m), MOVE_OK);
	/* Still stopped: the next question too. */
	ai_genmove(ai, &g, BLACK, &st);
	assert_int_equal(st.playouts, 0);
	ai_go(ai);
	expect_move(ai_genmove(ai, &g, BLACK, &st), "D5", NULL);
	assert_int_equal(st.playouts, 2000);
	ai_free(ai);
}

/* Black's corner group has an eye space of three in a row, A9-C9, inside
 * White's side of a settled board: the middle point makes the second eye,
 * and decides the game. */
static const char *const corner =
    "...XO.O..\n"
    "XXXXOOOX.\n"
    "OOOOOXXX.\n"
    "....OX...\n"
    "....OX...\n"
    "....OX...\n"
    "....OX...\n"
    "....OX...\n"
    "....OX...\n";

static void
test_second_eye(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, corner), 0);
	g.komi = -8.5;
	expect_move(think(BLACK, 3000), "B9", NULL);
}

/* The same with White to move: the vital point kills. */
static void
test_kill_vital_point(void **state)
{
	(void)state;
	assert_int_equal(tu_setup(&g, corner), 0);
	g.komi = -8.5;
	expect_move(think(WHITE, 3000), "B9", NULL);
}

/* The same after two passes, as when a disputed end goes back to play
 * (restricted_genmove to every empty point, so that no pass is offered):
 * the position is still searched, not judged by the priors alone. */
static void
test_search_after_two_passes(void **state)
{
	struct ai_options o;
	struct ai *ai;
	point_t all[BOARD_MAX_POINTS];
	int n = 0;

	(void)state;
	assert_int_equal(tu_setup(&g, corner), 0);
	g.komi = -8.5;
	assert_int_equal(game_play(&g, WHITE, BOARD_PASS), MOVE_OK);
	assert_int_equal(game_play(&g, BLACK, BOARD_PASS), MOVE_OK);
	for (int i = 0; i < g.board.nfree; i++)
		all[n++] = g.board.free[i];
	ai_options_default(&o);
	o.playouts = 3000;
	o.threads = 1;
	o.seed = test_seed(7);
	o.resign = false;
	ai = ai_new(&o);
	ai_set_allowed(ai, all, n);
	expect_move(ai_genmove(ai, &g, WHITE, NULL), "B9", NULL);
	ai_free(ai);
}

/* restricted_genmove: only the allowed points, and no pass or resign. */
static void
test_restricted(void **state)
{
	struct ai_options o;
	struct ai *ai;
	point_t allowed[2];

	(void)state;
	ai_options_default(&o);
	o.playouts = 500;
	o.threads = 1;
	o.seed = 1;
	ai = ai_new(&o);
	allowed[0] = tu_pt(&g.board, "A1");
	allowed[1] = tu_pt(&g.board, "J9");
	ai_set_allowed(ai, allowed, 2);
	point_t p = ai_genmove(ai, &g, BLACK, NULL);
	assert_true(p == allowed[0] || p == allowed[1]);
	ai_set_allowed(ai, NULL, 0);
	p = ai_genmove(ai, &g, BLACK, NULL);
	assert_true(p != allowed[0] && p != allowed[1]);
	ai_free(ai);
}

/* The levels think in increasing budgets, the weakest still answers. */
static void
test_levels(void **state)
{
	long used[3];

	(void)state;
	for (int l = 0; l < 3; l++) {
		struct ai_options o;
		struct ai_stats st;
		struct ai *ai;

		ai_options_default(&o);
		o.level = (enum ai_level)l;
		o.threads = 1;
		o.seed = 3;
		ai = ai_new(&o);
		ai_set_limits(ai, 0, 0);
		point_t p = ai_genmove(ai, &g, BLACK, &st);
		assert_true(p > 0);
		used[l] = st.playouts;
		ai_free(ai);
		if (l == 1)
			break;	/* advanced thinks for seconds: see the budget */
	}
	assert_true(used[0] < used[1]);
	/* Advanced: its seconds alone on 9x9, more playouts than
	 * intermediate on larger boards. */
	assert_int_equal(ai_level_budget(AI_ADVANCED, 9), 0);
	assert_true(ai_level_budget(AI_INTERMEDIATE, 19) <
	    ai_level_budget(AI_ADVANCED, 19));
}

/* The beginner is weak but not silly: no first-line moves while the board
 * is open, and no self-atari of a group of two or more stones. */
static void
test_beginner_not_silly(void **state)
{
	struct ai_options o;
	struct ai *ai;

	(void)state;
	ai_options_default(&o);
	o.level = AI_BEGINNER;
	o.threads = 1;
	o.seed = test_seed(13);
	ai = ai_new(&o);
	for (int i = 0; i < 30 && !game_two_passes(&g); i++) {
		enum color c = game_to_move(&g);
		point_t p = ai_genmove(ai, &g, c, NULL);
		char v[8];

		assert_true(p != BOARD_RESIGN);
		if (p > 0) {
			int x = board_x(&g.board, p), y = board_y(&g.board, p);

			board_vertex_str(&g.board, p, v);
			if (i < 10 && (x == 0 || y == 0 || x == 8 || y == 8))
				fail_msg("move %d: %s on the first line", i + 1, v);
			if (playout_is_selfatari(&g.board, c, p))
				fail_msg("move %d: %s puts a group in atari", i + 1, v);
		}
		assert_int_equal(game_play(&g, c, p), MOVE_OK);
	}
	ai_free(ai);
}

/* A game that cannot be won (komi 100 on 9x9): the computer resigns only
 * once the win rate has stayed low for three of its moves in a row, and
 * never at the beginner level. */
static void
test_resign_when_hopeless(void **state)
{
	struct ai_options o;
	struct ai *ai;
	point_t p;

	(void)state;
	g.komi = 100;
	for (int i = 0; i < 22; i++)
		assert_int_equal(game_play(&g, game_to_move(&g), BOARD_PASS), MOVE_OK);
	ai_options_default(&o);
	o.playouts = 1000;
	o.threads = 1;
	o.seed = test_seed(5);
	ai = ai_new(&o);
	for (int i = 0; i < 2; i++) {
		p = ai_genmove(ai, &g, BLACK, NULL);
		assert_true(p != BOARD_RESIGN);
		assert_int_equal(game_play(&g, BLACK, p), MOVE_OK);
		assert_int_equal(game_play(&g, WHITE, BOARD_PASS), MOVE_OK);
	}
	assert_int_equal(ai_genmove(ai, &g, BLACK, NULL), BOARD_RESIGN);
	ai_free(ai);

	o.level = AI_BEGINNER;
	ai = ai_new(&o);
	for (int i = 0; i < 4; i++) {
		p = ai_genmove(ai, &g, BLACK, NULL);
		assert_true(p != BOARD_RESIGN);
		assert_int_equal(game_play(&g, BLACK, p), MOVE_OK);
		assert_int_equal(game_play(&g, WHITE, BOARD_PASS), MOVE_OK);
	}
	ai_free(ai);
}

/* The end of a game.  White has passed; Black, ahead once the dead white
 * stones B2 C2 are removed, passes at once.  Under kgs-genmove_cleanup it
 * does not pass while those stones are on the board: it takes them, and
 * passes when none are left. */
static void
test_end_and_cleanup(void **state)
{
	struct ai_options o;
	struct ai *ai;
	point_t p = BOARD_NONE;
	int moves = 0;

	(void)state;
	assert_int_equal(tu_setup(&g, TU_DEAD_IN_AREAS), 0);
	assert_int_equal(game_play(&g, WHITE, BOARD_PASS), MOVE_OK);
	ai_options_default(&o);
	o.playouts = 2000;
	o.threads = 1;
	o.seed = test_seed(3);
	ai = ai_new(&o);
	assert_int_equal(ai_genmove(ai, &g, BLACK, NULL), BOARD_PASS);

	ai_set_cleanup(ai, true);
	while (moves < 20) {
		p = ai_genmove(ai, &g, BLACK, NULL);
		if (p == BOARD_PASS)
			break;
		assert_int_equal(game_play(&g, BLACK, p), MOVE_OK);
		assert_int_equal(game_play(&g, WHITE, BOARD_PASS), MOVE_OK);
		moves++;
	}
	assert_int_equal(p, BOARD_PASS);
	assert_true(moves >= 2);	/* two ataris at least */
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "B2")), EMPTY);
	assert_int_equal(board_at(&g.board, tu_pt(&g.board, "C2")), EMPTY);
	ai_free(ai);
}

/* The playouts a genmove for Black makes on the 19x19 board of D4 Q16 Q4
 * and, with PASS, a pass of White's (so that the dead stones are
 * estimated first: Black is behind and searches on), else D16; with a
 * time cap of CAP seconds and no other limit but 100 seconds. */
static long
capped_playouts(bool pass, double cap)
{
	struct ai_options o;
	struct ai_stats st;
	struct ai *ai;

	game_free(&g);
	assert_int_equal(game_init(&g, 19, 7.5), 0);
	assert_int_equal(game_play(&g, BLACK, tu_pt(&g.board, "D4")), MOVE_OK);
	assert_int_equal(game_play(&g, WHITE, tu_pt(&g.board, "Q16")), MOVE_OK);
	assert_int_equal(game_play(&g, BLACK, tu_pt(&g.board, "Q4")), MOVE_OK);
	assert_int_equal(game_play(&g, WHITE,
	    pass ? BOARD_PASS : tu_pt(&g.board, "D16")), MOVE_OK);
	ai_options_default(&o);
	o.threads = 1;
	o.seed = test_seed(5);
	o.resign = false;
	ai = ai_new(&o);
	ai_set_limits(ai, 0, 100);
	ai_set_time_cap(ai, cap);
	assert_int_not_equal(ai_genmove(ai, &g, BLACK, &st), BOARD_PASS);
	ai_free(ai);
	return st.playouts;
}

/* A clock's cap on a move's time holds the estimate of dead stones made
 * before the search: with a cap of half the time the estimate takes (the
 * faster of two, timed here), the search after it has no time left, where
 * a search alone in that time makes hundreds of playouts.  (The cap once
 * counted from the search's start: the move took the estimate's time on
 * top, and could lose on time in byo-yomi.) */
static void
test_cap_holds_dead_stones(void **state)
{
	uint8_t dead[BOARD_MAX_POINTS];
	double est = 1e9;
	long alone, after_pass;

	(void)state;
	capped_playouts(true, 0.01);	/* the position */
	for (int i = 0; i < 2; i++) {
		double t = util_now();

		ai_dead_stones(&g, dead);
		t = util_now() - t;
		if (t < est)
			est = t;
	}
	alone = capped_playouts(false, est / 2);
	after_pass = capped_playouts(true, est / 2);
	print_message("estimate %.3f s; playouts in half of it: %ld alone, "
	    "%ld after the estimate\n", est, alone, after_pass);
	assert_true(alone >= 64);
	assert_true(after_pass * 4 < alone);
}

/* A self-atari that leaves a bigger enemy group in atari is a playout
 * move (the squeeze), judged by the weight of the stones it throws in, a
 * group counted once for every side of the point it touches.  White's big
 * group has two liberties, the point and one more.  In A, Black's three
 * stones touch the point on two sides: weight 7, over a nakade's 4, so the
 * move is refused three times in five; in B, two stones on one side make 3
 * with it, and it is never refused. */
static int
selfatari_refusals(const int (*stones)[3], size_t n, int px, int py)
{
	struct board b;
	point_t p;
	int refused = 0;

	board_init(&b, 9);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(board_setup(&b, board_point(&b, stones[i][0],
		    stones[i][1]), (enum color)stones[i][2]), 0);
	p = board_point(&b, px, py);
	assert_true(playout_is_selfatari(&b, BLACK, p));
	for (uint64_t seed = 1; seed <= 100; seed++) {
		struct rng r = { seed };

		refused += playout_refuses_selfatari(&b, &r, PLAYOUT_HEAVY,
		    BLACK, p);
	}
	return refused;
}

static void
test_selfatari_weight(void **state)
{
	static const int a[][3] = {
		{ 1, 0, BLACK }, { 2, 0, BLACK }, { 2, 1, BLACK },
		{ 0, 0, WHITE },
		{ 1, 2, WHITE }, { 2, 2, WHITE }, { 3, 2, WHITE },
		{ 3, 1, WHITE }, { 3, 0, WHITE },
		{ 0, 2, BLACK }, { 1, 3, BLACK }, { 2, 3, BLACK },
		{ 3, 3, BLACK }, { 4, 2, BLACK }, { 4, 1, BLACK },
	};
	static const int b[][3] = {
		{ 1, 0, BLACK }, { 2, 0, BLACK },
		{ 0, 0, WHITE },
		{ 2, 1, WHITE }, { 1, 2, WHITE }, { 2, 2, WHITE },
		{ 3, 2, WHITE }, { 3, 1, WHITE }, { 3, 0, WHITE },
		{ 0, 2, BLACK }, { 1, 3, BLACK }, { 2, 3, BLACK },
		{ 3, 3, BLACK }, { 4, 2, BLACK }, { 4, 1, BLACK },
	};
	int ra, rb;

	(void)state;
	ra = selfatari_refusals(a, sizeof a / sizeof *a, 1, 1);
	rb = selfatari_refusals(b, sizeof b / sizeof *b, 1, 1);
	/* 60 of 100 expected in A */
	if (ra < 40 || ra > 80)
		fail_msg("A refused %d times in 100", ra);
	assert_int_equal(rb, 0);
}

/* With a handful of playouts the move is one the search tried, not an
 * untried one that the priors gave the most visits to: the first-line
 * moves they condemn get extra visits with no wins (an empty 9x9 board
 * once got A9 from one to thirty playouts). */
static void
test_few_playouts(void **state)
{
	static const long budgets[] = { 1, 3, 10, 30 };

	(void)state;
	for (size_t i = 0; i < sizeof budgets / sizeof *budgets; i++) {
		point_t p = think(BLACK, budgets[i]);
		int x = board_x(&g.board, p), y = board_y(&g.board, p);
		char v[8];

		assert_true(p > 0);
		board_vertex_str(&g.board, p, v);
		if (x < 2 || y < 2 || x > 6 || y > 6)
			fail_msg("%ld playouts: %s on the first or second line",
			    budgets[i], v);
	}
}

/* The random move of a playout is drawn evenly from the points it may
 * take: Black's five eyes along the top edge are refused, and each of the
 * 63 other empty points must come about as often as the rest (drawing
 * again from the point after a refused one gave that point twice its
 * share or more). */
static void
test_playout_even_draw(void **state)
{
	static const char *const eyes =
		".X.X.X.X.\n"
		"XXXXXXXXX\n";
	int count[BOARD_MAX_POINTS] = { 0 }, points = 0, per = 600;

	(void)state;
	assert_int_equal(tu_setup(&g, eyes), 0);
	for (int p = 0; p < g.board.npoints; p++)
		if (g.board.color[p] == EMPTY && !board_is_eyelike(&g.board, BLACK, (point_t)p))
			points++;
	assert_int_equal(points, 63);
	for (int i = 0; i < points * per; i++) {
		struct board b = g.board;
		struct rng r = { (uint64_t)i + 1 };
		point_t m = 0;

		assert_int_equal(playout_run_moves(&b, &r, PLAYOUT_LIGHT, 1, &m, 1), 1);
		assert_true(m > 0);
		count[m]++;
	}
	for (int p = 0; p < g.board.npoints; p++) {
		char v[8];

		if (g.board.color[p] != EMPTY)
			continue;
		board_vertex_str(&g.board, (point_t)p, v);
		if (board_is_eyelike(&g.board, BLACK, (point_t)p)) {
			if (count[p])
				fail_msg("the eye %s was filled %d times", v, count[p]);
		} else if (count[p] < per * 4 / 5 || count[p] > per * 6 / 5) {
			fail_msg("%s drawn %d times, %d expected", v, count[p], per);
		}
	}
}

/* The local answer of the heavy playouts weighs each move once, however
 * many ways lead to it.  White's E4 puts Black's E5 E6 in atari and is in
 * atari itself: taking it at E3 (which is also taking an attacker of the
 * black group) and running out at E7 (three liberties) are the two
 * answers, and must come about equally often (E3 came twice as often when
 * it was counted once for each reason). */
static void
test_playout_answers_once(void **state)
{
	static const char *const pos =
		".........\n"
		".........\n"
		".........\n"
		"...OXO...\n"
		"...OXO...\n"
		"...X.X...\n"
		".........\n"
		".........\n"
		".........\n";
	int e3 = 0, e7 = 0, n = 4000;
	struct board b0;

	(void)state;
	assert_int_equal(tu_setup(&g, pos), 0);
	b0 = g.board;
	assert_int_equal(board_play(&b0, WHITE, tu_pt(&b0, "E4")), MOVE_OK);
	assert_true(board_group_in_atari(&b0, tu_pt(&b0, "E5")));
	assert_true(board_group_in_atari(&b0, tu_pt(&b0, "E4")));
	for (int i = 0; i < n; i++) {
		struct board b = b0;
		struct rng r = { (uint64_t)i + 1 };
		point_t m = 0;

		playout_run_moves(&b, &r, PLAYOUT_HEAVY, 1, &m, 1);
		e3 += m == tu_pt(&b0, "E3");
		e7 += m == tu_pt(&b0, "E7");
	}
	/* 15 in 16 playout moves are local answers: about 1,875 each. */
	if (e3 < 1600 || e7 < 1600 || e3 * 4 > e7 * 5 || e7 * 4 > e3 * 5)
		fail_msg("E3 %d times, E7 %d times in %d", e3, e7, n);
}

/* AMAF counts a move for a node when its colour played it first from the
 * node's move on: in B A, W B, B C, W A (A taken, then played again), B D,
 * the children of the node after three moves see A as White's, those of
 * the root as Black's. */
static void
test_amaf_first(void **state)
{
	point_t m[5] = { 21, 22, 23, 21, 24 };
	uint8_t first[BOARD_MAX_POINTS] = { 0 };

	(void)state;
	ai_amaf_first(m, 4, 5, BLACK, first);
	assert_int_equal(first[24], BLACK);
	assert_int_equal(first[21], EMPTY);
	ai_amaf_first(m, 3, 4, BLACK, first);
	assert_int_equal(first[21], WHITE);
	ai_amaf_first(m, 1, 3, BLACK, first);
	assert_int_equal(first[21], WHITE);
	assert_int_equal(first[22], WHITE);
	assert_int_equal(first[23], BLACK);
	ai_amaf_first(m, 0, 1, BLACK, first);
	assert_int_equal(first[21], BLACK);
	assert_int_equal(first[24], BLACK);
}

/* The RAVE blend stays between the two win rates it blends, even when
 * visits times AMAF visits passes 2^31 (a long search). */
static void
test_rave_value(void **state)
{
	static const int32_t visits[] = { 10, 300, 3000, 46341, 50000, 400000 };

	(void)state;
	for (size_t i = 0; i < sizeof visits / sizeof *visits; i++) {
		for (size_t j = 0; j < sizeof visits / sizeof *visits; j++) {
			int32_t v = visits[i], av = visits[j];
			/* 40% own, 60% AMAF */
			double x = ai_rave_value(v, v * 4 / 5, av, av * 6 / 5);
			long double beta = (long double)av / (av + (long double)v +
			    (long double)v * av / (long double)AI_RAVE_EQUIV);
			double want = (double)((1 - beta) * ((v * 4 / 5) / (2.0L * v)) +
			    beta * ((av * 6 / 5) / (2.0L * av)));

			if (x < 0.4 - 1e-9 || x > 0.6 + 1e-9)
				fail_msg("%d visits, %d AMAF: %f", v, av, x);
			assert_float_equal(x, want, 1e-9);
		}
	}
	assert_float_equal(ai_rave_value(0, 0, 0, 0), 0.5, 0);
	assert_float_equal(ai_rave_value(10, 20, 0, 0), 1.0, 0);
}

/* The tree kept between moves is the one of the moves played: it is
 * reused after the opponent's answer, and left when the moves since do not
 * alternate as the tree's do.  On 4x4 with komi 1.5, a close game in which
 * neither side passes early, a twin search (same seed) finds the principal
 * line P, X, Y of the first search's tree; then Black plays all
 * three, and the nodes of that line hold the wrong colours for X. */
static void
test_reuse_alternation(void **state)
{
	struct ai_options o;
	struct ai_stats st;
	struct ai *ai, *twin;
	struct game h, t;
	point_t p, x, y, q;

	(void)state;
	ai_options_default(&o);
	o.playouts = 20000;
	o.threads = 1;
	o.seed = test_seed(5);
	o.resign = false;
	ai = ai_new(&o);
	twin = ai_new(&o);
	assert_int_equal(game_init(&h, 4, 1.5), 0);
	assert_int_equal(game_init(&t, 4, 1.5), 0);

	p = ai_genmove(twin, &t, BLACK, &st);
	assert_int_equal(st.reused, 0);
	assert_int_equal(game_play(&t, BLACK, p), MOVE_OK);
	x = ai_genmove(twin, &t, WHITE, &st);
	assert_true(st.reused > 0);	/* the answer to P was kept */
	assert_int_equal(game_play(&t, WHITE, x), MOVE_OK);
	y = ai_genmove(twin, &t, BLACK, &st);
	assert_true(st.reused > 0);
	assert_true(x > 0 && y > 0);

	assert_int_equal(ai_genmove(ai, &h, BLACK, &st), p);
	assert_int_equal(game_play(&h, BLACK, p), MOVE_OK);
	assert_int_equal(game_play(&h, BLACK, x), MOVE_OK);
	assert_int_equal(game_play(&h, BLACK, y), MOVE_OK);
	q = ai_genmove(ai, &h, WHITE, &st);
	assert_int_equal(st.reused, 0);
	assert_int_equal(game_check(&h, WHITE, q), MOVE_OK);
	game_free(&h);
	game_free(&t);
	ai_free(twin);
	ai_free(ai);
}

/* A tiny cap and a long think: the tree stays under the cap. */
static void
test_memory_cap(void **state)
{
	struct ai_options o;
	struct ai_stats st;
	struct ai *ai;
	size_t cap = (size_t)256 << 10;

	(void)state;
	ai_options_default(&o);
	o.playouts = 40000;
	o.threads = 2;
	o.seed = 5;
	o.max_memory = cap;
	ai = ai_new(&o);
	for (int i = 0; i < 3; i++) {
		point_t p = ai_genmove(ai, &g, game_to_move(&g), &st);

		assert_true(st.memory <= cap);
		assert_true(st.playouts >= 40000);
		assert_int_equal(game_play(&g, game_to_move(&g), p), MOVE_OK);
	}
	ai_free(ai);
}

/* A whole fast game against itself: every move legal, and it ends. */
static void
test_selfplay_legal(void **state)
{
	struct ai_options o;
	struct ai *ai;

	(void)state;
	ai_options_default(&o);
	o.playouts = 300;
	o.threads = 2;
	o.seed = 11;
	ai = ai_new(&o);
	while (!game_two_passes(&g) && g.nmoves < 200 && g.end == GAME_END_NONE) {
		enum color c = game_to_move(&g);
		point_t p = ai_genmove(ai, &g, c, NULL);

		if (p == BOARD_RESIGN)
			break;
		assert_int_equal(game_play(&g, c, p), MOVE_OK);
	}
	assert_true(g.nmoves < 200);
	ai_free(ai);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfatari_weight),
		cmocka_unit_test(test_rave_value),
		cmocka_unit_test(test_amaf_first),
		cmocka_unit_test_setup_teardown(test_few_playouts, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_playout_even_draw, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_playout_answers_once, setup_9, teardown),
		cmocka_unit_test(test_reuse_alternation),
		cmocka_unit_test_setup_teardown(test_ladder_capture, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_ladder_breaker, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_capture_no_escape, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_explore_poor_amaf, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_amaf_trusted_less, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_save_atari, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_settled_early, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_stop_before_search, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_second_eye, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_kill_vital_point, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_search_after_two_passes, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_restricted, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_levels, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_beginner_not_silly, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_resign_when_hopeless, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_end_and_cleanup, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_cap_holds_dead_stones, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_memory_cap, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_selfplay_legal, setup_9, teardown),
	};

	/* TENGEN_TEST_FILTER=test_ladder* runs only the tests it matches. */
	if (getenv("TENGEN_TEST_FILTER"))
		cmocka_set_test_filter(getenv("TENGEN_TEST_FILTER"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
