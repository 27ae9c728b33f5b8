/*
 * tu.h: helpers shared by the unit tests: set up a position from a diagram;
 * find the collection of real game records.
 *
 * A diagram is rows from the top, one character a point: 'X' black, 'O'
 * white, '.' empty; spaces are ignored.
 */
#ifndef TENGEN_TU_H
#define TENGEN_TU_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"

/* A finished 9x9 game: Black's area is A-E, White's F-J; White's B2 C2
 * and Black's H7 have no room to live, the other stones live. */
#define TU_DEAD_IN_AREAS \
	"....XO...\n" \
	".X..XO.O.\n" \
	"....XO.X.\n" \
	"....XO...\n" \
	"..X.XOO..\n" \
	"....XO...\n" \
	".X..XO.O.\n" \
	".OO.XO...\n" \
	"....XO...\n"

/* The folder of real game records into DIR: TENGEN_SGF_CORPUS (configure
 * sets it, by default to the collection beside the source tree), else
 * $top_srcdir/../shared/sgf/gnugo-3.8/games. */
static inline void
tu_corpus_dir(char *dir, size_t len)
{
	const char *env = getenv("TENGEN_SGF_CORPUS");
	const char *top = getenv("top_srcdir");

	if (env != NULL && env[0] != '\0')
		snprintf(dir, len, "%s", env);
	else
		snprintf(dir, len, "%s/../shared/sgf/gnugo-3.8/games",
		    top != NULL && top[0] != '\0' ? top : ".");
}

static inline point_t
tu_pt(const struct board *b, const char *vertex)
{
	return board_vertex_parse(b, vertex);
}

/* Put the stones of DIAGRAM on G as setup; returns 0 or -1. */
static inline int
tu_setup(struct game *g, const char *diagram)
{
	int x = 0, y = 0;

	for (const char *s = diagram; *s; s++) {
		enum color c;

		if (*s == ' ')
			continue;
		if (*s == '\n') {
			if (x > 0)
				y++;
			x = 0;
			continue;
		}
		c = *s == 'X' ? BLACK : *s == 'O' ? WHITE : EMPTY;
		if (c != EMPTY &&
		    game_setup(g, board_point(&g->board, x, y), c) < 0)
			return -1;
		x++;
	}
	return 0;
}

/* The board as a diagram, for comparisons. */
static inline void
tu_diagram(const struct board *b, char *out)
{
	for (int y = 0; y < b->size; y++) {
		for (int x = 0; x < b->size; x++) {
			enum color c = board_at(b, board_point(b, x, y));
			*out++ = c == BLACK ? 'X' : c == WHITE ? 'O' : '.';
		}
		*out++ = '\n';
	}
	*out = '\0';
}

#endif
