/*
 * test-clock.c: time controls charged move by move.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "clock.h"

static void
test_absolute(void **state)
{
	struct clock_rules r;
	struct clock_state s;

	(void)state;
	assert_int_equal(clock_parse("absolute 60", &r), 0);
	clock_start(&r, &s);
	assert_true(clock_remaining(&r, &s) == 60);
	assert_int_equal(clock_charge(&r, &s, 59.5), 0);
	assert_true(clock_remaining(&r, &s) == 0.5);
	assert_int_equal(clock_charge(&r, &s, 1), -1);
	assert_true(s.flagged);
	assert_true(clock_remaining(&r, &s) == 0);
}

static void
test_byoyomi(void **state)
{
	struct clock_rules r;
	struct clock_state s;

	(void)state;
	assert_int_equal(clock_parse("byoyomi 10 30 3", &r), 0);
	clock_start(&r, &s);
	assert_true(clock_remaining(&r, &s) == 10 + 90);
	/* Main time runs out during this move: 5 s into the first period. */
	assert_int_equal(clock_charge(&r, &s, 15), 0);
	assert_true(s.in_overtime);
	assert_int_equal(s.periods_left, 3);
	/* A move within a period keeps it. */
	assert_int_equal(clock_charge(&r, &s, 29), 0);
	assert_int_equal(s.periods_left, 3);
	/* A move over one period uses it up. */
	assert_int_equal(clock_charge(&r, &s, 31), 0);
	assert_int_equal(s.periods_left, 2);
	assert_true(clock_remaining(&r, &s) == 60);
	assert_int_equal(clock_charge(&r, &s, 60), -1);
	assert_true(s.flagged);
}

/* A period already partly used (a controller's time_left said 25 s of 30
 * are left in it): what is left counts it as it is, and a move longer than
 * its rest loses it. */
static void
test_byoyomi_period_begun(void **state)
{
	struct clock_rules r;
	struct clock_state s;

	(void)state;
	assert_int_equal(clock_parse("byoyomi 0 30 5", &r), 0);
	clock_start(&r, &s);
	assert_true(s.in_overtime);
	s.period_left = 25;
	assert_true(clock_remaining(&r, &s) == 25 + 4 * 30);
	assert_int_equal(clock_charge(&r, &s, 20), 0);
	assert_int_equal(s.periods_left, 5);
	assert_true(s.period_left == 30);
	s.period_left = 25;
	assert_int_equal(clock_charge(&r, &s, 27), 0);
	assert_int_equal(s.periods_left, 4);
	s.period_left = 25;
	/* The rest of this one and two whole ones: three lost. */
	assert_int_equal(clock_charge(&r, &s, 86), 0);
	assert_int_equal(s.periods_left, 1);
}

/* The game sites' rule: total time, a limit per move while it lasts, and a
 * limit per move afterwards (byo-yomi with unlimited periods). */
static void
test_move_limits(void **state)
{
	struct clock_rules r = { .kind = CLOCK_BYOYOMI, .main_time = 600,
		.period = 30, .periods = 0, .move_limit = 60 };
	struct clock_state s;

	(void)state;
	clock_start(&r, &s);
	assert_true(clock_remaining(&r, &s) == 60);
	assert_int_equal(clock_charge(&r, &s, 59), 0);
	assert_int_equal(clock_charge(&r, &s, 61), -1);
	clock_start(&r, &s);
	for (int i = 0; i < 10; i++)
		assert_int_equal(clock_charge(&r, &s, 59), 0);
	/* 10 s of main time left: this move may use them plus 30 s. */
	assert_true(clock_remaining(&r, &s) == 40);
	assert_int_equal(clock_charge(&r, &s, 35), 0);
	assert_true(s.in_overtime);
	for (int i = 0; i < 100; i++)
		assert_int_equal(clock_charge(&r, &s, 29.9), 0);
	assert_int_equal(clock_charge(&r, &s, 30.1), -1);
}

static void
test_canadian_and_fischer(void **state)
{
	struct clock_rules r;
	struct clock_state s;

	(void)state;
	assert_int_equal(clock_parse("canadian 0 60 5", &r), 0);
	clock_start(&r, &s);
	for (int i = 0; i < 5; i++)
		assert_int_equal(clock_charge(&r, &s, 11), 0);
	/* A new period began: 60 s for the next five moves. */
	assert_true(clock_remaining(&r, &s) == 60);
	for (int i = 0; i < 4; i++)
		assert_int_equal(clock_charge(&r, &s, 14), 0);
	assert_int_equal(clock_charge(&r, &s, 5), -1);

	assert_int_equal(clock_parse("fischer 10 5", &r), 0);
	clock_start(&r, &s);
	assert_int_equal(clock_charge(&r, &s, 8), 0);
	assert_true(clock_remaining(&r, &s) == 7);
	assert_int_equal(clock_charge(&r, &s, 7.5), -1);
}

/* Time runs out when it reaches zero: a move that takes all of
 * clock_remaining() loses, in every kind of clock. */
static void
test_all_the_time(void **state)
{
	static const char *const kinds[] = {
		"absolute 60", "byoyomi 10 30 3", "byoyomi 0 30 0",
		"canadian 0 60 5", "canadian 20 60 5", "fischer 10 5",
	};

	(void)state;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		struct clock_rules r;
		struct clock_state s;
		double left;

		assert_int_equal(clock_parse(kinds[i], &r), 0);
		clock_start(&r, &s);
		left = clock_remaining(&r, &s);
		assert_int_equal(clock_charge(&r, &s, left - 0.25), 0);
		clock_start(&r, &s);
		assert_int_equal(clock_charge(&r, &s, left), -1);
		assert_true(s.flagged);
		assert_true(clock_remaining(&r, &s) == 0);
	}
}

/* Periods lost to a long move are counted at once: a billion tiny
 * periods, and a move that uses most of them. */
static void
test_many_periods(void **state)
{
	struct clock_rules r;
	struct clock_state s;

	(void)state;
	assert_int_equal(clock_parse("byoyomi 0 0.5 2000000000", &r), 0);
	clock_start(&r, &s);
	assert_int_equal(clock_charge(&r, &s, 999999999.75), 0);
	assert_int_equal(s.periods_left, 2000000000 - 1999999999);
	assert_false(s.flagged);
	assert_true(clock_remaining(&r, &s) == 0.5);
	assert_int_equal(clock_charge(&r, &s, 0.5), -1);
}

static void
test_parse_errors(void **state)
{
	struct clock_rules r;

	(void)state;
	assert_int_equal(clock_parse("", &r), -1);
	assert_int_equal(clock_parse("byoyomi 10 30", &r), -1);
	assert_int_equal(clock_parse("absolute -1", &r), -1);
	assert_int_equal(clock_parse("canadian 10 30 0", &r), -1);
	assert_int_equal(clock_parse("sudden 10", &r), -1);
	assert_int_equal(clock_parse("absolute 10 x", &r), -1);
	/* Not numbers, whatever strtod() makes of them. */
	assert_int_equal(clock_parse("byoyomi 0 nan 5", &r), -1);
	assert_int_equal(clock_parse("absolute inf", &r), -1);
	assert_int_equal(clock_parse("canadian 10 -nan 5", &r), -1);
	/* Counts of periods or stones beyond an int. */
	assert_int_equal(clock_parse("byoyomi 0 30 3e9", &r), -1);
	assert_int_equal(clock_parse("canadian 0 30 1e30", &r), -1);
	assert_int_equal(clock_parse("none", &r), 0);
	assert_int_equal(r.kind, CLOCK_NONE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absolute),
		cmocka_unit_test(test_byoyomi),
		cmocka_unit_test(test_byoyomi_period_begun),
		cmocka_unit_test(test_move_limits),
		cmocka_unit_test(test_canadian_and_fischer),
		cmocka_unit_test(test_all_the_time),
		cmocka_unit_test(test_many_periods),
		cmocka_unit_test(test_parse_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
