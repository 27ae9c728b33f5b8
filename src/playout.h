/*
 * playout.h: play a position out to the end with random moves.
 *
 * The light policy is uniform among legal moves that do not fill one's own
 * eye; the safe policy also refuses self-atari of groups of two or more stones,
 * so that seki survives the playout; the heavy policy refuses most of them
 * (playout_refuses_selfatari) and first answers the last move locally
 * (capture it, save a group it put in atari when running works, catch it in
 * a ladder, the vital point of an eye space, good 3x3 shape next to it), as
 * MoGo's and Pachi's playouts do.  Playouts are the raw
 * material of the benchmark, of dead-stone estimation and of the AI's
 * search.
 */
#ifndef TENGEN_PLAYOUT_H
#define TENGEN_PLAYOUT_H

#include "board.h"
#include "util.h"

enum playout_policy {
	PLAYOUT_LIGHT = 0,	/* uniform, no eye filling */
	PLAYOUT_SAFE = 1,	/* and no self-atari of groups */
	PLAYOUT_HEAVY = 2	/* and local replies first: capture, escape, 3x3 shapes */
};

/* Play B out from the side to move (b->to_move) until two passes or
 * MAX_MOVES moves.  Returns the number of moves played. */
int playout_run(struct board *b, struct rng *r, enum playout_policy policy,
		int max_moves);

/* The same, writing the moves played (passes included) into MOVES, at most
 * CAP of them; the count is the return value, even past CAP. */
int playout_run_moves(struct board *b, struct rng *r, enum playout_policy policy,
		      int max_moves, point_t *moves, int cap);

/* Owner of every point once a playout has ended: its stone's colour, or for
 * an empty point the colour of all its neighbours (EMPTY if mixed). */
void playout_owners(const struct board *b, uint8_t *owner);

/* Area score of a finished playout, Black minus White minus KOMI. */
double playout_score(const struct board *b, double komi);

/* The first MAX distinct liberties of the group at G, into LIBS; how many
 * were found. */
int playout_group_libs(const struct board *b, point_t g, point_t *libs, int max);

/* Liberties, counting at most MAX (up to 8), that the group of C at P would
 * have after C plays there (captures give the captured points next to it). */
int playout_libs_after(const struct board *b, enum color c, point_t p, int max);

/* The group at G has two liberties and the opponent is to move: if a ladder
 * (ataris answered by extending, read to DEPTH steps) captures it, the
 * opponent's first atari, else 0. */
point_t playout_ladder(const struct board *b, point_t g, int depth);

/* Would C at P leave a group of at least two stones with one liberty? */
bool playout_is_selfatari(const struct board *b, enum color c, point_t p);

/* Does POLICY refuse C at P as a random move because it is such a
 * self-atari?  The light policy never does, the safe one always; the heavy
 * one lets it through when it also leaves a bigger enemy group next to it in
 * atari (the nakade, the squeeze), and otherwise two times in five, drawn
 * from R. */
bool playout_refuses_selfatari(const struct board *b, struct rng *r,
			       enum playout_policy policy, enum color c,
			       point_t p);

#endif
