/*
 * clock.c: the arithmetic of time controls.
 *
 * clock_remaining() is the one question; clock_charge() moves the state on.
 * Main time is spent first; overtime begins when it is gone, and the time
 * left over in main time at that moment does not carry into a period.
 * Time runs out when it reaches zero: a move that takes all of
 * clock_remaining() loses, in every kind of clock.
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

#define CLOCK_INF 1e18

void
clock_start(const struct clock_rules *r, struct clock_state *s)
{
	memset(s, 0, sizeof *s);
	s->main_left = r->main_time;
	s->period_left = r->period;
	s->periods_left = r->periods;
	s->stones_left = r->stones;
	s->in_overtime = r->kind != CLOCK_NONE && r->main_time <= 0 &&
	    (r->kind == CLOCK_BYOYOMI || r->kind == CLOCK_CANADIAN);
}

static double
clock_overtime_left(const struct clock_rules *r, const struct clock_state *s)
{
	switch (r->kind) {
	case CLOCK_BYOYOMI:
		/* What is left of the current period (less than a whole
		 * one when a controller's time_left says so) plus the
		 * untouched ones after it. */
		if (r->periods == 0)
			return r->period;
		return s->periods_left > 0 ?
		    r->period * (s->periods_left - 1) + s->period_left : 0;
	case CLOCK_CANADIAN:
		return s->period_left;
	default:
		return 0;
	}
}

double
clock_remaining(const struct clock_rules *r, const struct clock_state *s)
{
	double left;

	if (r->kind == CLOCK_NONE)
		return CLOCK_INF;
	if (s->flagged)
		return 0;
	if (s->in_overtime)
		return clock_overtime_left(r, s);
	left = s->main_left + clock_overtime_left(r, s);
	if (r->kind == CLOCK_BYOYOMI && r->periods == 0)
		left = s->main_left + r->period;
	if (r->move_limit > 0) {
		/* While main time lasts a move may not take longer than the
		 * limit; once main time runs out during the move, the move
		 * limit of overtime applies from then on. */
		if (r->move_limit < s->main_left)
			left = r->move_limit;
	}
	return left;
}

int
clock_charge(const struct clock_rules *r, struct clock_state *s, double elapsed)
{
	double t = elapsed;

	if (r->kind == CLOCK_NONE || s->flagged)
		return s->flagged ? -1 : 0;
	if (elapsed >= clock_remaining(r, s)) {
		s->flagged = true;
		return -1;
	}
	if (!s->in_overtime) {
		if (t < s->main_left) {
			s->main_left -= t;
			if (r->kind == CLOCK_FISCHER)
				s->main_left += r->increment;
			return 0;
		}
		t -= s->main_left;
		s->main_left = 0;
		if (r->kind == CLOCK_ABSOLUTE || r->kind == CLOCK_FISCHER) {
			s->flagged = true;
			return -1;
		}
		s->in_overtime = true;
		s->period_left = r->period;
		s->stones_left = r->stones;
	}
	switch (r->kind) {
	case CLOCK_BYOYOMI:
		/* The periods used up by this move are lost: the rest of
		 * the current one, then whole ones (counted at once: a long
		 * move on a tiny period is no long loop). */
		if (r->period > 0 && r->periods > 0 && t >= s->period_left) {
			double lost = 1 + floor((t - s->period_left) / r->period);

			if (lost >= s->periods_left) {
				s->flagged = true;
				return -1;
			}
			s->periods_left -= (int)lost;
		}
		s->period_left = r->period;
		return 0;
	case CLOCK_CANADIAN:
		s->period_left -= t;
		if (s->period_left <= 0) {
			s->flagged = true;
			return -1;
		}
		if (--s->stones_left <= 0) {
			s->period_left = r->period;
			s->stones_left = r->stones;
		}
		return 0;
	default:
		return 0;
	}
}

int
clock_parse(const char *text, struct clock_rules *r)
{
	char kind[16];
	double v[4];
	int n = 0, used;
	const char *p = text;

	memset(r, 0, sizeof *r);
	if (sscanf(p, " %15s%n", kind, &used) != 1)
		return -1;
	p += used;
	for (;;) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		if (n == 4)
			return -1;
		v[n] = strtod(p, &end);
		if (end == p || !isfinite(v[n]) || v[n] < 0 ||
		    (*end && *end != ' ' && *end != '\t'))
			return -1;
		n++;
		p = end;
	}
	if (strcmp(kind, "none") == 0 && n == 0) {
		r->kind = CLOCK_NONE;
	} else if (strcmp(kind, "absolute") == 0 && n == 1) {
		r->kind = CLOCK_ABSOLUTE;
		r->main_time = v[0];
	} else if (strcmp(kind, "byoyomi") == 0 && n == 3 && v[2] <= INT_MAX &&
	    v[2] == (int)v[2]) {
		r->kind = CLOCK_BYOYOMI;
		r->main_time = v[0];
		r->period = v[1];
		r->periods = (int)v[2];
	} else if (strcmp(kind, "canadian") == 0 && n == 3 && v[2] >= 1 &&
	    v[2] <= INT_MAX && v[2] == (int)v[2]) {
		r->kind = CLOCK_CANADIAN;
		r->main_time = v[0];
		r->period = v[1];
		r->stones = (int)v[2];
	} else if (strcmp(kind, "fischer") == 0 && n == 2) {
		r->kind = CLOCK_FISCHER;
		r->main_time = v[0];
		r->increment = v[1];
	} else {
		return -1;
	}
	return 0;
}
