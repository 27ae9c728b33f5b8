/*
 * clock.h: time controls as pure functions of elapsed time.
 *
 * A clock is rules (fixed for the game) and a state per player; charging a
 * move's thinking time to the state says whether the player is still in
 * time.  Nothing here reads a clock: the server, the client and the GTP engine
 * all pass in the seconds they measured, so they always agree.
 *
 * Kinds: absolute (main time only); byo-yomi (main time, then PERIODS
 * periods of PERIOD seconds each; a move made within a period does not use
 * it up); Canadian (main time, then STONES moves in every PERIOD seconds);
 * Fischer (main time, INCREMENT added after each move).  Any kind may also
 * limit each move while main time lasts (MOVE_LIMIT), as Chinese game sites
 * do: "total time, per move while main time lasts, per move afterwards" is
 * byo-yomi with unlimited periods and a move limit.
 */
#ifndef TENGEN_CLOCK_H
#define TENGEN_CLOCK_H

#include <stdbool.h>

enum clock_kind {
	CLOCK_NONE = 0,
	CLOCK_ABSOLUTE,
	CLOCK_BYOYOMI,
	CLOCK_CANADIAN,
	CLOCK_FISCHER
};

struct clock_rules {
	enum clock_kind kind;
	double main_time;	/* seconds */
	double period;		/* byo-yomi / Canadian period, seconds */
	int periods;		/* byo-yomi periods; 0 means unlimited */
	int stones;		/* Canadian: moves per period */
	double increment;	/* Fischer */
	double move_limit;	/* > 0: at most this per move while main time lasts */
};

struct clock_state {
	double main_left;
	double period_left;	/* in the current period */
	int periods_left;	/* byo-yomi */
	int stones_left;	/* Canadian: moves still due in this period */
	bool in_overtime;
	bool flagged;		/* lost on time */
};

void clock_start(const struct clock_rules *r, struct clock_state *s);

/* Charge a move that took ELAPSED seconds.  Returns 0, or -1 when the
 * player ran out of time during it (then s->flagged is set). */
int clock_charge(const struct clock_rules *r, struct clock_state *s, double elapsed);

/* How many seconds the player has on the current move: a move that takes
 * them all runs out of time. */
double clock_remaining(const struct clock_rules *r, const struct clock_state *s);

/* Parse "absolute M", "byoyomi M P N", "canadian M P S", "fischer M I",
 * "none"; seconds as numbers.  Returns 0 or -1. */
int clock_parse(const char *text, struct clock_rules *r);

#endif
