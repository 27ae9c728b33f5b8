/*
 * test-ai-gtp.c: the clocks of the GTP engine.
 *
 * The one idea: the time a move may take is arithmetic on the clock the
 * controller announced, so the commands go through a real engine
 * (gtp_engine_execute) and the time is checked against the sum worked out
 * by hand; moves are charged with ai_gtp_charge() as a genmove charges
 * them, without waiting for them.  Then the one real search: a level keeps
 * its budget of playouts under a generous clock.  And the errors of
 * boardsize, which the specification names.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai-gtp.h"

struct fixture {
	struct gtp_engine e;
	struct ai *ai;
	struct ai_gtp ag;
};

static struct fixture *
fixture_new(enum ai_level level)
{
	struct fixture *f = calloc(1, sizeof *f);
	struct ai_options o;

	assert_non_null(f);
	ai_options_default(&o);
	o.level = level;
	o.threads = 1;
	o.seed = 11;
	assert_int_equal(gtp_engine_init(&f->e), 0);
	f->ai = ai_new(&o);
	ai_gtp_init(&f->ag, f->ai, &o);
	assert_int_equal(ai_gtp_register(&f->e, &f->ag), 0);
	return f;
}

static void
fixture_free(struct fixture *f)
{
	gtp_engine_free(&f->e);
	ai_free(f->ai);
	free(f);
}

/* Run LINE; it must succeed. */
static void
gtp_ok(struct fixture *f, const char *line)
{
	char *reply = NULL;

	gtp_engine_execute(&f->e, line, &reply);
	assert_non_null(reply);
	if (reply[0] != '=')
		fail_msg("%s: %s", line, reply);
	free(reply);
}

static double
move_time(struct fixture *f, enum color c)
{
	return ai_gtp_move_time(&f->ag, &f->e.game, c);
}

/* The share of T seconds a move gets after the margin. */
static double
share(double t)
{
	return t * 0.8 - 0.1;
}

/* Absolute time: main time over the moves to go (a third of the 81 empty
 * points), and tengen's own moves count down without any time_left. */
static void
test_absolute_counts_down(void **state)
{
	struct fixture *f = fixture_new(AI_INTERMEDIATE);

	(void)state;
	gtp_ok(f, "boardsize 9");
	assert_true(move_time(f, BLACK) == 0);	/* no clock yet */
	gtp_ok(f, "time_settings 60 0 0");
	assert_float_equal(move_time(f, BLACK), share(60.0 / 27), 1e-9);
	ai_gtp_charge(&f->ag, BLACK, 30);
	assert_float_equal(move_time(f, BLACK), share(30.0 / 27), 1e-9);
	/* White's clock has not moved. */
	assert_float_equal(move_time(f, WHITE), share(60.0 / 27), 1e-9);
	/* The controller's word replaces the count. */
	gtp_ok(f, "time_left b 54 0");
	assert_float_equal(move_time(f, BLACK), share(54.0 / 27), 1e-9);
	/* A new game starts the clocks again. */
	ai_gtp_charge(&f->ag, BLACK, 50);
	gtp_ok(f, "clear_board");
	assert_float_equal(move_time(f, BLACK), share(60.0 / 27), 1e-9);
	ai_gtp_charge(&f->ag, WHITE, 50);
	gtp_ok(f, "boardsize 9");
	assert_float_equal(move_time(f, WHITE), share(60.0 / 27), 1e-9);
	fixture_free(f);
}

/* Byo-yomi as KGS sends it: in overtime, time_left's stones are the
 * periods left, and a move may use the whole period, which a move made
 * within it does not use up. */
static void
test_kgs_byoyomi(void **state)
{
	struct fixture *f = fixture_new(AI_INTERMEDIATE);

	(void)state;
	gtp_ok(f, "boardsize 9");
	gtp_ok(f, "kgs-time_settings byoyomi 60 30 5");
	/* Main time: its share plus a period. */
	assert_float_equal(move_time(f, BLACK), share(60.0 / 27 + 30), 1e-9);
	gtp_ok(f, "time_left b 25 5");
	assert_float_equal(move_time(f, BLACK), share(25), 1e-9);
	ai_gtp_charge(&f->ag, BLACK, 10);
	assert_float_equal(move_time(f, BLACK), share(30), 1e-9);
	/* Main time running out during a move: overtime from then on. */
	gtp_ok(f, "time_left w 5 0");
	ai_gtp_charge(&f->ag, WHITE, 12);
	assert_float_equal(move_time(f, WHITE), share(30), 1e-9);
	fixture_free(f);
}

/* Canadian: the period shared by the stones still due in it. */
static void
test_canadian(void **state)
{
	struct fixture *f = fixture_new(AI_INTERMEDIATE);

	(void)state;
	gtp_ok(f, "boardsize 9");
	gtp_ok(f, "time_settings 0 60 10");
	assert_float_equal(move_time(f, BLACK), share(60.0 / 10), 1e-9);
	ai_gtp_charge(&f->ag, BLACK, 15);
	assert_float_equal(move_time(f, BLACK), share(45.0 / 9), 1e-9);
	gtp_ok(f, "time_left b 12 2");
	assert_float_equal(move_time(f, BLACK), share(12.0 / 2), 1e-9);
	/* kgs-time_settings canadian M P S is the same clock. */
	gtp_ok(f, "kgs-time_settings canadian 0 60 10");
	assert_float_equal(move_time(f, WHITE), share(60.0 / 10), 1e-9);
	fixture_free(f);
}

/* A generous clock does not lift the level's budget: the beginner still
 * thinks 200 playouts. */
static void
test_level_keeps_budget(void **state)
{
	struct fixture *f = fixture_new(AI_BEGINNER);
	char *reply = NULL;

	(void)state;
	gtp_ok(f, "boardsize 9");
	gtp_ok(f, "time_settings 600 0 0");
	gtp_ok(f, "genmove b");
	gtp_engine_execute(&f->e, "tengen-stats", &reply);
	assert_non_null(reply);
	assert_non_null(strstr(reply, "= playouts 200 "));
	free(reply);
	/* The move was charged: Black's clock went down, White's did not. */
	assert_float_equal(f->ag.clock[WHITE].main_left, 600, 1e-9);
	assert_true(f->ag.clock[BLACK].main_left < 600);
	fixture_free(f);
}

/* Any int (GTP's are unsigned, below 2^31) is a board size, if not an
 * acceptable one ("unacceptable size"); anything else is a syntax error. */
static void
test_boardsize_errors(void **state)
{
	struct fixture *f = fixture_new(AI_INTERMEDIATE);
	static const struct {
		const char *line, *reply;
	} cases[] = {
		{ "boardsize -1", "? syntax error\n\n" },
		{ "boardsize 1", "? unacceptable size\n\n" },
		{ "boardsize 0", "? unacceptable size\n\n" },
		{ "boardsize 2147483647", "? unacceptable size\n\n" },
		{ "boardsize 2147483648", "? syntax error\n\n" },
		{ "boardsize 99999999999999999999", "? syntax error\n\n" },
		{ "boardsize -", "? syntax error\n\n" },
		{ "boardsize 9x", "? syntax error\n\n" },
		{ "boardsize 13", "= \n\n" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *reply = NULL;

		gtp_engine_execute(&f->e, cases[i].line, &reply);
		assert_non_null(reply);
		if (strcmp(reply, cases[i].reply) != 0)
			fail_msg("%s: %s", cases[i].line, reply);
		free(reply);
	}
	assert_int_equal(f->e.game.size, 13);
	fixture_free(f);
}

/* A clock command that does not say a whole clock is refused, and the
 * clock stays as it was: fractional stones in time_left, an argument of
 * kgs-time_settings too long to have been meant (once dropped, leaving
 * "byoyomi 60 30 5" to be taken), extra arguments. */
static void
test_clock_errors(void **state)
{
	struct fixture *f = fixture_new(AI_INTERMEDIATE);
	char line[400];
	char *reply = NULL;
	static const char *const bad[] = {
		"time_left b 25 2.5",
		"time_left b 25 -1",
		"time_left b 25",
		"time_settings 60 30 2.5",
		"time_settings 60 30",
		"kgs-time_settings byoyomi 60 30 5 6",
		"kgs-time_settings fischer 60 5",
		"kgs-time_settings",
	};

	(void)state;
	gtp_ok(f, "boardsize 9");
	gtp_ok(f, "kgs-time_settings canadian 0 60 10");
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		gtp_engine_execute(&f->e, bad[i], &reply);
		assert_non_null(reply);
		if (strcmp(reply, "? syntax error\n\n") != 0)
			fail_msg("%s: %s", bad[i], reply);
		free(reply);
		reply = NULL;
	}
	snprintf(line, sizeof line, "kgs-time_settings byoyomi 60 30 5 %0300d", 7);
	gtp_engine_execute(&f->e, line, &reply);
	assert_non_null(reply);
	assert_string_equal(reply, "? syntax error\n\n");
	free(reply);
	/* Still the Canadian clock of before, with its stones due. */
	assert_int_equal(f->ag.rules.kind, CLOCK_CANADIAN);
	assert_int_equal(f->ag.clock[BLACK].stones_left, 10);
	assert_float_equal(move_time(f, BLACK), share(60.0 / 10), 1e-9);
	fixture_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absolute_counts_down),
		cmocka_unit_test(test_kgs_byoyomi),
		cmocka_unit_test(test_canadian),
		cmocka_unit_test(test_level_keeps_budget),
		cmocka_unit_test(test_boardsize_errors),
		cmocka_unit_test(test_clock_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
