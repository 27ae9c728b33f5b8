/*
 * ai-gtp.h: the AI's GTP commands (genmove and time control).
 *
 * ai_gtp_register() adds genmove, reg_genmove, kgs-genmove_cleanup,
 * time_settings, kgs-time_settings and time_left to a GTP engine.  The time
 * a move may take comes from the clock the controller announced, the time it
 * says is left, and the level's own budget, whichever is smallest.
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
	double time_left[3];		/* from time_left, by colour; < 0 unknown */
	int stones_left[3];
	struct ai_stats last;		/* of the last genmove, for tengen-stats */
};

void ai_gtp_init(struct ai_gtp *ag, struct ai *ai, const struct ai_options *opt);
int ai_gtp_register(struct gtp_engine *e, struct ai_gtp *ag);

/* Seconds to spend on the next move for C (0: the level decides). */
double ai_gtp_move_time(const struct ai_gtp *ag, const struct game *g, enum color c);

#endif
