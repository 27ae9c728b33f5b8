/*
 * ai.h: the computer opponent, Monte-Carlo tree search.
 *
 * The one idea: ai_genmove() is a pure question, "best move for C in this
 * game within this budget", asked of an object that may keep its search
 * tree between questions.  It may run for seconds, so front ends call it from
 * a thread of their own and may call ai_stop() from any other thread to get
 * the best move found so far at once.
 *
 * Ownership: ai_new() returns an object the caller frees with ai_free(); it
 * keeps no pointer to the games it is asked about.
 */
#ifndef TENGEN_AI_H
#define TENGEN_AI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum ai_level {
	AI_BEGINNER = 0,	/* 初级 */
	AI_INTERMEDIATE,	/* 中级 */
	AI_ADVANCED		/* 高级 */
};

struct ai_options {
	enum ai_level level;
	long playouts;		/* > 0: this many playouts a move (overrides level) */
	double seconds;		/* > 0: at most this long a move (overrides level) */
	int threads;		/* 0: one per core */
	bool resign;		/* may resign a lost game (never at beginner) */
	size_t max_memory;	/* tree size cap in bytes, 0: 512 MiB */
	uint64_t seed;		/* 0: from the clock */
};

/* Search statistics of the last move, for front ends and the benchmark. */
struct ai_stats {
	long playouts;
	double seconds;
	double winrate;		/* of the side that moved, 0..1 */
	size_t memory;		/* bytes used by the tree */
	/* A search limited by time alone stopped before its time was up,
	 * because no move could overtake the most visited one any more. */
	bool settled;
	/* Visits the root already had from the tree kept since the last
	 * move (0: the search started afresh). */
	long reused;
};

void ai_options_default(struct ai_options *o);
/* "beginner", "intermediate", "advanced" (also "1", "2", "3"); -1 if none. */
int ai_level_parse(const char *s, enum ai_level *level);
const char *ai_level_name(enum ai_level level);
/* Playouts a move of LEVEL on a board of SIZE; 0: no count, the level's
 * five seconds alone (advanced on 9x9 and smaller, which stops sooner
 * once its move cannot change).  Advanced also stops after five seconds
 * on larger boards. */
long ai_level_budget(enum ai_level level, int size);

struct ai *ai_new(const struct ai_options *o);
void ai_free(struct ai *ai);

/* Best move for C: a point, BOARD_PASS or BOARD_RESIGN.  Always legal in G
 * (positional superko included).  Thread-safe against ai_stop(). */
point_t ai_genmove(struct ai *ai, const struct game *g, enum color c,
		   struct ai_stats *stats);
/* Change the budget of the following moves (as the options' playouts and
 * seconds; 0 and 0 go back to the level's). */
void ai_set_limits(struct ai *ai, long playouts, double seconds);
/* At most SECONDS for each following move, on top of the budget (a
 * clock's share of the time), counted from the call of ai_genmove(), so
 * that the dead stones it may estimate first are in it; 0: no such cap. */
void ai_set_time_cap(struct ai *ai, double seconds);
/* Cleanup mode (kgs-genmove_cleanup): do not pass while the opponent has
 * stones that the estimate calls dead, so that they are captured. */
void ai_set_cleanup(struct ai *ai, bool cleanup);

/* Allow or forbid resigning from now on (the options' resign). */
void ai_set_resign(struct ai *ai, bool resign);

/* Restrict the following moves to the N points of MOVES (GTP's
 * restricted_genmove); N = 0 lifts the restriction. */
void ai_set_allowed(struct ai *ai, const point_t *moves, int n);

/* The visits at which a move's own win rate weighs as much as its AMAF
 * value (the RAVE blend, ai_rave_value).  AMAF is a poor guide to a move
 * that only works played at once: at 3,000 the search trusted it for
 * nearly all of a 5,000-playout budget, and missed such moves that its own
 * playouts of them would have shown (test_amaf_trusted_less). */
#define AI_RAVE_EQUIV 300.0

/* The value the search gives a move it tried V times with W2 half-wins
 * (2 a win, 1 a draw), and that came first AV times in playouts with AW2:
 * its own win rate blended with the AMAF one, by RAVE: the AMAF share is
 * AV / (AV + V + V * AV / AI_RAVE_EQUIV). */
double ai_rave_value(int32_t v, int32_t w2, int32_t av, int32_t aw2);

/* AMAF bookkeeping: for the moves MOVES[FROM..TO) of a playout, the first
 * played by ROOT and then alternating, set FIRST[p] to the colour of the
 * earliest of them played at p (passes, 0 and below, are skipped).  Called
 * for the ranges of a walk from its end back to its start, it leaves in
 * FIRST, each time, the first colour at every point from FROM on. */
void ai_amaf_first(const point_t *moves, int from, int to, enum color root,
		   uint8_t *first);

/* Ask ai_genmove() to return now with the best move found so far (from
 * any thread).  The request holds, also for a genmove that has not yet
 * begun its search, until ai_go(): a front end that asks for moves from
 * a thread calls ai_go() as it hands a new question over, under the same
 * lock as its ai_stop() calls, so that no stop is lost or left over. */
void ai_stop(struct ai *ai);
void ai_go(struct ai *ai);

/* The share of N playouts of the heavy policy alone (no tree) from the
 * position of G that the colour to move wins, a draw counting half: the
 * playouts' own judgement of the position, which bench/playout-eval.py
 * compares with the results of games. */
double ai_playout_share(struct ai *ai, const struct game *g, long n);

/* Dead stones of the position of G, from the ownership of the points at
 * the end of the playouts of two short searches, one with each colour to
 * move: DEAD[p] = 1 for every stone of a string that ends up the
 * opponent's more often than its own.  The same position always gets the
 * same answer (one thread, a fixed seed); about 0.1 s on 19x19. */
void ai_dead_stones(const struct game *g, uint8_t *dead);

#endif
