/*
 * score.c: area counting, result strings and dead-stone estimation.
 *
 * Counting is a flood fill of the regions that are not living stones.  The
 * dead-stone estimate plays the position out many times with the safe
 * playout policy (no eye filling, no self-atari of groups) and calls a
 * string dead when, on average over the playouts, its points end up owned
 * by the opponent.  Groups with two eyes cannot be captured in a playout;
 * groups with no eyes are captured; seki survives because neither side may
 * fill a shared liberty (that would be self-atari).  The seed is fixed, so the
 * estimate of a position is always the same.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "playout.h"
#include "score.h"

#define SCORE_PLAYOUTS 400

static bool
score_live(const struct board *b, const uint8_t *dead, point_t p)
{
	return (b->color[p] == BLACK || b->color[p] == WHITE) &&
	    !(dead && dead[p]);
}

void
score_area(const struct board *b, const uint8_t *dead, double komi,
	   struct score *s)
{
	point_t stack[BOARD_MAX_POINTS], region[BOARD_MAX_POINTS];
	uint8_t seen[BOARD_MAX_POINTS];
	int count[4] = { 0, 0, 0, 0 };

	memset(seen, 0, sizeof seen);
	memset(s->owner, OWN_NONE, sizeof s->owner);
	for (int p = 0; p < b->npoints; p++) {
		if (b->color[p] == OFFBOARD || seen[p])
			continue;
		if (score_live(b, dead, (point_t)p)) {
			s->owner[p] = b->color[p];
			count[b->color[p]]++;
			seen[p] = 1;
			continue;
		}
		/* Flood the region of empty points and dead stones. */
		int sp = 0, n = 0, border = 0;
		stack[sp++] = (point_t)p;
		seen[p] = 1;
		while (sp > 0) {
			point_t q = stack[--sp];
			point_t nb[4] = { (point_t)(q - 1), (point_t)(q + 1),
					  (point_t)(q - b->stride),
					  (point_t)(q + b->stride) };
			region[n++] = q;
			for (int i = 0; i < 4; i++) {
				point_t r = nb[i];

				if (b->color[r] == OFFBOARD)
					continue;
				if (score_live(b, dead, r)) {
					border |= b->color[r];
				} else if (!seen[r]) {
					seen[r] = 1;
					stack[sp++] = r;
				}
			}
		}
		for (int i = 0; i < n; i++)
			s->owner[region[i]] = (uint8_t)border;
		count[border] += n;
	}
	s->black = count[OWN_BLACK] + count[OWN_SHARED] / 2.0;
	s->white = count[OWN_WHITE] + count[OWN_SHARED] / 2.0;
	s->komi = komi;
	s->margin = s->black - s->white - komi;
}

void
score_estimate_dead(const struct board *b, uint8_t *dead)
{
	int own[BOARD_MAX_POINTS];
	uint8_t owner[BOARD_MAX_POINTS];
	struct rng r = { 0x5c0e5c0e };
	int max_moves = 3 * b->size * b->size + 50;

	memset(own, 0, sizeof own);
	memset(dead, 0, BOARD_MAX_POINTS);
	for (int i = 0; i < SCORE_PLAYOUTS; i++) {
		struct board copy = *b;

		playout_run(&copy, &r, PLAYOUT_SAFE, max_moves);
		playout_owners(&copy, owner);
		for (int p = 0; p < b->npoints; p++)
			own[p] += owner[p] == BLACK ? 1 : owner[p] == WHITE ? -1 : 0;
	}
	/* Decide per string: the average ownership of its stones. */
	uint8_t done[BOARD_MAX_POINTS];
	memset(done, 0, sizeof done);
	for (int p = 0; p < b->npoints; p++) {
		if ((b->color[p] != BLACK && b->color[p] != WHITE) || done[p])
			continue;
		point_t g = board_group_of(b, (point_t)p), s = g;
		long sum = 0;
		do {
			sum += own[s];
			done[s] = 1;
			s = b->next[s];
		} while (s != g);
		if (b->color[p] == WHITE)
			sum = -sum;
		if (sum < 0) {
			s = g;
			do {
				dead[s] = 1;
				s = b->next[s];
			} while (s != g);
		}
	}
}

void
score_toggle_group(const struct board *b, uint8_t *dead, point_t p)
{
	point_t g, s;
	uint8_t v;

	if (!board_on(b, p) || (b->color[p] != BLACK && b->color[p] != WHITE))
		return;
	g = board_group_of(b, p);
	v = !dead[p];
	s = g;
	do {
		dead[s] = v;
		s = b->next[s];
	} while (s != g);
}

int
score_black_needs(int size, double komi)
{
	/* Smallest whole count c with c - (size*size - c) - komi > 0. */
	double half = (size * size + komi) / 2.0;
	int c = (int)floor(half) + 1;

	return c;
}

char *
score_result_sgf(double margin, char *buf, size_t len)
{
	if (margin == 0)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%c+%g", margin > 0 ? 'B' : 'W', fabs(margin));
	return buf;
}

/* Stones are half points: write N (a multiple of 1/4 when komi is a
 * multiple of 1/2) as a whole number and a vulgar fraction. */
static void
score_format_stones(double stones, char *buf, size_t len)
{
	static const char *const quarters[] = { "", "¼", "½", "¾" };
	double q = stones * 4;
	long whole;
	int frac;

	if (fabs(q - floor(q + 0.5)) > 1e-9) {
		snprintf(buf, len, "%g", stones);
		return;
	}
	whole = (long)floor(q + 0.5) / 4;
	frac = (int)((long)floor(q + 0.5) % 4);
	if (whole == 0 && frac)
		snprintf(buf, len, "%s", quarters[frac]);
	else
		snprintf(buf, len, "%ld%s", whole, quarters[frac]);
}

char *
score_result_stones(double margin, const char *lang, char *buf, size_t len)
{
	bool zh = lang && strncmp(lang, "zh", 2) == 0;
	/* Traditional characters where the language asks for them. */
	bool hant = zh && (strncmp(lang, "zh_TW", 5) == 0 ||
	    strncmp(lang, "zh_HK", 5) == 0 || strncmp(lang, "zh_MO", 5) == 0);
	char n[32];

	if (margin == 0) {
		snprintf(buf, len, "%s", zh ? "和棋" : "Draw");
		return buf;
	}
	score_format_stones(fabs(margin) / 2, n, sizeof n);
	if (zh)
		snprintf(buf, len, "%s%s %s 子", margin > 0 ? "黑" : "白",
		    hant ? "勝" : "胜", n);
	else
		snprintf(buf, len, "%s wins by %s stone%s",
		    margin > 0 ? "Black" : "White", n,
		    fabs(margin) / 2 > 1 ? "s" : "");
	return buf;
}
