/*
 * shape.c: shape codes, their symmetries and the weight table.
 */
#include "config.h"

#include <pthread.h>

#include "shape.h"

int8_t shape_table[1 << SHAPE_BITS];
static pthread_once_t shape_once = PTHREAD_ONCE_INIT;

/* Grid cell (0..8, row by row) of each colour field of the code, NW N NE W
 * E SW S SE, and of each atari bit, N W E S. */
static const int shape_cell[8] = { 0, 1, 2, 3, 5, 6, 7, 8 };
static const int shape_atari_cell[4] = { 1, 3, 5, 7 };
/* The same four among the neighbours of shape_code(). */
static const int shape_atari_n[4] = { 1, 3, 4, 6 };

uint32_t
shape_code(const struct board *b, enum color c, point_t p)
{
	static const uint8_t seen[2][4] = {
		{ 0, 1, 2, 3 },	/* Black to move: own is 1 */
		{ 0, 2, 1, 3 },	/* White to move */
	};
	const uint8_t *v = seen[c == WHITE];
	int s = b->stride;
	const point_t n[8] = {
		p - s - 1, p - s, p - s + 1, p - 1, p + 1, p + s - 1, p + s,
		p + s + 1
	};
	uint32_t code = 0;

	for (int i = 0; i < 8; i++)
		code |= (uint32_t)v[b->color[n[i]]] << (2 * i);
	for (int i = 0; i < 4; i++) {
		point_t q = n[shape_atari_n[i]];
		enum color k = (enum color)b->color[q];

		if ((k == BLACK || k == WHITE) && board_group_in_atari(b, q))
			code |= 1u << (16 + i);
	}
	return code;
}

/* The cell (0..8, rows of three) that CELL goes to under symmetry K:
 * bit 2 swaps x and y, then bit 0 mirrors x and bit 1 mirrors y. */
static int
shape_turn(int cell, int k)
{
	int x = cell % 3, y = cell / 3, t;

	if (k & 4) {
		t = x;
		x = y;
		y = t;
	}
	if (k & 1)
		x = 2 - x;
	if (k & 2)
		y = 2 - y;
	return y * 3 + x;
}

uint32_t
shape_transform(uint32_t code, int k)
{
	int col[9] = { 0 }, atari[9] = { 0 };
	uint32_t out = 0;

	for (int i = 0; i < 8; i++)
		col[shape_cell[i]] = (int)(code >> (2 * i)) & 3;
	for (int i = 0; i < 4; i++)
		atari[shape_atari_cell[i]] = (int)(code >> (16 + i)) & 1;
	/* Cell i of the result is the source's cell that turns into it. */
	for (int i = 0; i < 8; i++)
		out |= (uint32_t)col[shape_turn(shape_cell[i], k)] << (2 * i);
	for (int i = 0; i < 4; i++)
		out |= (uint32_t)atari[shape_turn(shape_atari_cell[i], k)] <<
		    (16 + i);
	return out;
}

uint32_t
shape_canonical(uint32_t code)
{
	uint32_t best = code;

	for (int k = 1; k < 8; k++) {
		uint32_t t = shape_transform(code, k);

		if (t < best)
			best = t;
	}
	return best;
}

static void
shape_build(void)
{
	for (int i = 0; i < shape_data_count; i++)
		for (int k = 0; k < 8; k++)
			shape_table[shape_transform(shape_data[i].code, k)] =
			    shape_data[i].weight;
}

void
shape_init(void)
{
	pthread_once(&shape_once, shape_build);
}
