/*
 * score.h: Chinese area counting and results.
 *
 * Area counting: a side's count is its living stones plus the empty points it
 * alone surrounds; an empty region that touches living stones of both colours
 * is shared and counts half to each side (the Chinese rule for dame in seki).
 * Dead stones are removed first, and the points they stood on belong to the
 * region around them.  The margin is Black's count minus White's minus komi;
 * one stone ("子") is two points of margin, so komi 7.5 is 3 3/4 stones.
 */
#ifndef TENGEN_SCORE_H
#define TENGEN_SCORE_H

#include <stddef.h>
#include "board.h"

/* What each point counts for. */
enum score_owner {
	OWN_NONE = 0,		/* nobody: an empty region touching no stone */
	OWN_BLACK = 1,
	OWN_WHITE = 2,
	OWN_SHARED = 3		/* half to each */
};

struct score {
	double black;		/* Black's area (may end in .5) */
	double white;
	double komi;
	double margin;		/* black - white - komi; > 0 Black wins, 0 draw */
	uint8_t owner[BOARD_MAX_POINTS];	/* enum score_owner per point */
};

/* Count B with DEAD[p] != 0 marking dead stones (DEAD may be NULL). */
void score_area(const struct board *b, const uint8_t *dead, double komi,
		struct score *s);

/* Toggle the whole group at P dead or alive (the counting phase). */
void score_toggle_group(const struct board *b, uint8_t *dead, point_t p);

/* Points Black needs to win outright on SIZE with KOMI (185 on 19x19, 7.5). */
int score_black_needs(int size, double komi);

/* Result strings.  MARGIN as in struct score.
 * score_result_sgf: "B+2.5", "W+0.5", "0".
 * score_result_stones: "Black wins by 1¼ stones" / "Draw" (LANG "en"), or
 * "黑胜 1¼ 子" / "和棋" (LANG "zh", "zh_CN"), or "黑勝 1¼ 子" (LANG "zh_TW",
 * "zh_HK").  Both write at most LEN bytes into BUF
 * and return BUF. */
char *score_result_sgf(double margin, char *buf, size_t len);
/* STONES (a multiple of 1/4, else as %g) as a whole number and a vulgar
 * fraction: "3¾", "¼", "-1½"; with ASCII, for terminals that cannot show
 * them, "3 3/4", "1/4", "-1 1/2".  Writes at most LEN bytes into BUF,
 * returns BUF. */
char *score_stones_str(double stones, bool ascii, char *buf, size_t len);
char *score_result_stones(double margin, const char *lang, bool ascii,
			  char *buf, size_t len);

#endif
