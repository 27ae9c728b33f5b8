/*
 * ai.c: Monte-Carlo tree search with RAVE and priors.
 *
 * Every thread repeats: copy the root position, walk down the tree choosing
 * the child with the best blend of its own win rate and its AMAF ("all moves
 * as first") win rate, plus a small bonus for the children the search has
 * tried least, expand a leaf that has been visited often enough,
 * play the rest out with the heavy playout policy, count, and walk back up
 * adding the result to every node on the way and the AMAF statistics to their
 * children.  Visits are counted on the way down (a virtual loss), so that
 * threads sharing the tree spread out.  Priors enter as initial visits and
 * wins of new children: a tactical reading made once per expansion
 * (captures, escapes that work or run into a ladder, ataris that catch in a
 * ladder), shapes, self-atari, the lines of the board, the last move.
 *
 * The nodes live in one pool, allocated lazily up to the memory cap; when it
 * is full the search goes on without expanding.  Between moves the subtree of
 * the position reached is kept if the pool is less than half full.
 */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "pattern.h"
#include "playout.h"
#include "score.h"
#include "shape.h"
#include "util.h"

#define AI_EXPAND_VISITS 8
/* The exploration bonus, AI_EXPLORE * sqrt(ln(parent visits) / (tries + 1)):
 * without it a move whose AMAF value is poor (the killing move that only
 * works played at once, and loses when played later in the playouts) is
 * never tried however long the search, and the search stays sure of a win
 * the opponent's one move takes away. */
#define AI_EXPLORE 0.04
#define AI_MAX_DEPTH 1000
#define AI_RESIGN_RATE 0.08
#define AI_RESIGN_MOVES 3	/* moves in a row below the rate before resigning */
#define AI_EVEN_PRIOR 10
#define AI_ADVANCED_SECONDS 5.0
#define AI_CFG_MAX 3		/* the prior near the last move reaches so far */
#define AI_CFG_BONUS { 0, 6, 5, 2 }	/* won visits by that distance */
/* The learned shapes (shape.h) replace the hand-written patterns in the
 * prior on boards up to this size, those of the games they were learned
 * from; a shape of weight K is worth AI_SHAPE_VISITS * K won visits, or as
 * many lost ones when K is negative. */
#define AI_SHAPE_SIZE 9
#define AI_SHAPE_VISITS 2

struct ai_node {
	uint32_t children;	/* index of the first child in the pool, 0 if none */
	uint16_t nchildren;
	point_t move;
	int32_t visits;		/* playouts through this node (with priors) */
	int32_t wins2;		/* 2 per win, 1 per draw, for the player who moved */
	int32_t amaf_visits;
	int32_t amaf_wins2;
	uint8_t state;		/* 0 leaf, 1 being expanded, 2 expanded */
	uint16_t prior;		/* visits that came from the prior */
	uint16_t prior_wins2;	/* and their wins2 */
};

struct ai {
	struct ai_options opt;
	/* Own moves in a row of one game below AI_RESIGN_RATE, and the move
	 * number of the last of them. */
	int low_moves;
	int low_at;
	struct ai_node *pool;
	size_t pool_cap;
	uint32_t pool_used;	/* atomic */
	uint32_t root;
	/* The position of the root, to find it again on the next move. */
	int root_nmoves;
	uint64_t root_hash;
	enum color root_color;
	int root_size;			/* the board and komi the tree was */
	double root_komi;		/* grown for */
	struct board root_board;
	double komi;
	uint8_t root_illegal[BOARD_MAX_POINTS];	/* superko at the root */

	bool cleanup;
	uint8_t allowed[BOARD_MAX_POINTS];	/* restricted_genmove */
	bool restricted;
	volatile int stop;	/* this search is over */
	volatile int halt;	/* ai_stop(): until ai_go() */
	long playouts;		/* atomic, this move */
	long root_wins2;	/* atomic: results for the side to move, this move */
	long budget;
	double deadline;
	double time_cap;	/* ai_set_time_cap */
	double started;		/* when this move's search began */
	bool skip_pass;		/* the move chosen cannot be a pass */
	bool settled;		/* stopped early: the choice could not change */
	long reused;		/* the root's visits kept from the last move */
	uint64_t seed;
	/* Ownership (ai_dead_stones): over all playouts, +1 for each point
	 * Black owns at the end, -1 for White; NULL when not collected. */
	int32_t *own;
	/* The komi the playouts count with, when not the game's. */
	bool komi_set;
	double komi_value;
	/* Reward points, not only the win (ai_dead_stones). */
	bool score_reward;
};

void
ai_options_default(struct ai_options *o)
{
	memset(o, 0, sizeof *o);
	o->level = AI_INTERMEDIATE;
	o->resign = true;
}

static const char *const ai_level_names[] = { "beginner", "intermediate", "advanced" };

int
ai_level_parse(const char *s, enum ai_level *level)
{
	for (int i = 0; i < 3; i++) {
		if (strcasecmp(s, ai_level_names[i]) == 0 ||
		    (s[0] == '1' + i && s[1] == '\0')) {
			*level = (enum ai_level)i;
			return 0;
		}
	}
	return -1;
}

const char *
ai_level_name(enum ai_level level)
{
	return (unsigned)level < 3 ? ai_level_names[level] : "?";
}

struct ai *
ai_new(const struct ai_options *o)
{
	struct ai *ai = xcalloc(1, sizeof *ai);
	size_t mem;

	ai->opt = *o;
	mem = o->max_memory ? o->max_memory : (size_t)512 << 20;
	ai->pool_cap = mem / sizeof(struct ai_node);
	if (ai->pool_cap > UINT32_MAX - 1024)
		ai->pool_cap = UINT32_MAX - 1024;
	if (ai->pool_cap < 1024)
		ai->pool_cap = 1024;
	/* calloc of a large block maps zero pages lazily: only the nodes used
	 * cost memory. */
	ai->pool = xcalloc(ai->pool_cap, sizeof(struct ai_node));
	ai->seed = o->seed ? o->seed : (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
	pattern_init();
	shape_init();
	return ai;
}

void
ai_free(struct ai *ai)
{
	if (!ai)
		return;
	free(ai->pool);
	free(ai);
}

void
ai_set_limits(struct ai *ai, long playouts, double seconds)
{
	ai->opt.playouts = playouts;
	ai->opt.seconds = seconds;
}

void
ai_set_time_cap(struct ai *ai, double seconds)
{
	ai->time_cap = seconds;
}

void
ai_set_cleanup(struct ai *ai, bool cleanup)
{
	ai->cleanup = cleanup;
}

void
ai_set_resign(struct ai *ai, bool resign)
{
	ai->opt.resign = resign;
}

void
ai_set_allowed(struct ai *ai, const point_t *moves, int n)
{
	memset(ai->allowed, 0, sizeof ai->allowed);
	/* A tree grown under other restrictions lacks moves: start anew. */
	if (ai->restricted || n > 0)
		ai->root = 0;
	ai->restricted = n > 0;
	for (int i = 0; i < n; i++)
		if (moves[i] > 0 && moves[i] < BOARD_MAX_POINTS)
			ai->allowed[moves[i]] = 1;
}

void
ai_stop(struct ai *ai)
{
	__atomic_store_n(&ai->halt, 1, __ATOMIC_RELAXED);
}

void
ai_go(struct ai *ai)
{
	__atomic_store_n(&ai->halt, 0, __ATOMIC_RELAXED);
}

static int
ai_threads(const struct ai *ai)
{
	long n;

	n = ai->opt.threads > 0 ? ai->opt.threads :
	    sysconf(_SC_NPROCESSORS_ONLN);
	/* ai_search's arrays hold 64. */
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Start the tree afresh with a root for the current position. */
static void
ai_reset_tree(struct ai *ai)
{
	ai->pool_used = 2;	/* 0 means "none"; 1 is the root */
	ai->root = 1;
	memset(&ai->pool[1], 0, sizeof ai->pool[1]);
	ai->pool[1].move = BOARD_NONE;
}

/* Tactical knowledge of a position, computed once per expansion: for each
 * point, bonus and malus visits in tenths of the even prior. */
struct ai_tactics {
	int8_t good[BOARD_MAX_POINTS];	/* captures, saving escapes, ladders */
	int8_t bad[BOARD_MAX_POINTS];	/* escapes into a ladder */
	uint8_t dist[BOARD_MAX_POINTS];	/* from the last move (board_cfg_distances) */
};

static void
ai_tactics(const struct board *b, enum color c, struct ai_tactics *t)
{
	enum color o = color_other(c);

	memset(t->good, 0, (size_t)b->npoints);
	memset(t->bad, 0, (size_t)b->npoints);
	/* After a pass (or none), all BOARD_FAR. */
	board_cfg_distances(b, b->last_move, AI_CFG_MAX, t->dist);
	for (int p = 0; p < b->npoints; p++) {
		if ((b->color[p] != BLACK && b->color[p] != WHITE) ||
		    b->group[p] != p)
			continue;	/* one look per group, at its root */
		int stones = b->groups[p].stones;
		int big = stones > 5 ? 5 : stones;

		if (board_group_in_atari(b, (point_t)p)) {
			point_t lib = board_group_atari_lib(b, (point_t)p);

			if (b->color[p] == o) {
				/* Take it. */
				t->good[lib] = (int8_t)(t->good[lib] + 2 + big);
			} else if (playout_libs_after(b, c, lib, 3) >= 3) {
				t->good[lib] = (int8_t)(t->good[lib] + 2 + big);
			} else if (playout_libs_after(b, c, lib, 3) == 2) {
				struct board nb = *b;

				board_play(&nb, c, lib);
				if (playout_ladder(&nb, (point_t)p, 40))
					t->bad[lib] = 3;
				else
					t->good[lib] = (int8_t)(t->good[lib] + 2 + big);
			} else {
				t->bad[lib] = 3;
			}
		} else if (b->color[p] == o && board_group_libs(b, (point_t)p, 3) == 2) {
			/* Atari that captures in a ladder. */
			point_t m = playout_ladder(b, (point_t)p, 40);

			if (m)
				t->good[m] = (int8_t)(t->good[m] + 2 + big);
		}
	}
}

/* Priors: (visits, wins2) a new child starts with. */
static void
ai_prior(const struct board *b, enum color c, point_t p, int stones,
	 const struct ai_tactics *t, int32_t *visits, int32_t *wins2)
{
	int n = AI_EVEN_PRIOR, w = AI_EVEN_PRIOR;	/* even: 50% */
	int size = b->size;

	if (p == BOARD_PASS) {
		/* Passing is for the end of the game. */
		*visits = AI_EVEN_PRIOR;
		*wins2 = stones * 4 > size * size * 3 ? AI_EVEN_PRIOR * 4 / 5 : 0;
		return;
	}
	int x = board_x(b, p), y = board_y(b, p);
	int line = 1 + (x < y ? x : y);
	int l2 = size - x < size - y ? size - x : size - y;
	if (l2 < line)
		line = l2;
	/* The lines: first and second line moves are rarely right while the
	 * board is open; the third and fourth are. */
	if (size >= 9 && stones < size * size / 4) {
		if (line == 1) {
			n += 20;
		} else if (line == 2) {
			n += 10;
		} else if (line <= 4) {
			n += 10;
			w += 20;
		}
	}
	if (t->good[p]) {
		int g = t->good[p] > 12 ? 12 : t->good[p];

		n += 5 * g;
		w += 10 * g;
	}
	if (t->bad[p])
		n += 10 * t->bad[p];
	if (playout_is_selfatari(b, c, p)) {
		n += 20;
	} else if (size <= AI_SHAPE_SIZE) {
		int k = AI_SHAPE_VISITS * shape_weight(b, c, p);

		if (k > 0) {
			n += k;
			w += 2 * k;
		} else {
			n -= k;
		}
	} else if (pattern_match(b, p)) {
		n += 10;
		w += 20;
	}
	/* Near the last move, counting a string as one step: the answer to
	 * a move is most often there. */
	if (t->dist[p] <= AI_CFG_MAX) {
		static const int bonus[AI_CFG_MAX + 1] = AI_CFG_BONUS;

		n += bonus[t->dist[p]];
		w += 2 * bonus[t->dist[p]];
	}
	*visits = n;
	*wins2 = w;
}

/* Expand NODE at position B (C to move).  Returns false if the pool is full
 * or another thread is expanding it. */
static bool
ai_expand(struct ai *ai, struct ai_node *node, const struct board *b,
	  enum color c, bool is_root)
{
	point_t moves[BOARD_MAX_POINTS];
	int n = 0, stones = b->size * b->size - b->nfree;
	uint8_t expected = 0;
	uint32_t first;

	if (!__atomic_compare_exchange_n(&node->state, &expected, 1, false,
	    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return false;
	for (int i = 0; i < b->nfree; i++) {
		point_t p = b->free[i];

		if (board_is_true_eye(b, c, p))
			continue;
		if (board_check(b, c, p) != MOVE_OK)
			continue;
		if (is_root && ai->root_illegal[p])
			continue;
		moves[n++] = p;
	}
	moves[n++] = BOARD_PASS;
	/* Take N nodes from the pool, never past its cap. */
	first = __atomic_load_n(&ai->pool_used, __ATOMIC_RELAXED);
	do {
		if ((size_t)first + (size_t)n > ai->pool_cap) {
			__atomic_store_n(&node->state, 0, __ATOMIC_RELEASE);
			return false;
		}
	} while (!__atomic_compare_exchange_n(&ai->pool_used, &first,
	    first + (uint32_t)n, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	struct ai_tactics *t = xmalloc(sizeof *t);
	ai_tactics(b, c, t);
	for (int i = 0; i < n; i++) {
		struct ai_node *ch = &ai->pool[first + (uint32_t)i];

		memset(ch, 0, sizeof *ch);
		ch->move = moves[i];
		ai_prior(b, c, moves[i], stones, t, &ch->visits, &ch->wins2);
		ch->prior = (uint16_t)(ch->visits < UINT16_MAX ? ch->visits :
		    UINT16_MAX);
		ch->prior_wins2 = (uint16_t)(ch->wins2 < UINT16_MAX ?
		    ch->wins2 : UINT16_MAX);
	}
	free(t);
	node->children = first;
	node->nchildren = (uint16_t)n;
	__atomic_store_n(&node->state, 2, __ATOMIC_RELEASE);
	return true;
}

double
ai_rave_value(int32_t v, int32_t w2, int32_t av, int32_t aw2)
{
	double q = v ? w2 / (2.0 * v) : 0.5, beta;

	if (av <= 0)
		return q;
	/* In doubles: visits times AMAF visits passes 2^31 in long
	 * searches. */
	beta = av / (av + (double)v + (double)v * av / AI_RAVE_EQUIV);
	return (1 - beta) * q + beta * (aw2 / (2.0 * av));
}

static struct ai_node *
ai_select(struct ai *ai, struct ai_node *node)
{
	struct ai_node *best = NULL;
	double best_v = -1;
	double ln = log((double)__atomic_load_n(&node->visits,
	    __ATOMIC_RELAXED) + 1);

	for (int i = 0; i < node->nchildren; i++) {
		struct ai_node *ch = &ai->pool[node->children + (uint32_t)i];
		int32_t v = __atomic_load_n(&ch->visits, __ATOMIC_RELAXED);
		int32_t w = __atomic_load_n(&ch->wins2, __ATOMIC_RELAXED);
		int32_t av = __atomic_load_n(&ch->amaf_visits, __ATOMIC_RELAXED);
		int32_t aw = __atomic_load_n(&ch->amaf_wins2, __ATOMIC_RELAXED);
		int32_t tries = v - ch->prior;
		double value = ai_rave_value(v, w, av, aw) +
		    AI_EXPLORE * sqrt(ln / ((tries > 0 ? tries : 0) + 1));

		if (value > best_v) {
			best_v = value;
			best = ch;
		}
	}
	return best;
}

void
ai_amaf_first(const point_t *moves, int from, int to, enum color root,
	      uint8_t *first)
{
	for (int i = to - 1; i >= from; i--)
		if (moves[i] > 0)
			first[moves[i]] = (uint8_t)(i % 2 ? color_other(root) : root);
}

struct ai_walk {
	point_t moves[AI_MAX_DEPTH + 8];
	int nmoves;
	struct ai_node *path[AI_MAX_DEPTH + 1];
	int depth;
};

static void
ai_add_owners(struct ai *ai, const struct board *b)
{
	uint8_t owner[BOARD_MAX_POINTS];

	playout_owners(b, owner);
	for (int p = 0; p < b->npoints; p++)
		if (owner[p] == BLACK || owner[p] == WHITE)
			__atomic_fetch_add(&ai->own[p], owner[p] == BLACK ? 1 : -1,
			    __ATOMIC_RELAXED);
}

/* A result for Black that also rewards the margin: a win counts
 * half, the margin over the board the other half, and the expected value is
 * drawn as a win or a loss so that the counters stay whole. */
static int
ai_score_result(const struct board *b, struct rng *r, double margin)
{
	double area = (double)b->size * b->size;
	double v = 0.25 * (margin > 0 ? 2 : margin < 0 ? 0 : 1) +
	    0.5 * (0.5 + margin / (2 * area));

	if (v < 0)
		v = 0;
	if (v > 1)
		v = 1;
	return rng_below(r, 1u << 20) < (uint32_t)(v * (1u << 20)) ? 2 : 0;
}

/* One playout through the tree. */
static void
ai_iterate(struct ai *ai, struct rng *r, struct ai_walk *w)
{
	struct board b = ai->root_board;
	struct ai_node *node = &ai->pool[ai->root];
	int result2;		/* for Black: 2 win, 1 draw, 0 loss */
	w->depth = 0;
	w->nmoves = 0;
	w->path[w->depth++] = node;
	__atomic_fetch_add(&node->visits, 1, __ATOMIC_RELAXED);
	while (w->depth < AI_MAX_DEPTH / 2) {
		/* Two passes, the second in the tree, end the walk: the playout
		 * settles the rest.  (A root reached by two passes, as a
		 * cleanup after a disputed end is, is still searched.) */
		if (w->nmoves > 0 && b.last_move == BOARD_PASS &&
		    b.last_move2 == BOARD_PASS)
			break;
		if (__atomic_load_n(&node->state, __ATOMIC_ACQUIRE) != 2) {
			if (node->visits - node->prior < AI_EXPAND_VISITS &&
			    node != &ai->pool[ai->root])
				break;
			if (!ai_expand(ai, node, &b, b.to_move, node == &ai->pool[ai->root]))
				break;
		}
		struct ai_node *ch = ai_select(ai, node);
		if (!ch)
			break;
		__atomic_fetch_add(&ch->visits, 1, __ATOMIC_RELAXED);
		if (board_play(&b, b.to_move, ch->move) != MOVE_OK)
			break;	/* cannot happen: children are legal */
		w->moves[w->nmoves++] = ch->move;
		w->path[w->depth++] = ch;
		node = ch;
	}
	/* The rest of the game at random; its moves count for AMAF.  Two
	 * passes in the tree do not end it: the playout then settles what the
	 * passes left open, so passing is judged by what it leaves. */
	int n = playout_run_moves(&b, r, PLAYOUT_HEAVY, 3 * b.size * b.size,
	    w->moves + w->nmoves, AI_MAX_DEPTH - w->nmoves);
	w->nmoves += n < AI_MAX_DEPTH - w->nmoves ? n : AI_MAX_DEPTH - w->nmoves;
	double margin = playout_score(&b, ai->komi);
	result2 = margin > 0 ? 2 : margin < 0 ? 0 : 1;
	if (ai->score_reward)
		result2 = ai_score_result(&b, r, margin);
	if (ai->own)
		ai_add_owners(ai, &b);

	/* Back up, from the deepest node to the root.  Node path[i] (i >= 1)
	 * holds the move played by the colour to move at depth i-1; the AMAF
	 * statistics of the children of node d are those of the moves from
	 * moves[d] on, so FIRST holds, for every point, the colour that
	 * played it first from there (a point taken and played again, as in
	 * a ko, counts from the move after d). */
	uint8_t first[BOARD_MAX_POINTS];
	memset(first, 0, sizeof first);
	int marked = w->nmoves;
	for (int d = w->depth - 1; d >= 0; d--) {
		struct ai_node *nd = w->path[d];
		enum color c = d % 2 ? color_other(ai->root_color) : ai->root_color;
		/* The colour to move at node d is c; the result for the player
		 * who made the move into it is for color_other(c). */
		int mover_result = color_other(c) == BLACK ? result2 : 2 - result2;

		ai_amaf_first(w->moves, d, marked, ai->root_color, first);
		marked = d;
		if (d > 0)
			__atomic_fetch_add(&nd->wins2, mover_result, __ATOMIC_RELAXED);
		if (__atomic_load_n(&nd->state, __ATOMIC_ACQUIRE) == 2) {
			int res_c = c == BLACK ? result2 : 2 - result2;

			for (int i = 0; i < nd->nchildren; i++) {
				struct ai_node *ch = &ai->pool[nd->children + (uint32_t)i];
				point_t m = ch->move;

				if (m <= 0 || first[m] != c)
					continue;
				__atomic_fetch_add(&ch->amaf_visits, 1, __ATOMIC_RELAXED);
				__atomic_fetch_add(&ch->amaf_wins2, res_c, __ATOMIC_RELAXED);
			}
		}
	}
	__atomic_fetch_add(&ai->root_wins2, ai->root_color == BLACK ? result2 :
	    2 - result2, __ATOMIC_RELAXED);
	__atomic_fetch_add(&ai->playouts, 1, __ATOMIC_RELAXED);
}

/* The child of ROOT the search chose: the most visited, priors included,
 * of those the search itself tried at least once; of equals, the one of
 * the best value.  Only a search of a handful of playouts leaves out
 * anything: a move the priors condemn gets extra visits with no wins, and
 * must not be chosen for them, untried (an empty 9x9 board got A9 from
 * one to thirty playouts).  Before any playout the best value decides.
 * (Choosing by the search's own visits alone, the priors' left out, won
 * 176 of 200 games against GNU Go at 5,000 playouts, 88.0%: no better
 * than this choice, which keeps the moves of the budgets measured before
 * it.)  *SECOND gets the visits of the most visited other child. */
static struct ai_node *
ai_best(struct ai *ai, struct ai_node *root, int32_t *second)
{
	struct ai_node *best = NULL;
	int32_t bv = 0, sv = 0;
	bool btried = false;
	double bval = 0;

	for (int i = 0; i < root->nchildren; i++) {
		struct ai_node *ch = &ai->pool[root->children + (uint32_t)i];
		int32_t v = __atomic_load_n(&ch->visits, __ATOMIC_RELAXED);
		bool tried = v > (int32_t)ch->prior;
		double val;

		if (ai->skip_pass && ch->move == BOARD_PASS)
			continue;
		val = ai_rave_value(v, __atomic_load_n(&ch->wins2, __ATOMIC_RELAXED),
		    __atomic_load_n(&ch->amaf_visits, __ATOMIC_RELAXED),
		    __atomic_load_n(&ch->amaf_wins2, __ATOMIC_RELAXED));
		if (!best || tried > btried ||
		    (tried == btried && (v > bv || (v == bv && val > bval)))) {
			if (best && bv > sv)
				sv = bv;
			best = ch;
			bv = v;
			btried = tried;
			bval = val;
		} else if (v > sv) {
			sv = v;
		}
	}
	if (second)
		*second = sv;
	return best;
}

/* A search limited by time alone (no budget of playouts, which must be
 * spent whole for the figures measured with it) stops once the most
 * visited move at the root leads the next by more visits than the time
 * left gives playouts at the rate so far: the choice cannot change. */
static bool
ai_settled(struct ai *ai)
{
	struct ai_node *root = &ai->pool[ai->root];
	long done;
	double now, spent;
	int32_t first = 0, second = 0;

	if (ai->budget > 0 || ai->deadline <= 0 || ai->own)
		return false;
	done = __atomic_load_n(&ai->playouts, __ATOMIC_RELAXED);
	now = util_now();
	spent = now - ai->started;
	if (done < 100 || spent <= 0 ||
	    __atomic_load_n(&root->state, __ATOMIC_ACQUIRE) != 2)
		return false;
	struct ai_node *best = ai_best(ai, root, &second);
	if (!best)
		return false;
	first = __atomic_load_n(&best->visits, __ATOMIC_RELAXED);
	return first - second > (ai->deadline - now) * (double)done / spent;
}

struct ai_thread {
	struct ai *ai;
	uint64_t seed;
};

static void *
ai_worker(void *arg)
{
	struct ai_thread *t = arg;
	struct ai *ai = t->ai;
	struct rng r = { t->seed };
	struct ai_walk *w = xmalloc(sizeof *w);
	int k = 0;

	while (!__atomic_load_n(&ai->stop, __ATOMIC_RELAXED) &&
	    !__atomic_load_n(&ai->halt, __ATOMIC_RELAXED)) {
		if (ai->budget > 0 &&
		    __atomic_load_n(&ai->playouts, __ATOMIC_RELAXED) >= ai->budget)
			break;
		if ((++k & 15) == 0 && ai->deadline > 0 && util_now() > ai->deadline)
			break;
		if ((k & 63) == 0 && ai_settled(ai)) {
			__atomic_store_n(&ai->settled, true, __ATOMIC_RELAXED);
			__atomic_store_n(&ai->stop, 1, __ATOMIC_RELAXED);
			break;
		}
		ai_iterate(ai, &r, w);
	}
	free(w);
	return NULL;
}

/* Find the node of the current position in the old tree, or start anew. */
static void
ai_find_root(struct ai *ai, const struct game *g, enum color c)
{
	uint32_t node = 0;

	/* The empty boards of all sizes hash alike: the size must match too,
	 * and the komi, which the tree's statistics were counted with. */
	if (ai->root && ai->root_size == g->size && ai->root_komi == g->komi &&
	    ai->root_nmoves <= g->nmoves &&
	    g->hashes[ai->root_nmoves] == ai->root_hash &&
	    ai->pool_used < ai->pool_cap / 2) {
		node = ai->root;
		for (int i = ai->root_nmoves; i < g->nmoves && node; i++) {
			struct ai_node *n = &ai->pool[node];
			uint32_t next = 0;
			/* The tree's moves alternate from the root's colour;
			 * two moves in a row by one colour leave it. */
			enum color mover = (i - ai->root_nmoves) % 2 == 0 ?
			    ai->root_color : color_other(ai->root_color);

			if (n->state != 2 || g->moves[i].color != mover) {
				node = 0;
				break;
			}
			for (int k = 0; k < n->nchildren; k++)
				if (ai->pool[n->children + (uint32_t)k].move == g->moves[i].point)
					next = n->children + (uint32_t)k;
			node = next;
		}
		/* The colour to move must match what the tree assumed. */
		if (node && (g->nmoves - ai->root_nmoves) % 2 !=
		    (ai->root_color != c))
			node = 0;
	}
	if (node && ai->pool[node].state == 2) {
		ai->root = node;
	} else {
		ai_reset_tree(ai);
	}
	ai->root_nmoves = g->nmoves;
	ai->root_hash = g->hashes[g->nmoves];
	ai->root_color = c;
	ai->root_size = g->size;
	ai->root_komi = g->komi;
}

long
ai_level_budget(enum ai_level level, int size)
{
	switch (level) {
	case AI_BEGINNER:
		return 200;
	case AI_INTERMEDIATE:
		return size <= 9 ? 3000 : 2000;
	case AI_ADVANCED:
	default:
		/* On 9x9 its seconds alone, and sooner when the move is
		 * settled (ai_settled). */
		return size <= 9 ? 0 : 20000;
	}
}

/* The budget of a move asked for at NOW: its time counts from then, the
 * estimate of dead stones before the search included. */
static void
ai_budget(struct ai *ai, const struct game *g, double now)
{
	ai->budget = 0;
	ai->deadline = 0;
	if (ai->opt.playouts > 0 || ai->opt.seconds > 0) {
		ai->budget = ai->opt.playouts;
		if (ai->opt.seconds > 0)
			ai->deadline = now + ai->opt.seconds;
	} else {
		ai->budget = ai_level_budget(ai->opt.level, g->size);
		if (ai->opt.level == AI_ADVANCED)
			ai->deadline = now + AI_ADVANCED_SECONDS;
	}
	if (ai->time_cap > 0 &&
	    (ai->deadline <= 0 || now + ai->time_cap < ai->deadline))
		ai->deadline = now + ai->time_cap;
}

/* Does C have stones that DEAD marks on B? */
static bool
ai_has_dead(const struct board *b, const uint8_t *dead, enum color c)
{
	for (int p = 0; p < b->npoints; p++)
		if (dead[p] && b->color[p] == c)
			return true;
	return false;
}

/* The seed of the next search (or of the next playouts alone). */
static void
ai_next_seed(struct ai *ai)
{
	ai->seed = ai->seed * 6364136223846793005ULL + 1442695040888963407ULL;
}

/* Search the position of G for C within the budget of a move asked for
 * at ASKED; the root's children hold the result. */
static struct ai_node *
ai_search(struct ai *ai, const struct game *g, enum color c, double asked)
{
	struct ai_node *root;
	int nthreads = ai_threads(ai);
	pthread_t tid[64];
	struct ai_thread th[64];

	ai->komi = ai->komi_set ? ai->komi_value : g->komi;
	ai->root_board = g->board;
	ai->root_board.to_move = c;
	memset(ai->root_illegal, 0, sizeof ai->root_illegal);
	for (int i = 0; i < g->board.nfree; i++) {
		point_t p = g->board.free[i];

		if (game_check(g, c, p) != MOVE_OK ||
		    (ai->restricted && !ai->allowed[p]))
			ai->root_illegal[p] = 1;
	}
	ai_find_root(ai, g, c);
	root = &ai->pool[ai->root];
	/* Children of a reused root were made without superko: start over if
	 * one of them is now illegal (or, whatever led here, occupied). */
	if (root->state == 2) {
		for (int i = 0; i < root->nchildren; i++) {
			point_t m = ai->pool[root->children + (uint32_t)i].move;

			if (m > 0 && (ai->root_illegal[m] ||
			    g->board.color[m] != EMPTY)) {
				ai_reset_tree(ai);
				root = &ai->pool[ai->root];
				break;
			}
		}
	}
	ai->reused = root->state == 2 ? root->visits : 0;
	ai_budget(ai, g, asked);
	ai->started = util_now();
	ai->settled = false;
	/* (A halt asked before the search began, while the dead stones were
	 * estimated say, still holds: only ai_go() lifts it.) */
	__atomic_store_n(&ai->stop, 0, __ATOMIC_RELAXED);
	ai->playouts = 0;
	ai->root_wins2 = 0;
	ai_expand(ai, root, &ai->root_board, c, true);

	for (int t = 0; t < nthreads; t++) {
		th[t].ai = ai;
		th[t].seed = ai->seed + (uint64_t)t * 0x9e3779b97f4a7c15ULL +
		    (uint64_t)g->nmoves * 7919;
		if (pthread_create(&tid[t], NULL, ai_worker, &th[t]) != 0) {
			nthreads = t;
			break;
		}
	}
	if (nthreads == 0) {
		th[0].ai = ai;
		th[0].seed = ai->seed;
		ai_worker(&th[0]);
	}
	for (int t = 0; t < nthreads; t++)
		pthread_join(tid[t], NULL);
	ai_next_seed(ai);
	return root;
}

double
ai_playout_share(struct ai *ai, const struct game *g, long n)
{
	struct rng r = { ai->seed };
	enum color c = game_to_move(g);
	long won2 = 0;

	for (long i = 0; i < n; i++) {
		struct board b = g->board;	/* C to move */
		double margin;

		playout_run(&b, &r, PLAYOUT_HEAVY, 3 * b.size * b.size);
		margin = playout_score(&b, g->komi);
		if (c == WHITE)
			margin = -margin;
		won2 += margin > 0 ? 2 : margin == 0 ? 1 : 0;
	}
	ai_next_seed(ai);
	return n > 0 ? won2 / (2.0 * (double)n) : 0.5;
}

point_t
ai_genmove(struct ai *ai, const struct game *g, enum color c,
	   struct ai_stats *stats)
{
	double start = util_now();
	struct ai_node *root, *best = NULL;

	if (stats)
		memset(stats, 0, sizeof *stats);
	/* The opponent passed: pass too if that does not lose, and in cleanup
	 * once no dead stones of the opponent's are left.  In cleanup the
	 * search must not pass either while there are. */
	bool opponent_passed = g->nmoves > 0 &&
	    g->moves[g->nmoves - 1].point == BOARD_PASS &&
	    g->moves[g->nmoves - 1].color == color_other(c);
	bool no_pass = false;
	if ((opponent_passed || ai->cleanup) && !ai->restricted) {
		uint8_t dead[BOARD_MAX_POINTS];
		struct score s;

		ai_dead_stones(g, dead);
		no_pass = ai->cleanup && ai_has_dead(&g->board, dead, color_other(c));
		score_area(&g->board, dead, g->komi, &s);
		if (opponent_passed && !no_pass &&
		    (c == BLACK ? s.margin > 0 : s.margin < 0))
			return BOARD_PASS;
	}
	ai->skip_pass = no_pass || ai->restricted;
	root = ai_search(ai, g, c, start);
	best = ai_best(ai, root, NULL);
	if (!best)
		return BOARD_PASS;
	double rate = best->visits ? best->wins2 / (2.0 * best->visits) : 0.5;
	if (stats) {
		stats->playouts = ai->playouts;
		stats->seconds = util_now() - start;
		stats->winrate = rate;
		stats->memory = (size_t)ai->pool_used * sizeof(struct ai_node);
		stats->settled = ai->settled;
		stats->reused = ai->reused;
	}
	/* Resign only when the win rate stays low: several own moves in a
	 * row of the same game.  The rates are those of the playouts
	 * themselves, which priors do not flatter: of all this move's, and of
	 * the best move's (the exploration spreads the playouts, so the
	 * best move's prior would weigh much in its rate). */
	double played = ai->playouts ? ai->root_wins2 / (2.0 * ai->playouts) : 0.5;
	int32_t tries = best->visits - best->prior;
	double best_played = tries > 0 ?
	    (best->wins2 - best->prior_wins2) / (2.0 * tries) : rate;
	if (best_played < AI_RESIGN_RATE * 3 && played < AI_RESIGN_RATE &&
	    ai->playouts >= 500) {
		ai->low_moves = g->nmoves == ai->low_at + 2 ? ai->low_moves + 1 : 1;
		ai->low_at = g->nmoves;
	} else {
		ai->low_moves = 0;
	}
	if (ai->opt.resign && ai->opt.level != AI_BEGINNER &&
	    ai->low_moves >= AI_RESIGN_MOVES &&
	    g->nmoves > g->size * g->size / 4)
		return BOARD_RESIGN;
	return best->move;
}

/* Playouts of each of the two searches of ai_dead_stones(). */
static long
ai_dead_playouts(int size)
{
	return size <= 9 ? 1000 : size <= 13 ? 700 : 500;
}

/* The komi that makes the position even: half a point off the mean area
 * margin of plain playouts, so that neither side is sure to win and both
 * play for every point. */
static double
ai_even_komi(const struct game *g)
{
	struct rng r = { 0x6b6f6d69 };
	double sum = 0;
	int n = 200;

	for (int i = 0; i < n; i++) {
		struct board b = g->board;

		playout_run(&b, &r, PLAYOUT_HEAVY, 3 * g->size * g->size + 50);
		sum += playout_score(&b, 0);
	}
	return floor(sum / n) + 0.5;
}

/* MARK[] = V for every stone of the string at P. */
static void
ai_string_mark(const struct board *b, point_t p, uint8_t *mark, uint8_t v)
{
	point_t first = board_group_of(b, p), s = first;

	do {
		mark[s] = v;
		s = b->next[s];
	} while (s != first);
}

/* Does the string at P touch a string of the other colour, other than the
 * string BUT, that is in atari (one it could take to get out)? */
static bool
ai_string_can_take(const struct board *b, point_t p, point_t but)
{
	point_t first = board_group_of(b, p), s = first;
	enum color o = color_other((enum color)b->color[p]);

	do {
		for (int k = 0; k < 4; k++) {
			point_t q = (point_t)(s + b->offs[k]);

			if (b->color[q] == o && board_group_of(b, q) != but &&
			    board_group_in_atari(b, q))
				return true;
		}
		s = b->next[s];
	} while (s != first);
	return false;
}

#define AI_SEKI_LIBS 8	/* the most shared liberties looked at */

/* Are the string at P, with the N liberties LIBS, and the string at Q of
 * the other colour in seki: Q's liberties are the same N, filling any of
 * them gains its filler, of either colour, nothing (no string joined, no
 * stone taken: it keeps only the N - 1 others), and neither string can
 * take a third one in atari to get out? */
static bool
ai_seki_pair(const struct board *b, point_t p, const point_t *libs, int n,
	     point_t q)
{
	point_t lq[AI_SEKI_LIBS + 1];

	if (playout_group_libs(b, q, lq, AI_SEKI_LIBS + 1) != n)
		return false;
	for (int i = 0; i < n; i++) {
		int j;

		for (j = 0; j < n && libs[j] != lq[i]; j++)
			;
		if (j == n ||
		    playout_libs_after(b, BLACK, libs[i], n + 1) > n - 1 ||
		    playout_libs_after(b, WHITE, libs[i], n + 1) > n - 1)
			return false;
	}
	return !ai_string_can_take(b, p, board_group_of(b, q)) &&
	    !ai_string_can_take(b, q, board_group_of(b, p));
}

/* Seki that the playouts break: a string marked dead in seki with a string
 * next to it (ai_seki_pair).  The playouts take the filling of a shared
 * liberty for a nakade (it leaves a bigger group in atari) and mark one
 * side dead; both live. */
static void
ai_seki_alive(const struct board *b, uint8_t *dead)
{
	for (int p = 0; p < b->npoints; p++) {
		point_t libs[AI_SEKI_LIBS + 1], s = (point_t)p, t = 0;
		int n;

		if (!dead[p] || b->group[p] != p)
			continue;	/* one look per dead string, at its root */
		n = playout_group_libs(b, s, libs, AI_SEKI_LIBS + 1);
		if (n < 2 || n > AI_SEKI_LIBS)
			continue;
		do {
			for (int k = 0; k < 4 && t == 0; k++) {
				point_t q = (point_t)(s + b->offs[k]);

				if (b->color[q] == color_other((enum color)b->color[p]) &&
				    ai_seki_pair(b, (point_t)p, libs, n, q))
					t = q;
			}
			s = b->next[s];
		} while (s != (point_t)p && t == 0);
		if (t != 0) {
			ai_string_mark(b, (point_t)p, dead, 0);
			ai_string_mark(b, t, dead, 0);
		}
	}
}

/*
 * Dead stones from ownership: search the position twice, once with each
 * colour to move, collecting who owns every point at the end of every
 * playout; a string whose stones end up the opponent's more often than its
 * own is dead.  The searches use one thread and a fixed seed, so a position
 * always gets the same answer; the tree makes the first moves of the
 * playouts good ones, so a group that one move would kill or save is judged
 * by that move, not by chance.
 */
void
ai_dead_stones(const struct game *g, uint8_t *dead)
{
	const struct board *b = &g->board;
	struct ai_options o;
	struct ai *e;
	uint8_t done[BOARD_MAX_POINTS];

	ai_options_default(&o);
	o.threads = 1;
	o.resign = false;
	o.seed = 0x0dead5701e5ULL;
	o.playouts = ai_dead_playouts(g->size);
	o.max_memory = (size_t)8 << 20;
	e = ai_new(&o);
	e->own = xcalloc(BOARD_MAX_POINTS, sizeof *e->own);
	e->komi_set = true;
	e->komi_value = ai_even_komi(g);
	e->score_reward = true;
	ai_search(e, g, BLACK, util_now());
	e->root = 0;
	ai_search(e, g, WHITE, util_now());

	memset(dead, 0, BOARD_MAX_POINTS);
	memset(done, 0, sizeof done);
	for (int p = 0; p < b->npoints; p++) {
		if ((b->color[p] != BLACK && b->color[p] != WHITE) || done[p])
			continue;
		point_t first = board_group_of(b, (point_t)p), s = first;
		long sum = 0;

		do {
			sum += e->own[s];
			done[s] = 1;
			s = b->next[s];
		} while (s != first);
		if (b->color[p] == WHITE)
			sum = -sum;
		if (sum >= 0)
			continue;
		ai_string_mark(b, first, dead, 1);
	}
	ai_seki_alive(b, dead);
	free(e->own);
	ai_free(e);
}
