/*
 * ai-gtp.c: genmove and friends, as a table registered with the GTP engine.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai-gtp.h"

void
ai_gtp_init(struct ai_gtp *ag, struct ai *ai, const struct ai_options *opt)
{
	memset(ag, 0, sizeof *ag);
	ag->ai = ai;
	ag->opt = *opt;
	ag->rules.kind = CLOCK_NONE;
	for (int c = 0; c < 3; c++)
		ag->time_left[c] = -1;
}

double
ai_gtp_move_time(const struct ai_gtp *ag, const struct game *g, enum color c)
{
	double left = ag->time_left[c], t;
	int moves_to_go = g->board.nfree / 3;

	if (ag->rules.kind == CLOCK_NONE)
		return 0;
	if (moves_to_go < 15)
		moves_to_go = 15;
	if (left < 0)
		left = ag->rules.main_time;
	if (ag->stones_left[c] > 0) {
		/* In overtime: the period shared by the stones still due. */
		t = left / ag->stones_left[c];
	} else if (left > 0) {
		t = left / moves_to_go;
		if (ag->rules.kind == CLOCK_BYOYOMI || ag->rules.kind == CLOCK_CANADIAN)
			t += ag->rules.period / (ag->rules.stones > 1 ? ag->rules.stones : 1);
	} else {
		t = ag->rules.period / (ag->rules.stones > 1 ? ag->rules.stones : 1);
	}
	/* Keep a margin for the transport. */
	t = t * 0.8 - 0.1;
	return t < 0.05 ? 0.05 : t;
}

static int
ai_gtp_think(struct gtp_engine *e, int argc, char **argv, bool play, bool cleanup)
{
	struct ai_gtp *ag = e->data;
	enum color c;
	point_t p;
	double t;

	if (argc != 1 || gtp_engine_parse_color(argv[0], &c) < 0) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	t = ai_gtp_move_time(ag, &e->game, c);
	if (t > 0 && (ag->opt.seconds <= 0 || t < ag->opt.seconds))
		ai_set_limits(ag->ai, ag->opt.playouts, t);
	else
		ai_set_limits(ag->ai, ag->opt.playouts, ag->opt.seconds);
	ai_set_cleanup(ag->ai, cleanup);
	/* reg_genmove asks for the best move: resigning is no answer. */
	ai_set_resign(ag->ai, play && ag->opt.resign);
	p = ai_genmove(ag->ai, &e->game, c, &ag->last);
	ai_set_cleanup(ag->ai, false);
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
	int n = 0, r;

	if (argc < 2) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	for (int i = 1; i < argc && n < BOARD_MAX_POINTS; i++) {
		point_t p = board_vertex_parse(&e->game.board, argv[i]);

		if (p == BOARD_NONE || p == BOARD_PASS) {
			gtp_engine_printf(e, "invalid coordinate");
			return -1;
		}
		if (game_check(&e->game, BLACK, p) == MOVE_OK ||
		    game_check(&e->game, WHITE, p) == MOVE_OK)
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
	    "winrate %.3f memory %zu", s->playouts, s->seconds,
	    s->seconds > 0 ? s->playouts / s->seconds : 0.0, s->winrate,
	    s->memory);
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
 * when the period is 0, or no limit when both are 0 and stones > 0. */
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
	for (int c = 0; c < 3; c++) {
		ag->time_left[c] = -1;
		ag->stones_left[c] = 0;
	}
	return 0;
}

/* kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S */
static int
ai_gtp_kgs_time_settings(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	char text[128] = "";
	struct clock_rules r;

	for (int i = 0; i < argc && strlen(text) + strlen(argv[i]) + 2 < sizeof text; i++) {
		strcat(text, argv[i]);
		strcat(text, " ");
	}
	if (argc < 1 || clock_parse(text, &r) < 0 || r.kind == CLOCK_FISCHER) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	ag->rules = r;
	for (int c = 0; c < 3; c++) {
		ag->time_left[c] = -1;
		ag->stones_left[c] = 0;
	}
	return 0;
}

static int
ai_gtp_time_left(struct gtp_engine *e, int argc, char **argv)
{
	struct ai_gtp *ag = e->data;
	enum color c;
	double t, s;

	if (argc != 3 || gtp_engine_parse_color(argv[0], &c) < 0 ||
	    ai_gtp_number(argv[1], &t) < 0 || ai_gtp_number(argv[2], &s) < 0) {
		gtp_engine_printf(e, "syntax error");
		return -1;
	}
	ag->time_left[c] = t;
	ag->stones_left[c] = (int)s;
	return 0;
}

static const struct gtp_command ai_gtp_commands[] = {
	{ "genmove", ai_gtp_genmove },
	{ "reg_genmove", ai_gtp_reg_genmove },
	{ "kgs-genmove_cleanup", ai_gtp_genmove_cleanup },
	{ "restricted_genmove", ai_gtp_restricted_genmove },
	{ "tengen-stats", ai_gtp_stats },
	{ "time_settings", ai_gtp_time_settings },
	{ "kgs-time_settings", ai_gtp_kgs_time_settings },
	{ "time_left", ai_gtp_time_left },
	{ NULL, NULL }
};

int
ai_gtp_register(struct gtp_engine *e, struct ai_gtp *ag)
{
	e->data = ag;
	return gtp_engine_add_commands(e, ai_gtp_commands);
}
