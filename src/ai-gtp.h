/*
 * ai-gtp.h: the AI's GTP commands (genmove and time control).
 *
 * ai_gtp_register() adds genmove, reg_genmove, kgs-genmove_cleanup,
 * time_settings, kgs-time_settings and time_left to a GTP engine.  The time
 * a move may take comes from the clock the controller announced, the time it
 * says is left, and the level's own budget, whichever is smallest.  Each
 * colour's clock is kept here: time_left sets it, and every move tengen
 * generates is charged to it, so a controller that never sends time_left
 * still gets a player that keeps to its time.  boardsize and clear_board
 * start the clocks again.  Under byo-yomi, time_left's stones are the
 * periods left (as KGS sends them), and a move may take the whole period.
 *
 * Ownership: struct ai_gtp is caller-allocated and must outlive the engine;
 * it does not own the ai.
 */
#ifndef TENGEN_AI_GTP_H
#define TENGEN_AI_GTP_H

#include "ai.h"
#include "clock.h"
#include "gtp-engine.h"

struct ai_gtp {
	struct ai *ai;
	struct ai_options opt;		/* the budget chosen on the command line */
	struct clock_rules rules;
	struct clock_state clock[3];	/* by colour */
	struct ai_stats last;		/* of the last genmove, for tengen-stats */
};

void ai_gtp_init(struct ai_gtp *ag, struct ai *ai, const struct ai_options *opt);
int ai_gtp_register(struct gtp_engine *e, struct ai_gtp *ag);

/* Seconds to spend on the next move for C (0: no clock, the level or the
 * command line decides). */
double ai_gtp_move_time(const struct ai_gtp *ag, const struct game *g, enum color c);
/* Charge C's move of ELAPSED seconds to its clock. */
void ai_gtp_charge(struct ai_gtp *ag, enum color c, double elapsed);

#endif
