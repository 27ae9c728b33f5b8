/*
 * board.h: a Go position and the rules that change it.
 *
 * The one idea: a board is a plain struct that is copied freely (the AI copies
 * it for every playout) and changed only through board_*() functions.  Points
 * are indexes into arrays with a one-point off-board margin around the playing
 * area, so neighbours are p-1, p+1, p-stride, p+stride with no bounds checks.
 * Groups ("chains") keep pseudo-liberties: the count of (stone, empty
 * neighbour) pairs plus the sum and the sum of squares of those empty points.
 * A group has no liberty when the count is zero, and is in atari exactly when
 * every pseudo-liberty is the same point (count * sum2 == sum * sum).  Every
 * update is O(1) per neighbour, so play() allocates nothing and never loops
 * over a whole group except to merge or capture it.
 *
 * The board knows simple ko only; positional superko needs the game's history
 * of positions and is checked by game.c with board_hash_after().
 */
#ifndef TENGEN_BOARD_H
#define TENGEN_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BOARD_MIN_SIZE 2
#define BOARD_MAX_SIZE 25
/* Largest array: (25 + 2) * (25 + 2) points including the margin. */
#define BOARD_MAX_POINTS ((BOARD_MAX_SIZE + 2) * (BOARD_MAX_SIZE + 2))

/* Move values that are not points. */
#define BOARD_PASS   (-1)
#define BOARD_RESIGN (-2)
#define BOARD_NONE   (-3)

enum color {
	EMPTY = 0,
	BLACK = 1,
	WHITE = 2,
	OFFBOARD = 3
};

static inline enum color
color_other(enum color c)
{
	return (enum color)(3 - c);
}

/* Why a move is not legal. */
enum board_verdict {
	MOVE_OK = 0,
	MOVE_OCCUPIED,
	MOVE_SUICIDE,
	MOVE_KO,	/* the one-stone recapture of a simple ko */
	MOVE_SUPERKO,	/* recreates an earlier whole-board position */
	MOVE_OFFBOARD
};

typedef int16_t point_t;

struct board_group {
	uint16_t stones;	/* number of stones */
	uint16_t nlibs;		/* pseudo-liberties */
	uint32_t libsum;	/* sum of pseudo-liberty points */
	uint32_t libsum2;	/* sum of their squares */
};

struct board {
	int size;
	int stride;		/* size + 2 */
	int npoints;		/* stride * stride */
	int offs[4];		/* neighbour offsets: -1, +1, -stride, +stride */
	uint8_t color[BOARD_MAX_POINTS];
	point_t group[BOARD_MAX_POINTS];	/* root point of the group, 0 if empty */
	point_t next[BOARD_MAX_POINTS];		/* circular list of a group's stones */
	struct board_group groups[BOARD_MAX_POINTS];	/* indexed by root point */

	/* The empty points, for playouts: free[0..nfree), free_at[p] its index. */
	point_t free[BOARD_MAX_POINTS];
	int16_t free_at[BOARD_MAX_POINTS];
	int nfree;

	point_t ko;		/* point forbidden by simple ko, 0 if none */
	enum color ko_color;	/* the colour that may not play at ko */
	point_t last_move;	/* last move: a point, BOARD_PASS or BOARD_NONE */
	point_t last_move2;	/* the move before it */
	enum color to_move;
	int moves;		/* moves played, passes included */
	int captures[3];	/* stones captured by BLACK and by WHITE */
	uint64_t hash;		/* Zobrist hash of the stones */
};

/* Set up an empty board of SIZE (BOARD_MIN_SIZE..BOARD_MAX_SIZE). */
void board_init(struct board *b, int size);

/* Point helpers. x and y are 0-based columns and rows from the top left. */
static inline point_t
board_point(const struct board *b, int x, int y)
{
	return (point_t)((y + 1) * b->stride + x + 1);
}
/* Swap the empty points at I and J of the free list, whose order is
 * free to change (a playout draws from it without putting back). */
static inline void
board_free_swap(struct board *b, int i, int j)
{
	point_t pi = b->free[i], pj = b->free[j];

	b->free[i] = pj;
	b->free_at[pj] = (int16_t)i;
	b->free[j] = pi;
	b->free_at[pi] = (int16_t)j;
}
static inline int board_x(const struct board *b, point_t p) { return p % b->stride - 1; }
static inline int board_y(const struct board *b, point_t p) { return p / b->stride - 1; }
static inline bool
board_on(const struct board *b, point_t p)
{
	return p > 0 && p < b->npoints && b->color[p] != OFFBOARD;
}
static inline enum color board_at(const struct board *b, point_t p) { return (enum color)b->color[p]; }

/* Legality without superko: MOVE_OK, MOVE_OCCUPIED, MOVE_SUICIDE, MOVE_KO. */
enum board_verdict board_check(const struct board *b, enum color c, point_t p);

/* Play C at P (a point or BOARD_PASS).  Returns MOVE_OK, or the verdict of
 * board_check() and leaves the board unchanged. */
enum board_verdict board_play(struct board *b, enum color c, point_t p);

/* Playout helpers.  Eyelike: every neighbour is C or off the board. */
static inline bool
board_is_eyelike(const struct board *b, enum color c, point_t p)
{
	for (int i = 0; i < 4; i++) {
		uint8_t n = b->color[p + b->offs[i]];

		if (n != c && n != OFFBOARD)
			return false;
	}
	return true;
}
bool board_is_true_eye(const struct board *b, enum color c, point_t p);

/* The hash the board would have after C plays a legal, non-pass move at P. */
uint64_t board_hash_after(const struct board *b, enum color c, point_t p);

/* Setup stones (SGF AB/AW/AE, handicap): put C (EMPTY removes) at P, with no
 * captures.  Returns -1 and leaves the board unchanged if that would leave a
 * group without liberties. */
int board_setup(struct board *b, point_t p, enum color c);

/* Group queries. */
static inline point_t board_group_of(const struct board *b, point_t p) { return b->group[p]; }
int board_group_stones(const struct board *b, point_t p);
/* Exact number of distinct liberties of the group at P, counting at most MAX. */
int board_group_libs(const struct board *b, point_t p, int max);
bool board_group_in_atari(const struct board *b, point_t p);
/* The liberty of a group in atari. */
point_t board_group_atari_lib(const struct board *b, point_t p);

/* Distances from P in the common fate graph, where a string of stones is
 * one vertex: DIST[q] = 0 on P's string (or P alone if empty), 1 on the
 * points and strings next to it, and so on up to MAX; BOARD_FAR beyond, on
 * the points off the board, and everywhere when P is not a point of the
 * board (a pass). */
#define BOARD_FAR 255
void board_cfg_distances(const struct board *b, point_t p, int max,
			 uint8_t *dist);

/* Zobrist key of a stone; exported for tests and hashing of setups. */
uint64_t board_zobrist(enum color c, point_t p);

/* Stones on the board of colour C. */
int board_count(const struct board *b, enum color c);

/* Check every invariant (groups, liberties, free list, hash); for tests.
 * Returns NULL when sound, or a static message describing the first fault. */
const char *board_verify(const struct board *b);

/* Names. */
const char *board_verdict_str(enum board_verdict v);
const char *color_name(enum color c);	/* "black", "white" */

/* GTP-style vertex: "D4", "pass".  Columns A-Z without I, row 1 at the
 * bottom.  board_vertex_str writes into BUF (at least 8 bytes) and returns it. */
char *board_vertex_str(const struct board *b, point_t p, char *buf);
/* Parse a vertex; returns the point, BOARD_PASS, or BOARD_NONE if invalid. */
point_t board_vertex_parse(const struct board *b, const char *s);

#endif
