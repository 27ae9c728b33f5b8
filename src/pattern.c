/*
 * pattern.c: building the 3x3 pattern table.
 *
 * Each pattern is three rows of three characters around the move (the
 * centre, always empty):  X  a stone of one colour,  O  of the other,
 * .  empty,  #  off the board,  x  not X (O or empty),  o  not O,
 * ?  anything.  A pattern and its colour-swapped twin are both good shape,
 * so the table does not depend on who is to play.
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "pattern.h"

uint8_t pattern_table[65536];
static pthread_once_t pattern_once = PTHREAD_ONCE_INIT;

static const char *const pattern_source[] = {
	"XOX" "..." "???",	/* hane, enclosing */
	"XO." "..." "?.?",	/* hane, not cutting */
	"XO?" "X.." "x.?",	/* hane, magari */
	".O." "X.." "...",	/* diagonal attachment */
	"XO?" "O.o" "?o?",	/* cut, unprotected */
	"XO?" "O.X" "???",	/* cut, peeped */
	"?X?" "O.O" "ooo",	/* cut, de */
	"OX?" "o.O" "???",	/* cut, keima */
	"X.?" "O.?" "##?",	/* edge: chase */
	"OX?" "X.O" "###",	/* edge: block side cut */
	"?X?" "x.O" "###",	/* edge: block side connection */
	"?XO" "x.x" "###",	/* edge: sagari */
	"?OX" "X.O" "###",	/* edge: cut */
};

/* Cell order of the code: NW N NE W E SW S SE. */
static const int pattern_cell[8] = { 0, 1, 2, 3, 5, 6, 7, 8 };

static bool
pattern_allows(char pc, int v, bool swap)
{
	int x = swap ? WHITE : BLACK, o = swap ? BLACK : WHITE;

	switch (pc) {
	case 'X': return v == x;
	case 'O': return v == o;
	case '.': return v == EMPTY;
	case '#': return v == OFFBOARD;
	case 'x': return v == o || v == EMPTY;
	case 'o': return v == x || v == EMPTY;
	default: return true;
	}
}

/* The 3x3 grid G transformed by symmetry K (0..7). */
static void
pattern_transform(const char *g, int k, char *out)
{
	for (int y = 0; y < 3; y++) {
		for (int x = 0; x < 3; x++) {
			int sx = x, sy = y, t;

			if (k & 1)
				sx = 2 - sx;
			if (k & 2)
				sy = 2 - sy;
			if (k & 4) {
				t = sx;
				sx = sy;
				sy = t;
			}
			out[y * 3 + x] = g[sy * 3 + sx];
		}
	}
}

static void
pattern_fill(const char *g, bool swap, int cell, uint16_t code)
{
	if (cell == 8) {
		pattern_table[code] = 1;
		return;
	}
	for (int v = 0; v < 4; v++)
		if (pattern_allows(g[pattern_cell[cell]], v, swap))
			pattern_fill(g, swap, cell + 1,
			    (uint16_t)(code | v << (2 * cell)));
}

static void
pattern_build(void)
{
	char g[9];

	memset(pattern_table, 0, sizeof pattern_table);
	for (size_t i = 0; i < sizeof pattern_source / sizeof *pattern_source; i++) {
		for (int k = 0; k < 8; k++) {
			pattern_transform(pattern_source[i], k, g);
			pattern_fill(g, false, 0, 0);
			pattern_fill(g, true, 0, 0);
		}
	}
}

void
pattern_init(void)
{
	pthread_once(&pattern_once, pattern_build);
}
