/*
 * playout.c: random playouts.
 *
 * A move is drawn uniformly from the free list; candidates that fill one's
 * own eye (or, for the safe policy, self-atari a group) or that are illegal
 * are put aside and the draw is made again among the others, so that every
 * acceptable point is equally likely and a move is found if there is one.
 * Simple ko only: superko does not matter for the statistics and would
 * cost a history per playout.
 *
 * The heavy policy first looks for a local answer to the last move
 * (playout_heavy_move): tactics read on the spot, with a small ladder reader
 * that copies the board once per atari it tries, and a quick liberty count
 * that spares the copy when running clearly works.  Its random moves may
 * self-atari two to four stones when that also leaves a bigger enemy group
 * in atari (the nakade that kills an eye space, which the safe policy never
 * plays), and other self-ataris of two or more stones two times in five.
 */
#include "config.h"

#include <string.h>

#include "pattern.h"
#include "playout.h"

#define PLAYOUT_LADDER_DEPTH 40
/* Percent of the random self-ataris of two or more stones that are let
 * through all the same (see playout_refuses_selfatari). */
#define PLAYOUT_SELFATARI_LEAK 40

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

/* The stones C at P would leave in atari (the new one included), 0 if the
 * move does not self-atari.  A group is counted once for every side of P
 * it touches: this is the weight playout_selfatari_works() judges a throw-in
 * by, and a group that wraps around P is seldom a nakade to throw in.
 * (Counting it once let more of them through and made the playouts
 * weaker: 157 wins in 180 games against GNU Go at 5,000 playouts, 87.2%,
 * where this count won 279 of 300.) */
static int
playout_selfatari_stones(const struct board *b, enum color c, point_t p)
{
	point_t lib1 = 0;
	int stones = 1;
	int s = b->stride;
	point_t nb[4] = { (point_t)(p - 1), (point_t)(p + 1), (point_t)(p - s),
			  (point_t)(p + s) };

#define ADD_LIB(q) do { \
		if ((q) != p && (q) != lib1) { \
			if (lib1) \
				return 0; \
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
					return 0;
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
	return stones;
}

bool
playout_is_selfatari(const struct board *b, enum color c, point_t p)
{
	return playout_selfatari_stones(b, c, p) >= 2;
}

/* A self-atari of STONES stones by C at P that still works: it also leaves a
 * bigger enemy group next to it with one liberty (the nakade inside an eye
 * space, the squeeze of a capturing race). */
static bool
playout_selfatari_works(const struct board *b, enum color c, point_t p,
			int stones)
{
	point_t libs[3];

	/* More stones than a nakade shape holds: a group thrown away. */
	if (stones > 4)
		return false;
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(p + b->offs[i]);

		if (b->color[q] == color_other(c) &&
		    board_group_stones(b, q) > stones &&
		    playout_group_libs(b, q, libs, 3) == 2)
			return true;
	}
	return false;
}

/* A lone stone in atari is a throw-in now and then, a wasted move mostly.
 * Letting some bigger self-ataris through is what lets the heavy playouts
 * settle the fights that need one: the filling of a shared liberty in a
 * capturing race, the sacrifice that shortens an eye. */
bool
playout_refuses_selfatari(const struct board *b, struct rng *r,
			  enum playout_policy policy, enum color c, point_t p)
{
	int sa;

	if (policy == PLAYOUT_LIGHT)
		return false;
	sa = playout_selfatari_stones(b, c, p);
	if (sa < 2)
		return false;
	if (policy == PLAYOUT_SAFE)
		return true;
	if (playout_selfatari_works(b, c, p, sa))
		return false;
	return rng_below(r, 100) >= PLAYOUT_SELFATARI_LEAK;
}

static bool
playout_ok(const struct board *b, enum color c, point_t p)
{
	return board_check(b, c, p) == MOVE_OK && !playout_is_selfatari(b, c, p);
}

/* Liberties (at most MAX) of the group C would have after playing at P:
 * its empty neighbours, those of the groups it joins, and the points of
 * adjacent enemy groups in atari that the move captures. */
int
playout_libs_after(const struct board *b, enum color c, point_t p, int max)
{
	point_t libs[8];
	int n = 0;

#define LIB_ADD(q) do { \
		int k_; \
		if ((q) == p) \
			break; \
		for (k_ = 0; k_ < n && libs[k_] != (q); k_++) \
			; \
		if (k_ == n) { \
			libs[n++] = (q); \
			if (n >= max) \
				return n; \
		} \
	} while (0)

	if (max > 8)
		max = 8;
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(p + b->offs[i]);
		uint8_t qc = b->color[q];

		if (qc == EMPTY)
			LIB_ADD(q);
		else if (qc == color_other(c) && board_group_in_atari(b, q))
			LIB_ADD(q);
	}
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(p + b->offs[i]);

		if (b->color[q] != c)
			continue;
		point_t g = board_group_of(b, q), st = g;
		do {
			for (int k = 0; k < 4; k++) {
				point_t l = (point_t)(st + b->offs[k]);

				if (b->color[l] == EMPTY)
					LIB_ADD(l);
			}
			st = b->next[st];
		} while (st != g);
	}
#undef LIB_ADD
	return n;
}

int
playout_group_libs(const struct board *b, point_t g, point_t *libs, int max)
{
	point_t st = g;
	int n = 0;

	do {
		for (int k = 0; k < 4 && n < max; k++) {
			point_t l = (point_t)(st + b->offs[k]);
			int j;

			if (b->color[l] != EMPTY)
				continue;
			for (j = 0; j < n && libs[j] != l; j++)
				;
			if (j == n)
				libs[n++] = l;
		}
		st = b->next[st];
	} while (st != g && n < max);
	return n;
}

/* Does taking the group at Q, in atari, give the group at G (in atari too)
 * two liberties or more? */
static bool
playout_capture_frees(const struct board *b, point_t g, point_t q)
{
	enum color def = (enum color)b->color[g];
	point_t lib = board_group_atari_lib(b, q), libs[2];
	struct board nb;

	if (board_check(b, def, lib) != MOVE_OK)
		return false;
	nb = *b;
	board_play(&nb, def, lib);
	return playout_group_libs(&nb, g, libs, 2) >= 2;
}

point_t
playout_ladder(const struct board *b, point_t g, int depth)
{
	enum color def = (enum color)b->color[g], att = color_other(def);
	point_t libs[2], st;

	if (depth <= 0 || (def != BLACK && def != WHITE) ||
	    playout_group_libs(b, g, libs, 2) != 2)
		return 0;
	for (int i = 0; i < 2; i++) {
		struct board nb;
		point_t e;

		/* The atari must not put the attacker itself in atari where
		 * the defender could simply take it. */
		if (board_check(b, att, libs[i]) != MOVE_OK ||
		    playout_libs_after(b, att, libs[i], 2) < 2)
			continue;
		/* Running out at the other liberty gains three liberties
		 * besides the atari's point: no ladder, and no board copy. */
		if (playout_libs_after(b, def, libs[1 - i], 4) >= 4)
			continue;
		nb = *b;
		board_play(&nb, att, libs[i]);
		if (!board_group_in_atari(&nb, g))
			continue;
		/* The defender takes an attacking stone in atari: escaped,
		 * unless the capture leaves it in atari all the same (its
		 * one liberty the point of the stones it took, which the
		 * attacker fills to take it all). */
		bool counter = false;
		st = g;
		do {
			for (int k = 0; k < 4 && !counter; k++) {
				point_t q = (point_t)(st + nb.offs[k]);

				if (nb.color[q] == att && board_group_in_atari(&nb, q))
					counter = playout_capture_frees(&nb, g, q);
			}
			st = nb.next[st];
		} while (st != g && !counter);
		if (counter)
			continue;
		e = board_group_atari_lib(&nb, g);
		if (board_check(&nb, def, e) != MOVE_OK)
			return libs[i];
		int l = playout_libs_after(&nb, def, e, 3);
		if (l <= 1)
			return libs[i];
		if (l >= 3)
			continue;
		board_play(&nb, def, e);
		if (playout_ladder(&nb, g, depth - 1))
			return libs[i];
	}
	return 0;
}

/* Can C at P save its group in atari at G (liberty P): does the move give
 * three liberties, or two that the opponent cannot take away in a ladder? */
static bool
playout_escape_works(const struct board *b, enum color c, point_t g, point_t p)
{
	int l;

	if (board_check(b, c, p) != MOVE_OK)
		return false;
	l = playout_libs_after(b, c, p, 3);
	if (l >= 3)
		return true;
	if (l <= 1)
		return false;
	struct board nb = *b;

	board_play(&nb, c, p);
	return playout_ladder(&nb, g, PLAYOUT_LADDER_DEPTH) == 0;
}

/* CAND with P added as its N+1st unless it is there already or full (CAP):
 * each local answer counts once, however many ways lead to it. */
static int
playout_cand_add(point_t *cand, int n, int cap, point_t p)
{
	for (int i = 0; i < n; i++)
		if (cand[i] == p)
			return n;
	if (n < cap)
		cand[n++] = p;
	return n;
}

/* Moves that take an enemy group in atari next to the group at G. */
static int
playout_counter_captures(const struct board *b, point_t g, point_t *cand, int n,
			 int cap)
{
	enum color o = color_other((enum color)b->color[g]);
	point_t st = g;

	do {
		for (int k = 0; k < 4 && n < cap; k++) {
			point_t q = (point_t)(st + b->offs[k]);

			if (b->color[q] == o && board_group_in_atari(b, q))
				n = playout_cand_add(cand, n, cap,
				    board_group_atari_lib(b, q));
		}
		st = b->next[st];
	} while (st != g && n < cap);
	return n;
}

/* The vital point of a small empty area (three to six points) next to the
 * last move: the one point with the most neighbours inside it.  The last
 * move borders the area, so an area walled by one colour only is C's
 * opponent's eye space, and the point kills its eye shape (it never
 * defends one of C's own).  0 if none. */
static point_t
playout_nakade(const struct board *b, enum color c, point_t last)
{
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(last + b->offs[i]), area[8];
		int n = 0, best = 0, best_n = 0, ties = 0;

		if (b->color[q] != EMPTY)
			continue;
		area[n++] = q;
		for (int k = 0; k < n && n <= 6; k++) {
			for (int d = 0; d < 4 && n <= 6; d++) {
				point_t r = (point_t)(area[k] + b->offs[d]);
				int j;

				if (b->color[r] != EMPTY)
					continue;
				for (j = 0; j < n && area[j] != r; j++)
					;
				if (j == n)
					area[n++] = r;
			}
		}
		if (n < 3 || n > 6)
			continue;
		/* An eye space: walled by one colour only. */
		int wall = 0;
		for (int k = 0; k < n; k++)
			for (int d = 0; d < 4; d++)
			{
				uint8_t nc = b->color[area[k] + b->offs[d]];

				if (nc == BLACK || nc == WHITE)
					wall |= nc;
			}
		if (wall != BLACK && wall != WHITE)
			continue;
		for (int k = 0; k < n; k++) {
			int inside = 0;

			for (int d = 0; d < 4; d++)
				for (int j = 0; j < n; j++)
					if (area[j] == area[k] + b->offs[d])
						inside++;
			if (inside > best_n) {
				best_n = inside;
				best = k;
				ties = 0;
			} else if (inside == best_n) {
				ties++;
			}
		}
		if (best_n >= 2 && !ties && board_check(b, c, area[best]) == MOVE_OK)
			return area[best];
	}
	return 0;
}

/* A local answer to the last move, or 0. */
static point_t
playout_heavy_move(const struct board *b, struct rng *r, enum color c)
{
	point_t last = b->last_move, cand[24], libs[3];
	int n = 0, s = b->stride;
	enum color o = color_other(c);

	if (last <= 0)
		return 0;
	/* Take the stone just played if it is in atari. */
	if (b->color[last] == o && board_group_in_atari(b, last)) {
		point_t lib = board_group_atari_lib(b, last);

		if (board_check(b, c, lib) == MOVE_OK)
			cand[n++] = lib;
	}
	/* Save a group the last move put in atari: take an attacker, or run
	 * where running works (each group once, whatever sides of the last
	 * move it touches). */
	point_t seen[4];
	int nseen = 0;
	for (int i = 0; i < 4; i++) {
		point_t q = (point_t)(last + b->offs[i]), gq;
		int j;

		if (b->color[q] != c || !board_group_in_atari(b, q))
			continue;
		gq = board_group_of(b, q);
		for (j = 0; j < nseen && seen[j] != gq; j++)
			;
		if (j < nseen)
			continue;
		seen[nseen++] = gq;
		int k0 = n;
		n = playout_counter_captures(b, q, cand, n, 20);
		for (int k = k0; k < n; k++)
			if (board_check(b, c, cand[k]) != MOVE_OK)
				cand[k--] = cand[--n];
		point_t lib = board_group_atari_lib(b, q);
		if (playout_escape_works(b, c, q, lib))
			n = playout_cand_add(cand, n, 20, lib);
	}
	/* Take a group that our previous move put in atari and that the
	 * opponent left there. */
	point_t mine = b->last_move2;
	if (n == 0 && mine > 0 && b->color[mine] == c) {
		for (int i = 0; i < 4 && n < 20; i++) {
			point_t q = (point_t)(mine + b->offs[i]);

			if (b->color[q] == o && board_group_in_atari(b, q)) {
				point_t lib = board_group_atari_lib(b, q);

				if (board_check(b, c, lib) == MOVE_OK)
					n = playout_cand_add(cand, n, 20, lib);
			}
		}
	}
	if (n)
		return cand[rng_below(r, (uint32_t)n)];
	/* The last move has two liberties: atari it if it then dies in a
	 * ladder. */
	if (b->color[last] == o && rng_below(r, 2) == 0 &&
	    playout_group_libs(b, last, libs, 3) == 2) {
		point_t p = playout_ladder(b, last, PLAYOUT_LADDER_DEPTH);

		if (p)
			return p;
	}
	point_t v = playout_nakade(b, c, last);
	if (v)
		return v;
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
		/* Draw without putting back: a point refused goes to the end
		 * of the list, out of the draw, so every point left stays as
		 * likely as any other. */
		for (int left = n; left > 0; left--) {
			int i = (int)rng_below(r, (uint32_t)left);
			point_t p = b->free[i];

			if (!playout_fills_eye(b, c, p) &&
			    (policy == PLAYOUT_LIGHT ||
			     !playout_refuses_selfatari(b, r, policy, c, p)) &&
			    board_play(b, c, p) == MOVE_OK) {
				move = p;
				break;
			}
			board_free_swap(b, i, left - 1);
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
