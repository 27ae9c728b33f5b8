/*
 * playout.c: random playouts.
 *
 * A move is drawn uniformly from the free list; candidates that fill one's
 * own eye (or, for the safe policy, self-atari a group) or that are illegal
 * are skipped by scanning on from the drawn index, so one draw always finds a
 * move if there is one.  Simple ko only: superko does not matter for the
 * statistics and would cost a history per playout.
 */
#include "config.h"

#include <string.h>

#include "pattern.h"
#include "playout.h"

static bool
playout_fills_eye(const struct board *b, enum color c, point_t p)
{
	int s = b->stride;

	if (!board_is_eyelike(b, c, p))
		return false;
	/* A point surrounded by its own stones is an eye unless the opponent
	 * holds too many diagonals (then it is a false eye worth filling). */
	int enemy = 0, edge = 0;
	point_t d[4] = { (point_t)(p - s - 1), (point_t)(p - s + 1),
			 (point_t)(p + s - 1), (point_t)(p + s + 1) };
	for (int i = 0; i < 4; i++) {
		uint8_t dc = b->color[d[i]];

		if (dc == OFFBOARD)
			edge = 1;
		else if (dc == color_other(c))
			enemy++;
	}
	return enemy + edge < 2;
}

bool
playout_is_selfatari(const struct board *b, enum color c, point_t p)
{
	point_t lib1 = 0;
	int stones = 1;
	int s = b->stride;
	point_t nb[4] = { (point_t)(p - 1), (point_t)(p + 1), (point_t)(p - s),
			  (point_t)(p + s) };

#define ADD_LIB(q) do { \
		if ((q) != p && (q) != lib1) { \
			if (lib1) \
				return false; \
			lib1 = (q); \
		} \
	} while (0)

	for (int i = 0; i < 4; i++) {
		point_t n = nb[i];
		uint8_t nc = b->color[n];

		if (nc == EMPTY) {
			ADD_LIB(n);
		} else if (nc == color_other(c)) {
			/* Capturing gives the captured point as a liberty. */
			if (board_group_in_atari(b, n)) {
				if (board_group_stones(b, n) > 1)
					return false;
				ADD_LIB(n);
			}
		}
	}
	for (int i = 0; i < 4; i++) {
		point_t n = nb[i];

		if (b->color[n] != c)
			continue;
		point_t g = board_group_of(b, n), st = g;
		stones += b->groups[g].stones;
		do {
			point_t q4[4] = { (point_t)(st - 1), (point_t)(st + 1),
					  (point_t)(st - s), (point_t)(st + s) };
			for (int k = 0; k < 4; k++)
				if (b->color[q4[k]] == EMPTY)
					ADD_LIB(q4[k]);
			st = b->next[st];
		} while (st != g);
	}
#undef ADD_LIB
	/* One liberty (or none: that would be suicide, refused elsewhere). */
	return stones >= 2;
}

static bool
playout_ok(const struct board *b, enum color c, point_t p)
{
	return board_check(b, c, p) == MOVE_OK && !playout_is_selfatari(b, c, p);
}

/* A local answer to the last move, or 0. */
static point_t
playout_heavy_move(const struct board *b, struct rng *r, enum color c)
{
	point_t last = b->last_move, cand[12];
	int n = 0, s = b->stride;

	if (last <= 0)
		return 0;
	/* Take the stone just played if it is in atari. */
	if (b->color[last] == color_other(c) && board_group_in_atari(b, last)) {
		point_t lib = board_group_atari_lib(b, last);

		if (board_check(b, c, lib) == MOVE_OK)
			cand[n++] = lib;
	}
	/* Run away with a group the last move put in atari. */
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(last + b->offs[i]);

		if (b->color[q] == c && board_group_in_atari(b, q)) {
			point_t lib = board_group_atari_lib(b, q);

			if (playout_ok(b, c, lib))
				cand[n++] = lib;
		}
	}
	if (n)
		return cand[rng_below(r, (uint32_t)n)];
	/* Good shape around the last move. */
	static const int dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
	static const int dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
	for (int i = 0; i < 8; i++) {
		point_t q = (point_t)(last + dy[i] * s + dx[i]);

		if (b->color[q] == EMPTY && pattern_match(b, q) && playout_ok(b, c, q))
			cand[n++] = q;
	}
	return n ? cand[rng_below(r, (uint32_t)n)] : 0;
}

int
playout_run(struct board *b, struct rng *r, enum playout_policy policy,
	    int max_moves)
{
	return playout_run_moves(b, r, policy, max_moves, NULL, 0);
}

int
playout_run_moves(struct board *b, struct rng *r, enum playout_policy policy,
		  int max_moves, point_t *moves, int cap)
{
	if (policy == PLAYOUT_HEAVY)
		pattern_init();
	int played = 0, passes = 0;

	while (played < max_moves && passes < 2) {
		enum color c = b->to_move;
		point_t move = BOARD_PASS;
		int n = b->nfree;

		if (policy == PLAYOUT_HEAVY && rng_below(r, 16) != 0) {
			point_t p = playout_heavy_move(b, r, c);

			if (p && board_play(b, c, p) == MOVE_OK) {
				if (played < cap)
					moves[played] = p;
				passes = 0;
				played++;
				continue;
			}
		}
		if (n > 0) {
			int start = (int)rng_below(r, (uint32_t)n);

			for (int k = 0; k < n; k++) {
				int i = start + k;
				point_t p = b->free[i < n ? i : i - n];

				if (playout_fills_eye(b, c, p))
					continue;
				if (policy != PLAYOUT_LIGHT &&
				    playout_is_selfatari(b, c, p))
					continue;
				if (board_play(b, c, p) == MOVE_OK) {
					move = p;
					break;
				}
			}
		}
		if (move == BOARD_PASS) {
			board_play(b, c, BOARD_PASS);
			passes++;
		} else {
			passes = 0;
		}
		if (played < cap)
			moves[played] = move;
		played++;
	}
	return played;
}

void
playout_owners(const struct board *b, uint8_t *owner)
{
	int s = b->stride;

	memset(owner, EMPTY, (size_t)b->npoints);
	for (int p = 0; p < b->npoints; p++) {
		uint8_t c = b->color[p];

		if (c == BLACK || c == WHITE) {
			owner[p] = c;
		} else if (c == EMPTY) {
			int seen = 0;
			point_t nb[4] = { (point_t)(p - 1), (point_t)(p + 1),
					  (point_t)(p - s), (point_t)(p + s) };
			for (int i = 0; i < 4; i++)
				if (b->color[nb[i]] != OFFBOARD)
					seen |= b->color[nb[i]];
			owner[p] = (seen == BLACK || seen == WHITE) ? (uint8_t)seen : EMPTY;
		}
	}
}

double
playout_score(const struct board *b, double komi)
{
	uint8_t owner[BOARD_MAX_POINTS];
	int count[4] = { 0, 0, 0, 0 };

	playout_owners(b, owner);
	for (int p = 0; p < b->npoints; p++)
		if (b->color[p] != OFFBOARD)
			count[owner[p]]++;
	return count[BLACK] - count[WHITE] - komi;
}
