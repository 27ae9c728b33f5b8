/*
 * match.h: `tengen --match`: tengen's AI against any GTP engine.
 */
#ifndef TENGEN_MATCH_H
#define TENGEN_MATCH_H

#include "ai.h"

struct match_options {
	const char *engine;	/* shell command of the opponent */
	int games;
	int size;
	double komi;
	const char *sgf_dir;	/* where each game is written; NULL: none */
	bool resume;		/* count the games already in sgf_dir, go on */
	struct ai_options ai;
};

/* Play the match, printing a line per game and the win rate with its 95%
 * confidence interval to stdout.  Returns the exit status.  A match never
 * writes over a game: with games already in sgf_dir it refuses to start,
 * unless resume is set; then those games count as played (each must be of
 * this match: board, komi, engine and tengen's colour) and the match goes
 * on from the next one. */
int match_run(const struct match_options *mo);

/* Wilson score interval for W wins in N games at 95%. */
void match_interval(double wins, int n, double *lo, double *hi);

#endif
