/*
 * ai-gtp.c: genmove and friends, as a table registered with the GTP engine.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai-gtp.h"
#include "util.h"

/* Both clocks from the start of the rules. */
static void
ai_gtp_clocks_start(struct ai_gtp *ag)
{
	for (int c = 0; c < 3; c++)
		clock_start(&ag->rules, &ag->clock[c]);
}

void
ai_gtp_init(struct ai_gtp *ag, struct ai *ai, const struct ai_options *opt)
{
	memset(ag, 0, sizeof *ag);
	ag->ai = ai;
	ag->opt = *opt;
	ag->rules.kind = CLOCK_NONE;
	ai_gtp_clocks_start(ag);
}

double
ai_gtp_move_time(const struct ai_gtp *ag, const struct game *g, enum color c)
{
	const struct clock_rules *r = &ag->rules;
	const struct clock_state *s = &ag->clock[c];
	int moves_to_go = g->board.nfree / 3;
	double t, left;

	if (r->kind == CLOCK_NONE)
		return 0;
	if (moves_to_go < 15)
		moves_to_go = 15;
	if (!s->in_overtime && s->main_left > 0) {
		/* A share of main time, and of each move's overtime to come. */
		t = s->main_left / moves_to_go;
		if (r->kind == CLOCK_BYOYOMI)
			t += r->period;
		else if (r->kind == CLOCK_CANADIAN)
			t += r->period / (r->stones > 1 ? r->stones : 1);
	} else if (r->kind == CLOCK_BYOYOMI) {
		/* A move made within the period does not use it up. */
		t = s->period_left;
	} else if (r->kind == CLOCK_CANADIAN) {
		/* The period shared by the stones still due in it. */
		t = s->period_left / (s->stones_left > 1 ? s->stones_left : 1);
	} else {
		t = 0;
	}
	left = clock_remaining(r, s);
	if (t > left)
		t = left;
	/* Keep a margin for the transport. */
	t = t * 0.8 - 0.1;
	return t < 0.05 ? 0.05 : t;
}

void
ai_gtp_charge(struct ai_gtp *ag, enum color c, double elapsed)
{
	clock_charge(&ag->rules, &ag->clock[c], elapsed);
}

static void
ai_gtp_new_game(struct gtp_engine *e)
{
	ai_gtp_clocks_start(e->data);
}

static int
ai_gtp_think(struct gtp_engine *e, int argc, char **argv, bool play, bool cleanup)
{
	struct ai_gtp *ag = e->data;
	enum color c;
	point_t p;
	double start = util_now();

	if (argc != 1 || gtp_engine_parse_color(argv[0], &c) < 0) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	/* The command line's budget (or the level's), and the clock's share
	 * on top of it. */
	ai_set_limits(ag->ai, ag->opt.playouts, ag->opt.seconds);
	ai_set_time_cap(ag->ai, ai_gtp_move_time(ag, &e->game, c));
	ai_set_cleanup(ag->ai, cleanup);
	/* reg_genmove asks for the best move: resigning is no answer. */
	ai_set_resign(ag->ai, play && ag->opt.resign);
	p = ai_genmove(ag->ai, &e->game, c, &ag->last);
	ai_set_cleanup(ag->ai, false);
	if (play)
		ai_gtp_charge(ag, c, util_now() - start);
	if (p == BOARD_RESIGN) {
		gtp_engine_printf(e, "resign");
		return 0;
	}
	if (play && game_play(&e->game, c, p) != MOVE_OK) {
		gtp_engine_printf(e, "internal error: generated an illegal move");
		return -1;
	}
	gtp_engine_put_vertex(e, p);
	return 0;
}

static int
ai_gtp_genmove(struct gtp_engine *e, int argc, char **argv)
{
	return ai_gtp_think(e, argc, argv, true, false);
}

static int
ai_gtp_reg_genmove(struct gtp_engine *e, int argc, char **argv)
{
	return ai_gtp_think(e, argc, argv, false, false);
}

static int
ai_gtp_genmove_cleanup(struct gtp_engine *e, int argc, char **argv)
{
	return ai_gtp_think(e, argc, argv, true, true);
}

/* restricted_genmove COLOR VERTEX...: the best of the listed moves, as
 * reg_genmove (the move is not played). */
static int
ai_gtp_restricted_genmove(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	point_t moves[BOARD_MAX_POINTS];
	enum color c;
	int n = 0, r;

	if (argc < 2 || gtp_engine_parse_color(argv[0], &c) < 0) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	for (int i = 1; i < argc && n < BOARD_MAX_POINTS; i++) {
		point_t p = board_vertex_parse(&e->game.board, argv[i]);

		if (p == BOARD_NONE || p == BOARD_PASS) {
			gtp_engine_printf(e, "invalid coordinate");
			return -1;
		}
		/* A point only the other colour may take is not among them
		 * (the search would find no move and pass). */
		if (game_check(&e->game, c, p) == MOVE_OK)
			moves[n++] = p;
	}
	if (n == 0) {
		gtp_engine_printf(e, "no legal move among them");
		return -1;
	}
	ai_set_allowed(ag->ai, moves, n);
	r = ai_gtp_think(e, 1, argv, false, false);
	ai_set_allowed(ag->ai, NULL, 0);
	return r;
}

/* tengen-stats: the search of the last genmove, for benchmarks. */
static int
ai_gtp_stats(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	const struct ai_stats *s = &ag->last;

	(void)argc;
	(void)argv;
	gtp_engine_printf(e, "playouts %ld seconds %.2f playouts/s %.0f "
	    "winrate %.3f memory %zu reused %ld", s->playouts, s->seconds,
	    s->seconds > 0 ? s->playouts / s->seconds : 0.0, s->winrate,
	    s->memory, s->reused);
	return 0;
}

/* tengen-playouts N: the share of N playouts alone (no tree) from the
 * position that the colour to move wins, for bench/playout-eval.py. */
static int
ai_gtp_playouts(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	int n;

	if (argc != 1 || gtp_engine_parse_int(argv[0], 1, 1000000, &n) != 0) {
		gtp_engine_printf(e, "syntax error: tengen-playouts N (1 to "
		    "1000000)");
		return -1;
	}
	gtp_engine_printf(e, "%.4f", ai_playout_share(ag->ai, &e->game, n));
	return 0;
}

static int
ai_gtp_number(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return *s && !*end && *v >= 0 && *v < 1e9 ? 0 : -1;
}

/* time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES: Canadian, or absolute
 * when the period is 0, or no limit when the period is above 0 and the
 * stones are 0 (as the GTP specification has it). */
static int
ai_gtp_time_settings(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	double m, p, s;

	if (argc != 3 || ai_gtp_number(argv[0], &m) < 0 ||
	    ai_gtp_number(argv[1], &p) < 0 || ai_gtp_number(argv[2], &s) < 0 ||
	    s != (int)s) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	memset(&ag->rules, 0, sizeof ag->rules);
	if (p > 0 && s == 0) {
		ag->rules.kind = CLOCK_NONE;
	} else if (p == 0) {
		ag->rules.kind = CLOCK_ABSOLUTE;
	} else {
		ag->rules.kind = CLOCK_CANADIAN;
		ag->rules.period = p;
		ag->rules.stones = (int)s;
	}
	ag->rules.main_time = m;
	ai_gtp_clocks_start(ag);
	return 0;
}

/* kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S */
static int
ai_gtp_kgs_time_settings(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	char text[128] = "";
	size_t len = 0;
	struct clock_rules r;

	/* The arguments joined again; longer ones than fit are no clock. */
	for (int i = 0; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (len + n + 2 > sizeof text) {
			len = sizeof text;
			break;
		}
		memcpy(text + len, argv[i], n);
		text[len + n] = ' ';
		len += n + 1;
		text[len] = '\0';
	}
	if (argc < 1 || len >= sizeof text || clock_parse(text, &r) < 0 ||
	    r.kind == CLOCK_FISCHER) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	ag->rules = r;
	ai_gtp_clocks_start(ag);
	return 0;
}

static int
ai_gtp_time_left(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	enum color c;
	double t, s;

	if (argc != 3 || gtp_engine_parse_color(argv[0], &c) < 0 ||
	    ai_gtp_number(argv[1], &t) < 0 || ai_gtp_number(argv[2], &s) < 0 ||
	    s != (int)s) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	/* 0 stones: still in main time; else in overtime, with S stones
	 * due in the period (Canadian) or S periods left (byo-yomi). */
	struct clock_state *cs = &ag->clock[c];

	cs->flagged = false;
	if (s == 0) {
		cs->in_overtime = false;
		cs->main_left = t;
		return 0;
	}
	cs->in_overtime = true;
	cs->main_left = 0;
	cs->period_left = t;
	if (ag->rules.kind == CLOCK_BYOYOMI)
		cs->periods_left = (int)s;
	else
		cs->stones_left = (int)s;
	return 0;
}

static const struct gtp_command ai_gtp_commands[] = {
	{ "genmove", ai_gtp_genmove },
	{ "reg_genmove", ai_gtp_reg_genmove },
	{ "kgs-genmove_cleanup", ai_gtp_genmove_cleanup },
	{ "restricted_genmove", ai_gtp_restricted_genmove },
	{ "tengen-stats", ai_gtp_stats },
	{ "tengen-playouts", ai_gtp_playouts },
	{ "time_settings", ai_gtp_time_settings },
	{ "kgs-time_settings", ai_gtp_kgs_time_settings },
	{ "time_left", ai_gtp_time_left },
	{ NULL, NULL }
};

int
ai_gtp_register(struct gtp_engine *e, struct ai_gtp *ag)
{
	e->data = ag;
	e->new_game = ai_gtp_new_game;
	return gtp_engine_add_commands(e, ai_gtp_commands);
}
