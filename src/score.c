/*
 * score.c: area counting and result strings.
 *
 * Counting is a flood fill of the regions that are not living stones; which
 * stones are dead is the caller's to say (ai_dead_stones() proposes it, the
 * players decide).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "score.h"
#include "util.h"

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
	{
		char num[40];

		snprintf(buf, len, "%c+%s", margin > 0 ? 'B' : 'W',
		    util_format_double(fabs(margin), num, sizeof num));
	}
	return buf;
}

char *
score_stones_str(double stones, bool ascii, char *buf, size_t len)
{
	static const char *const quarters[2][4] = {
		{ "", "¼", "½", "¾" }, { "", "1/4", "1/2", "3/4" }
	};
	/* The sign, then the size written as for a positive number. */
	const char *sign = stones < 0 ? "-" : "";
	double q = fabs(stones) * 4;
	long whole;
	int frac;

	if (fabs(q - floor(q + 0.5)) > 1e-9) {
		snprintf(buf, len, "%g", stones);
		return buf;
	}
	whole = (long)floor(q + 0.5) / 4;
	frac = (int)((long)floor(q + 0.5) % 4);
	if (whole == 0 && frac)
		snprintf(buf, len, "%s%s", sign, quarters[ascii][frac]);
	else
		snprintf(buf, len, "%s%ld%s%s", sign, whole,
		    ascii && frac ? " " : "", quarters[ascii][frac]);
	return buf;
}

char *
score_result_stones(double margin, const char *lang, bool ascii, char *buf,
		    size_t len)
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
	score_stones_str(fabs(margin) / 2, ascii, n, sizeof n);
	if (zh)
		snprintf(buf, len, "%s%s %s 子", margin > 0 ? "黑" : "白",
		    hant ? "勝" : "胜", n);
	else
		snprintf(buf, len, "%s wins by %s stone%s",
		    margin > 0 ? "Black" : "White", n,
		    fabs(margin) / 2 > 1 ? "s" : "");
	return buf;
}
