/*
 * pattern.h: 3x3 shape patterns around a candidate move.
 *
 * The eight neighbours of a point (two bits each: empty, black, white, off
 * the board) make a 16-bit code; one table lookup tells whether the shape is
 * one of the classic good local replies (hane, cut, edge block and so on, as
 * listed in the MoGo papers), for either colour.  The table is built once,
 * from patterns written as text and expanded over the eight symmetries of
 * the square and the exchange of colours.
 */
#ifndef TENGEN_PATTERN_H
#define TENGEN_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

void pattern_init(void);

/* The 16-bit neighbourhood code of P. */
static inline uint16_t
pattern_code(const struct board *b, point_t p)
{
	int s = b->stride;
	const uint8_t *c = b->color;

	return (uint16_t)(c[p - s - 1] | c[p - s] << 2 | c[p - s + 1] << 4 |
	    c[p - 1] << 6 | c[p + 1] << 8 | c[p + s - 1] << 10 |
	    c[p + s] << 12 | c[p + s + 1] << 14);
}

extern uint8_t pattern_table[65536];

/* Does a good shape pattern match at the empty point P? */
static inline bool
pattern_match(const struct board *b, point_t p)
{
	return pattern_table[pattern_code(b, p)] != 0;
}

#endif
