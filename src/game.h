/*
 * game.h: a game as people see it.
 *
 * A game is its settings, its setup stones and its list of moves; the board is
 * always the result of replaying them, so undo to any earlier point is a replay
 * and can never disagree with playing forward.  The game also keeps the hash of
 * every position since the setup and applies positional superko: no move may
 * recreate a whole-board position that already occurred.
 *
 * Ownership: struct game is caller-allocated; game_init() gives it its own
 * heap arrays and game_free() releases them.
 */
#ifndef TENGEN_GAME_H
#define TENGEN_GAME_H

#include "board.h"

#define GAME_DEFAULT_KOMI 7.5
/* The largest komi, either way, that the command line, the settings and
 * GTP take (SGF reads up to ten times as much). */
#define GAME_KOMI_MAX 1000

struct game_move {
	enum color color;
	point_t point;		/* a point, BOARD_PASS or BOARD_RESIGN */
};

enum game_end {
	GAME_END_NONE = 0,	/* still being played (or counting) */
	GAME_END_SCORE,		/* counted */
	GAME_END_RESIGN,	/* winner set, the other resigned */
	GAME_END_TIME,		/* winner set, the other lost on time */
	GAME_END_FORFEIT,	/* winner set */
	GAME_END_DRAW,		/* by agreement / jigo without score */
	GAME_END_WIN,		/* winner set, how not said (RE[B+]) */
	GAME_END_VOID,		/* over without a result (RE[Void]) */
	GAME_END_UNKNOWN	/* over, the result not known (RE[?]) */
};

struct game {
	int size;
	double komi;
	int handicap;
	bool superko;			/* positional superko; false: simple ko only */

	struct board initial;		/* after setup / handicap stones */
	struct board board;		/* the current position */
	enum color first;		/* colour to move in the initial position */

	struct game_move *moves;	/* moves[0..nmoves) */
	int nmoves, cmoves;
	uint64_t *hashes;		/* hashes[i]: position before move i; hashes[nmoves]: now */
	int chashes;

	enum game_end end;
	enum color winner;		/* for RESIGN, TIME, FORFEIT */
	double score;			/* for SCORE: Black's margin in points (komi included) */
};

/* Allocate and reset.  Returns 0, or -1 if SIZE is out of range. */
int game_init(struct game *g, int size, double komi);
void game_free(struct game *g);
/* DST becomes a copy of SRC with heap arrays of its own (game_free() it). */
void game_copy(struct game *dst, const struct game *src);
/* Back to an empty board of the same settings (setup and moves dropped). */
void game_reset(struct game *g);

/* Setup (only before the first move): returns -1 if not allowed. */
int game_setup(struct game *g, point_t p, enum color c);
/* Fixed handicap stones as GTP's fixed_handicap places them (2..9, board
 * at least 7x7 and; sizes with no star points return -1). White moves first. */
int game_fixed_handicap(struct game *g, int n, point_t *placed);
/* Fixed handicap points for a size without placing them; returns count or -1. */
int game_handicap_points(int size, int n, point_t *out);
void game_set_to_move(struct game *g, enum color c);

/* Full legality including positional superko. */
enum board_verdict game_check(const struct game *g, enum color c, point_t p);
/* Play (a point or BOARD_PASS); returns MOVE_OK or why not, unchanged then.
 * A move after the end takes the result away. */
enum board_verdict game_play(struct game *g, enum color c, point_t p);
void game_resign(struct game *g, enum color loser);

/* Take back the last N moves (fewer if there are fewer).  Returns how many. */
int game_undo(struct game *g, int n);
/* Back to the position after the first N moves. */
void game_goto(struct game *g, int n);

/* Two passes in a row end play. */
bool game_two_passes(const struct game *g);
enum color game_to_move(const struct game *g);

#endif
