/*
 * shape.h: learned 3x3 shapes around a candidate move, for the search's
 * prior.
 *
 * The shape of a point is its eight neighbours seen from the player to move
 * (two bits each: empty, own stone, the opponent's, off the board) and, for
 * the four direct neighbours, whether the string there is in atari: a
 * 20-bit code.  The eight symmetries of the square give the same shape, so
 * the weights are kept for the smallest code of the eight (the canonical
 * code).  A shape's weight is how much more (or less) often than an average
 * legal move a good player was seen to play there, in half bits: +2 is
 * twice as often, -4 a quarter as often.  The weights come from
 * src/shape-data.c, written by the shape-learn tool from game records.
 */
#ifndef TENGEN_SHAPE_H
#define TENGEN_SHAPE_H

#include <stdint.h>

#include "board.h"

#define SHAPE_BITS 20
#define SHAPE_WEIGHT_MAX 8

struct shape_entry {
	uint32_t code;		/* canonical, ascending */
	int8_t weight;
};

extern const struct shape_entry shape_data[];
extern const int shape_data_count;

void shape_init(void);

/* The shape code of the empty point P, seen by C. */
uint32_t shape_code(const struct board *b, enum color c, point_t p);
/* CODE under symmetry K (0..7), and the canonical code of CODE. */
uint32_t shape_transform(uint32_t code, int k);
uint32_t shape_canonical(uint32_t code);

extern int8_t shape_table[1 << SHAPE_BITS];

/* The weight of the shape at P for C (0 if never seen often enough). */
static inline int
shape_weight(const struct board *b, enum color c, point_t p)
{
	return shape_table[shape_code(b, c, p)];
}

#endif
