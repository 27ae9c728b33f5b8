/*
 * gnugo-util.h: test helpers that hold tengen up against GNU Go.
 *
 * The one idea: a position is compared as a plain array of colours, one byte
 * per point, row by row from the top left, so that it can come from tengen's
 * board, from GNU Go's list_stones, or from the tiny independent rules below
 * (used to check tengen's superko and rejection verdicts without trusting
 * tengen) and be compared with memcmp().
 */
#ifndef TENGEN_TEST_GNUGO_UTIL_H
#define TENGEN_TEST_GNUGO_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "gtp-client.h"

#define GNUGO_MAX_SIZE 19

struct gnugo_pos {
	int size;
	uint8_t c[BOARD_MAX_SIZE * BOARD_MAX_SIZE];	/* enum color */
};

/* $GNUGO, else /usr/games/gnugo if it is there; NULL if neither. */
const char *gnugo_path(void);
/* Start GNU Go in GTP mode with Chinese rules; exits the test on failure. */
struct gtp_client *gnugo_start(const char *path);

/* An empty position of SIZE. */
void gnugo_pos_clear(struct gnugo_pos *pos, int size);
/* tengen's board as a position. */
void gnugo_pos_from_board(struct gnugo_pos *pos, const struct board *b);
/* GNU Go's stones in two halves, so that other commands can be in flight
 * with them: gnugo_pos_ask() sends list_stones black and white,
 * gnugo_pos_read() reads both replies into POS.  Both return 0, or -1 after
 * printing why to stderr. */
int gnugo_pos_ask(struct gtp_client *c);
int gnugo_pos_read(struct gnugo_pos *pos, struct gtp_client *c, int size);
/* Index of the first point where A and B differ, -1 if they agree. */
int gnugo_pos_diff(const struct gnugo_pos *a, const struct gnugo_pos *b);
uint64_t gnugo_pos_hash(const struct gnugo_pos *pos);
/* Print two positions side by side under the titles TA and TB. */
void gnugo_pos_print2(FILE *f, const char *ta, const struct gnugo_pos *a,
		      const char *tb, const struct gnugo_pos *b);

/* Independent rules: C plays at X, Y.  Returns the number of stones
 * captured, or -1 if the point is occupied or -2 if the move is suicide
 * (POS unchanged in both cases). */
int gnugo_pos_play(struct gnugo_pos *pos, enum color c, int x, int y);

/* "D4" for X, Y on SIZE (columns without I, row 1 at the bottom); "pass"
 * for x = -1.  BUF holds at least 8 bytes. */
char *gnugo_vertex(int size, int x, int y, char *buf);

#endif
