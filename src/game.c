/*
 * game.c: settings, setup, the move list, superko and undo.
 *
 * The current board is always initial + moves replayed, and hashes[i] is the
 * hash of the position before move i, so positional superko is a scan of that
 * array for the hash the move would make (with the same stones to move or not:
 * positional superko looks at the stones only).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "util.h"

int
game_init(struct game *g, int size, double komi)
{
	if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
		return -1;
	memset(g, 0, sizeof *g);
	g->size = size;
	g->komi = komi;
	g->superko = true;
	g->cmoves = 64;
	g->moves = xcalloc((size_t)g->cmoves, sizeof *g->moves);
	g->chashes = g->cmoves + 1;
	g->hashes = xcalloc((size_t)g->chashes, sizeof *g->hashes);
	game_reset(g);
	return 0;
}

void
game_free(struct game *g)
{
	free(g->moves);
	free(g->hashes);
	g->moves = NULL;
	g->hashes = NULL;
	g->nmoves = g->cmoves = g->chashes = 0;
}

void
game_copy(struct game *dst, const struct game *src)
{
	*dst = *src;
	dst->moves = xcalloc((size_t)src->cmoves, sizeof *dst->moves);
	memcpy(dst->moves, src->moves, (size_t)src->nmoves * sizeof *dst->moves);
	dst->hashes = xcalloc((size_t)src->chashes, sizeof *dst->hashes);
	memcpy(dst->hashes, src->hashes,
	    (size_t)(src->nmoves + 1) * sizeof *dst->hashes);
}

/* The game goes on: no result holds. */
static void
game_clear_result(struct game *g)
{
	g->end = GAME_END_NONE;
	g->winner = EMPTY;
	g->score = 0;
}

void
game_reset(struct game *g)
{
	board_init(&g->initial, g->size);
	g->board = g->initial;
	g->first = BLACK;
	g->handicap = 0;
	g->nmoves = 0;
	g->hashes[0] = g->board.hash;
	game_clear_result(g);
}

int
game_setup(struct game *g, point_t p, enum color c)
{
	if (g->nmoves > 0)
		return -1;
	if (board_setup(&g->initial, p, c) < 0)
		return -1;
	g->board = g->initial;
	g->hashes[0] = g->board.hash;
	return 0;
}

void
game_set_to_move(struct game *g, enum color c)
{
	if (g->nmoves == 0) {
		g->first = c;
		g->initial.to_move = c;
	}
	g->board.to_move = c;
}

enum color
game_to_move(const struct game *g)
{
	return g->board.to_move;
}

/* Star points for fixed handicap, in GTP's order (GTP v2, section 4.1.1). */
int
game_handicap_points(int size, int n, point_t *out)
{
	struct board b;
	int lo, mid, hi, k = 0;
	int xs[9], ys[9];

	if (n < 2 || n > 9 || size < 7 || size > BOARD_MAX_SIZE)
		return -1;
	if (size % 2 == 0 && n > 4)
		return -1;
	if (size == 7 && n > 4)
		return -1;
	lo = size >= 13 ? 3 : 2;
	hi = size - 1 - lo;
	mid = size / 2;
	/* x, y from the top left; "low" rows are near the bottom in GTP. */
#define ADD(X, Y) do { xs[k] = (X); ys[k] = (Y); k++; } while (0)
	ADD(lo, hi);		/* lower left, e.g. D4 */
	ADD(hi, lo);		/* upper right, Q16 */
	if (n >= 3)
		ADD(lo, lo);	/* upper left, D16: the lower right stays
				 * open, as GNU Go leaves it */
	if (n >= 4)
		ADD(hi, hi);	/* lower right, Q4 */
	if (n >= 6) {
		ADD(lo, mid);	/* left edge, D10 */
		ADD(hi, mid);	/* right edge, Q10 */
	}
	if (n >= 8) {
		ADD(mid, hi);	/* bottom, K4 */
		ADD(mid, lo);	/* top, K16 */
	}
	if (n >= 5 && n % 2 == 1)
		ADD(mid, mid);	/* centre, K10, last */
#undef ADD
	board_init(&b, size);
	for (int i = 0; i < k; i++)
		out[i] = board_point(&b, xs[i], ys[i]);
	return k;
}

int
game_fixed_handicap(struct game *g, int n, point_t *placed)
{
	point_t pts[9];
	int k;

	if (g->nmoves > 0 || board_count(&g->initial, BLACK) +
	    board_count(&g->initial, WHITE) > 0)
		return -1;
	k = game_handicap_points(g->size, n, pts);
	if (k < 0)
		return -1;
	for (int i = 0; i < k; i++) {
		game_setup(g, pts[i], BLACK);
		if (placed)
			placed[i] = pts[i];
	}
	g->handicap = k;
	game_set_to_move(g, WHITE);
	return k;
}

enum board_verdict
game_check(const struct game *g, enum color c, point_t p)
{
	enum board_verdict v = board_check(&g->board, c, p);
	uint64_t h;

	if (v != MOVE_OK || p == BOARD_PASS || !g->superko)
		return v;
	h = board_hash_after(&g->board, c, p);
	for (int i = 0; i <= g->nmoves; i++)
		if (g->hashes[i] == h)
			return MOVE_SUPERKO;
	return MOVE_OK;
}

static void
game_grow(struct game *g)
{
	if (g->nmoves + 1 < g->cmoves)
		return;
	g->cmoves *= 2;
	g->moves = xreallocarray(g->moves, (size_t)g->cmoves, sizeof *g->moves);
	g->chashes = g->cmoves + 1;
	g->hashes = xreallocarray(g->hashes, (size_t)g->chashes, sizeof *g->hashes);
}

enum board_verdict
game_play(struct game *g, enum color c, point_t p)
{
	enum board_verdict v = game_check(g, c, p);

	if (v != MOVE_OK)
		return v;
	game_grow(g);
	board_play(&g->board, c, p);
	g->moves[g->nmoves].color = c;
	g->moves[g->nmoves].point = p;
	g->nmoves++;
	g->hashes[g->nmoves] = g->board.hash;
	/* A move after the end (a finished record played on): the result
	 * no longer holds. */
	game_clear_result(g);
	return MOVE_OK;
}

void
game_resign(struct game *g, enum color loser)
{
	g->end = GAME_END_RESIGN;
	g->winner = color_other(loser);
}

void
game_goto(struct game *g, int n)
{
	if (n < 0)
		n = 0;
	if (n > g->nmoves)
		n = g->nmoves;
	g->board = g->initial;
	for (int i = 0; i < n; i++)
		board_play(&g->board, g->moves[i].color, g->moves[i].point);
	g->nmoves = n;
	game_clear_result(g);
}

int
game_undo(struct game *g, int n)
{
	if (n > g->nmoves)
		n = g->nmoves;
	if (n < 0)
		n = 0;
	game_goto(g, g->nmoves - n);
	return n;
}

bool
game_two_passes(const struct game *g)
{
	return g->nmoves >= 2 && g->moves[g->nmoves - 1].point == BOARD_PASS &&
	    g->moves[g->nmoves - 2].point == BOARD_PASS;
}
