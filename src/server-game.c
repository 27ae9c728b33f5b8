/*
 * server-game.c: games at tables, judged by libtengen, with the server's
 * clocks.
 *
 * Every move goes through game_check()/game_play(), the same rules the
 * client runs, so the two cannot disagree.  The clock is libtengen's
 * byo-yomi with unlimited periods and a move limit: "total time, per move
 * while main time lasts, per move after it".  The server owns time: the
 * tick ends a game on time even if the player never sends another request.
 *
 * Persistence: a game row holds the clock state at the last move and the
 * counting marks; the moves table holds the moves.  After a restart a game
 * is the replay of its moves.  The player to move is charged what they
 * had thought until the server was last known to run (the row keeps when
 * the move began on the wall clock, the database when the server last ran)
 * and not the time it was down; the row is saved again at once with the
 * move's start moved on by that time, so that the next restart charges
 * each second once.  A count whose estimate of the dead stones had yet to
 * come is estimated again.
 *
 * Counting starts with every stone alive; libtengen's estimate of the dead
 * stones, a fraction of a second of playouts on a big board, is made by a
 * thread on a copy of the game, away from the server's lock, and lands as
 * a change of the count would, unless the count has changed meanwhile.
 * Only so many such threads run (--estimates); the estimates beyond wait
 * in a queue for the first thread free.
 */
#include "config.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ai.h"
#include "score.h"
#include "server.h"
#include "util.h"

static const char *const server_status_names[] = {
	[SERVER_PLAYING] = "playing",
	[SERVER_COUNTING] = "counting",
	[SERVER_OVER] = "over",
};

/* Error codes for illegal moves, by verdict. */
static const char *const server_verdict_codes[] = {
	[MOVE_OK] = "ok",
	[MOVE_OCCUPIED] = "occupied",
	[MOVE_SUICIDE] = "suicide",
	[MOVE_KO] = "ko",
	[MOVE_SUPERKO] = "superko",
	[MOVE_OFFBOARD] = "off_board",
};

static void
server_game_clock_rules(struct server_game *sg)
{
	memset(&sg->clock, 0, sizeof sg->clock);
	sg->clock.kind = CLOCK_BYOYOMI;
	sg->clock.main_time = sg->rules.main_time;
	sg->clock.move_limit = sg->rules.move_limit;
	sg->clock.period = sg->rules.overtime;
	sg->clock.periods = 0;
}

void
server_game_free(struct server_game *sg)
{
	if (sg == NULL)
		return;
	game_free(&sg->g);
	free(sg);
}

/* Does SG have a count: being counted, or over by it (the final count, with
 * its dead stones, is kept with the game)? */
static bool
server_game_counted(const struct server_game *sg)
{
	return sg->status == SERVER_COUNTING ||
	    (sg->status == SERVER_OVER && strcmp(sg->reason, "score") == 0);
}

static void
server_game_row(const struct server_table *t, const struct server_game *sg,
		struct server_db_game *row)
{
	size_t len = 0;

	memset(row, 0, sizeof *row);
	row->id = sg->id;
	row->table = t->id;
	row->black = sg->player[BLACK];
	row->white = sg->player[WHITE];
	row->rules = sg->rules;
	row->status = sg->status;
	row->main_left[0] = sg->cs[BLACK].main_left;
	row->main_left[1] = sg->cs[WHITE].main_left;
	row->overtime[0] = sg->cs[BLACK].in_overtime;
	row->overtime[1] = sg->cs[WHITE].in_overtime;
	row->accepted = (sg->accepted[BLACK] ? 1 : 0) |
	    (sg->accepted[WHITE] ? 2 : 0) | sg->count_version << 2;
	snprintf(row->result, sizeof row->result, "%s", sg->result);
	snprintf(row->reason, sizeof row->reason, "%s", sg->reason);
	row->points[0] = sg->points[BLACK];
	row->points[1] = sg->points[WHITE];
	row->points_set = sg->points_set;
	row->undo_by = sg->undo_by;
	row->resumed_at = sg->resumed_at;
	/* When the move to play began, on the wall clock, so that a restart
	 * can charge what was thought before the server stopped. */
	if (sg->status == SERVER_PLAYING)
		row->turn_ms = util_wall_ms() -
		    (long long)((util_now() - sg->turn_start) * 1000);
	/* An estimate still to come is made again after a crash. */
	if (sg->status == SERVER_COUNTING && sg->estimating == sg->count_version)
		row->estimating = sg->estimating;
	if (!server_game_counted(sg))
		return;
	for (int p = 0; p < sg->g.board.npoints; p++) {
		char v[8];

		if (!sg->dead[p] || len + 8 >= sizeof row->dead)
			continue;
		board_vertex_str(&sg->g.board, (point_t)p, v);
		len += (size_t)snprintf(row->dead + len, sizeof row->dead - len,
		    "%s%s", len ? " " : "", v);
	}
}

static void
server_game_save(struct server *srv, struct server_table *t)
{
	struct server_db_game row;

	server_game_row(t, t->game, &row);
	if (server_db_game_save(srv->db, &row) < 0)
		server_fatal(srv, "saving a game");
}

static struct server_game *
server_game_new(struct server *srv, const struct server_db_rules *rules,
		long black, long white)
{
	struct server_game *sg = xcalloc(1, sizeof *sg);
	struct server_db_user u;

	sg->rules = *rules;
	sg->player[BLACK] = black;
	sg->player[WHITE] = white;
	for (enum color c = BLACK; c <= WHITE; c++)
		if (server_db_user_by_id(srv->db, sg->player[c], &u) == 0)
			snprintf(sg->name[c], sizeof sg->name[c], "%s", u.name);
	if (game_init(&sg->g, rules->size, rules->komi) < 0)
		server_fatal(srv, "a stored board size is out of range");
	server_game_clock_rules(sg);
	clock_start(&sg->clock, &sg->cs[BLACK]);
	clock_start(&sg->clock, &sg->cs[WHITE]);
	sg->turn_start = util_now();
	sg->seen[BLACK] = sg->seen[WHITE] = sg->turn_start;
	sg->status = SERVER_PLAYING;
	return sg;
}

struct server_replay {
	struct server_game *sg;
	int bad;
};

static void
server_game_replay(void *arg, int color, const char *vertex)
{
	struct server_replay *r = arg;
	point_t p = board_vertex_parse(&r->sg->g.board, vertex);

	if (p == BOARD_NONE || (color != BLACK && color != WHITE) ||
	    game_play(&r->sg->g, (enum color)color, p) != MOVE_OK)
		r->bad++;
}

int
server_game_load(struct server *srv, struct server_table *t)
{
	struct server_db_game row;
	struct server_replay r = { NULL, 0 };
	struct server_game *sg;
	int rc;

	/* A table taken again since its last game shows none. */
	if (t->games == 0)
		return 0;
	rc = server_db_game_last(srv->db, t->id, &row);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	sg = server_game_new(srv, &row.rules, row.black, row.white);
	sg->id = row.id;
	sg->status = (enum server_status)row.status;
	if (sg->status < SERVER_PLAYING || sg->status > SERVER_OVER)
		sg->status = SERVER_OVER;
	r.sg = sg;
	if (server_db_moves(srv->db, sg->id, server_game_replay, &r) < 0)
		return -1;
	if (r.bad) {
		fprintf(stderr, "tengend: game %ld: %d stored moves are not legal\n",
		    sg->id, r.bad);
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		struct clock_state *cs = &sg->cs[i == 0 ? BLACK : WHITE];

		cs->main_left = row.main_left[i];
		cs->in_overtime = row.overtime[i];
		cs->period_left = sg->clock.period;
	}
	sg->accepted[BLACK] = (row.accepted & 1) != 0;
	sg->accepted[WHITE] = (row.accepted & 2) != 0;
	sg->count_version = row.accepted >> 2;
	snprintf(sg->result, sizeof sg->result, "%s", row.result);
	snprintf(sg->reason, sizeof sg->reason, "%s", row.reason);
	sg->points[BLACK] = row.points[0];
	sg->points[WHITE] = row.points[1];
	sg->points_set = row.points_set;
	/* A loss on time: the loser's clock is out, as before the restart. */
	if (sg->status == SERVER_OVER && strcmp(sg->reason, "time") == 0 &&
	    (sg->result[0] == 'B' || sg->result[0] == 'W'))
		sg->cs[sg->result[0] == 'B' ? WHITE : BLACK].flagged = true;
	if (row.resumed_at > 0 && row.resumed_at <= sg->g.nmoves)
		sg->resumed_at = row.resumed_at;
	/* The player to move is charged what they had thought when the
	 * server was last known to run, not the time it was down; the row
	 * is saved with the move's start moved on by that time, or the next
	 * restart would charge it again. */
	if (sg->status == SERVER_PLAYING && row.turn_ms > 0 &&
	    srv->alive_ms > row.turn_ms)
		sg->turn_start -= (double)(srv->alive_ms - row.turn_ms) / 1000;
	if (sg->status == SERVER_PLAYING &&
	    (row.undo_by == BLACK || row.undo_by == WHITE))
		sg->undo_by = (enum color)row.undo_by;
	if (server_game_counted(sg)) {
		char *save = NULL;

		/* The counting's limit starts again: how long it went on
		 * before the restart is not kept. */
		sg->count_start = util_now();

		for (char *v = strtok_r(row.dead, " ", &save); v;
		    v = strtok_r(NULL, " ", &save)) {
			point_t p = board_vertex_parse(&sg->g.board, v);

			if (p >= 0)
				sg->dead[p] = 1;
		}
		/* server_game_estimates_restart() makes it again. */
		if (sg->status == SERVER_COUNTING && row.estimating > 0 &&
		    row.estimating == sg->count_version)
			sg->estimating = row.estimating;
	}
	/* Nobody has been heard from since the restart: both count as away
	 * (without a disconnect event), so that each one's first request
	 * announces them back, also to the clients that were told before
	 * the restart that they had left. */
	if (sg->status != SERVER_OVER)
		sg->away[BLACK] = sg->away[WHITE] = true;
	t->game = sg;
	if (sg->status == SERVER_PLAYING)
		server_game_save(srv, t);
	return 0;
}

/* --- JSON */

static cJSON *
server_game_clock_json(const struct server_game *sg, enum color c, double now)
{
	cJSON *o = cJSON_CreateObject();
	double left = clock_remaining(&sg->clock, &sg->cs[c]);
	double main_left = sg->cs[c].main_left;

	/* Both counted down to now for the player to move, so that a client
	 * counts both on from the reply. */
	if (sg->status == SERVER_PLAYING && game_to_move(&sg->g) == c) {
		left -= now - sg->turn_start;
		main_left -= now - sg->turn_start;
		if (main_left < 0)
			main_left = 0;
	}
	/* Milliseconds are plenty for a display. */
	cJSON_AddNumberToObject(o, "main_left", floor(main_left * 1000) / 1000);
	cJSON_AddBoolToObject(o, "overtime", sg->cs[c].in_overtime);
	cJSON_AddNumberToObject(o, "left", left > 0 ? floor(left * 1000) / 1000 : 0);
	return o;
}

static cJSON *
server_game_clocks_json(const struct server_game *sg)
{
	cJSON *o = cJSON_CreateObject();
	double now = util_now();

	cJSON_AddItemToObject(o, "black", server_game_clock_json(sg, BLACK, now));
	cJSON_AddItemToObject(o, "white", server_game_clock_json(sg, WHITE, now));
	return o;
}

static cJSON *
server_game_count_json(const struct server_game *sg)
{
	cJSON *o = cJSON_CreateObject(), *dead = cJSON_CreateArray();
	cJSON *acc = cJSON_CreateObject();
	struct score s;
	char buf[32];

	for (int p = 0; p < sg->g.board.npoints; p++)
		if (sg->dead[p])
			cJSON_AddItemToArray(dead, cJSON_CreateString(
			    board_vertex_str(&sg->g.board, (point_t)p, buf)));
	score_area(&sg->g.board, sg->dead, sg->g.komi, &s);
	cJSON_AddItemToObject(o, "dead", dead);
	cJSON_AddNumberToObject(o, "black", s.black);
	cJSON_AddNumberToObject(o, "white", s.white);
	cJSON_AddStringToObject(o, "result",
	    score_result_sgf(s.margin, buf, sizeof buf));
	cJSON_AddBoolToObject(acc, "black", sg->accepted[BLACK]);
	cJSON_AddBoolToObject(acc, "white", sg->accepted[WHITE]);
	cJSON_AddItemToObject(o, "accepted", acc);
	cJSON_AddNumberToObject(o, "version", sg->count_version);
	cJSON_AddBoolToObject(o, "estimating", sg->status == SERVER_COUNTING &&
	    sg->estimating == sg->count_version);
	return o;
}

/* Seconds left before the count as it stands is final, or -1: no limit. */
static double
server_game_count_left(const struct server *srv, const struct server_game *sg)
{
	double left;

	if (srv->opt.count_limit <= 0)
		return -1;
	left = srv->opt.count_limit - (util_now() - sg->count_start);
	return left > 0 ? left : 0;
}

/* The count of SG with the seconds left of it, if limited. */
static cJSON *
server_game_count_left_json(const struct server *srv,
			    const struct server_game *sg)
{
	cJSON *o = server_game_count_json(sg);
	double left = server_game_count_left(srv, sg);

	if (left >= 0)
		cJSON_AddNumberToObject(o, "ends_in", left);
	return o;
}

/* Seconds left before the player C, who dropped, counts as escaped. */
static double
server_game_escape_in(const struct server *srv, const struct server_game *sg,
		      enum color c)
{
	double left = srv->opt.escape_after - (util_now() - sg->seen[c]);

	return left > 0 ? left : 0;
}

/* What a finished game's end event and state tell beside its result and
 * reason: the winner, the result in Chinese words for a counted game, and
 * the points each player won or lost with their ranks now, when known. */
static void
server_game_end_json(struct server *srv, const struct server_game *sg,
		     cJSON *o)
{
	enum color winner = sg->result[0] == 'B' ? BLACK :
	    sg->result[0] == 'W' ? WHITE : EMPTY;
	char buf[64];			/* "黑胜 180½ 子": 17 bytes and more */
	cJSON *pts, *ranks, *ranks_en;

	cJSON_AddStringToObject(o, "winner",
	    winner == EMPTY ? "none" : color_name(winner));
	if (strcmp(sg->reason, "score") == 0) {
		/* "B+3.5", "W+0.5", "0": Black's margin. */
		double margin = winner == EMPTY ? 0 : strtod(sg->result + 2, NULL);

		cJSON_AddStringToObject(o, "result_zh", score_result_stones(
		    winner == WHITE ? -margin : margin, "zh", false, buf,
		    sizeof buf));
	}
	if (!sg->points_set)
		return;
	pts = cJSON_AddObjectToObject(o, "points");
	ranks = cJSON_AddObjectToObject(o, "rank");
	ranks_en = cJSON_AddObjectToObject(o, "rank_en");
	for (enum color c = BLACK; c <= WHITE; c++) {
		struct server_db_user u;

		cJSON_AddNumberToObject(pts, color_name(c),
		    (double)sg->points[c]);
		if (server_db_user_by_id(srv->db, sg->player[c], &u) == 0) {
			cJSON_AddStringToObject(ranks, color_name(c),
			    server_rank_zh(u.points));
			cJSON_AddStringToObject(ranks_en, color_name(c),
			    server_rank_en(u.points));
		}
	}
}

cJSON *
server_game_json(struct server *srv, struct server_game *sg)
{
	cJSON *o = cJSON_CreateObject(), *moves = cJSON_CreateArray();
	cJSON *rules = cJSON_CreateObject(), *conn = cJSON_CreateObject();
	char v[8];

	cJSON_AddNumberToObject(o, "id", (double)sg->id);
	cJSON_AddStringToObject(o, "status", server_status_names[sg->status]);
	cJSON_AddStringToObject(o, "black", sg->name[BLACK]);
	cJSON_AddStringToObject(o, "white", sg->name[WHITE]);
	cJSON_AddNumberToObject(rules, "size", sg->rules.size);
	cJSON_AddNumberToObject(rules, "komi", sg->rules.komi);
	cJSON_AddNumberToObject(rules, "main_time", sg->rules.main_time);
	cJSON_AddNumberToObject(rules, "move_limit", sg->rules.move_limit);
	cJSON_AddNumberToObject(rules, "overtime", sg->rules.overtime);
	cJSON_AddItemToObject(o, "rules", rules);
	for (int i = 0; i < sg->g.nmoves; i++)
		cJSON_AddItemToArray(moves, cJSON_CreateString(board_vertex_str(
		    &sg->g.board, sg->g.moves[i].point, v)));
	cJSON_AddItemToObject(o, "moves", moves);
	cJSON_AddStringToObject(o, "to_move", color_name(game_to_move(&sg->g)));
	cJSON_AddNumberToObject(o, "captured_by_black",
	    sg->g.board.captures[BLACK]);
	cJSON_AddNumberToObject(o, "captured_by_white",
	    sg->g.board.captures[WHITE]);
	cJSON_AddItemToObject(o, "clock", server_game_clocks_json(sg));
	if (sg->status == SERVER_COUNTING)
		cJSON_AddItemToObject(o, "counting",
		    server_game_count_left_json(srv, sg));
	if (sg->undo_by != EMPTY)
		cJSON_AddStringToObject(o, "undo_request", color_name(sg->undo_by));
	cJSON_AddBoolToObject(conn, "black", !sg->away[BLACK]);
	cJSON_AddBoolToObject(conn, "white", !sg->away[WHITE]);
	cJSON_AddItemToObject(o, "connected", conn);
	if (sg->status != SERVER_OVER && (sg->away[BLACK] || sg->away[WHITE])) {
		cJSON *esc = cJSON_CreateObject();

		for (enum color c = BLACK; c <= WHITE; c++)
			if (sg->away[c])
				cJSON_AddNumberToObject(esc, color_name(c),
				    server_game_escape_in(srv, sg, c));
		cJSON_AddItemToObject(o, "escape_in", esc);
	}
	if (sg->status == SERVER_OVER) {
		cJSON_AddStringToObject(o, "result", sg->result);
		cJSON_AddStringToObject(o, "reason", sg->reason);
		if (server_game_counted(sg))
			cJSON_AddItemToObject(o, "counting",
			    server_game_count_json(sg));
		server_game_end_json(srv, sg, o);
	}
	return o;
}

static cJSON *
server_game_event(const char *type, enum color c)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "type", type);
	if (c == BLACK || c == WHITE)
		cJSON_AddStringToObject(ev, "color", color_name(c));
	return ev;
}

/* --- start and end */

void
server_game_start(struct server *srv, struct server_table *t)
{
	struct server_db_game row;
	int b = t->games % 2;
	struct server_game *sg;
	cJSON *ev;

	server_game_free(t->game);
	sg = server_game_new(srv, &t->rules, t->seat[b], t->seat[1 - b]);
	t->game = sg;
	server_game_row(t, sg, &row);
	if (server_db_game_add(srv->db, &row) < 0)
		server_fatal(srv, "adding a game");
	sg->id = row.id;
	t->games++;
	t->rules_fixed = true;
	t->ready[0] = t->ready[1] = false;
	server_table_save(srv, t);
	ev = server_game_event("start", EMPTY);
	cJSON_AddItemToObject(ev, "game", server_game_json(srv, sg));
	server_emit(srv, &t->chan, ev);
	server_table_announce(srv, t);
}

/* End the game at T.  WINNER is EMPTY for a draw; for an escape it is the
 * player who stayed.  MARGIN is Black's, for a counted game. */
static void
server_game_end(struct server *srv, struct server_table *t,
		const char *reason, enum color winner, double margin)
{
	struct server_game *sg = t->game;
	long delta[3] = { 0, 0, 0 };
	int base = t->room->row.base;
	bool escape = strcmp(reason, "escape") == 0;
	cJSON *ev;

	/* The clock of the player who was to move keeps the time its
	 * unfinished move took, off its main time (no increment, no new
	 * period: no move was made); on a loss on time too, whose clock
	 * then has no time left however much main time a move limit
	 * left it. */
	if (sg->status == SERVER_PLAYING) {
		struct clock_state *cs = &sg->cs[game_to_move(&sg->g)];
		double spent = util_now() - sg->turn_start;

		if (!cs->in_overtime && spent > 0)
			cs->main_left = spent < cs->main_left ?
			    cs->main_left - spent : 0;
	}
	sg->status = SERVER_OVER;
	sg->undo_by = EMPTY;
	snprintf(sg->reason, sizeof sg->reason, "%s", reason);
	if (strcmp(reason, "score") == 0)
		score_result_sgf(margin, sg->result, sizeof sg->result);
	else
		snprintf(sg->result, sizeof sg->result, "%c+%c",
		    winner == BLACK ? 'B' : 'W',
		    escape ? 'F' : strcmp(reason, "time") == 0 ? 'T' : 'R');
	if (escape) {
		enum color loser = color_other(winner);

		delta[loser] = -t->room->row.penalty;
		if (server_db_user_record(srv->db, sg->player[loser],
		    delta[loser], 0, 0, 0, 1) < 0)
			server_fatal(srv, "recording an escape");
	} else {
		for (enum color c = BLACK; c <= WHITE; c++) {
			int win = winner == c, loss = winner == color_other(c);

			delta[c] = win ? base : loss ? -base : 0;
			if (server_db_user_record(srv->db, sg->player[c],
			    delta[c], win, loss, winner == EMPTY, 0) < 0)
				server_fatal(srv, "recording a result");
		}
	}
	sg->points[BLACK] = delta[BLACK];
	sg->points[WHITE] = delta[WHITE];
	sg->points_set = true;
	server_game_save(srv, t);
	ev = server_game_event("end", EMPTY);
	cJSON_AddNumberToObject(ev, "game", (double)sg->id);
	cJSON_AddStringToObject(ev, "result", sg->result);
	cJSON_AddStringToObject(ev, "reason", reason);
	if (strcmp(reason, "score") == 0)
		cJSON_AddItemToObject(ev, "counting", server_game_count_json(sg));
	server_game_end_json(srv, sg, ev);
	server_emit(srv, &t->chan, ev);
	if (escape) {
		/* The escaper loses the seat; the other may start again. */
		int s = server_table_seat(t, sg->player[color_other(winner)]);

		if (s >= 0) {
			server_table_event(srv, t, "leave", s);
			t->seat[s] = 0;
			t->seat_name[s][0] = '\0';
		}
	}
	t->ready[0] = t->ready[1] = false;
	server_table_save(srv, t);
	server_table_announce(srv, t);
}

/* The count as it stands is the result. */
static void
server_game_score(struct server *srv, struct server_table *t)
{
	struct server_game *sg = t->game;
	struct score s;

	score_area(&sg->g.board, sg->dead, sg->g.komi, &s);
	sg->g.end = GAME_END_SCORE;
	sg->g.score = s.margin;
	server_game_end(srv, t, "score", s.margin > 0 ? BLACK :
	    s.margin < 0 ? WHITE : EMPTY, s.margin);
}

/* The count of T's game has changed (a toggle by BY at TOGGLED, or the
 * estimate): the acceptances go, the version moves on, the players see it. */
static void
server_game_recount(struct server *srv, struct server_table *t, enum color by,
		const char *toggled)
{
	struct server_game *sg = t->game;
	cJSON *ev;

	sg->accepted[BLACK] = sg->accepted[WHITE] = false;
	sg->count_version++;
	server_game_save(srv, t);
	ev = server_game_event("counting", by);
	if (toggled)
		cJSON_AddStringToObject(ev, "toggled", toggled);
	cJSON_AddItemToObject(ev, "counting",
	    server_game_count_left_json(srv, sg));
	server_emit(srv, &t->chan, ev);
}

/* --- the dead stones' estimate, away from the lock
 *
 * At most opt.estimates threads make estimates; one started beyond that
 * waits in srv's queue, and a thread that has handed in an answer takes
 * the next one waiting, so the estimates of many counts begun together
 * share the processors instead of each taking one. */

/* One estimate: queued, the server owns it; taken, its worker does.  Both
 * free it. */
struct server_estimate {
	struct server *srv;
	long table;			/* the count it is for: table, */
	long game;			/* game id */
	int version;			/* and count_version at hand-off */
	struct game g;			/* a copy of the game */
	uint8_t dead[BOARD_MAX_POINTS];	/* the answer */
	struct server_estimate *next;	/* in the queue */
};

static void
server_game_estimate_free(struct server_estimate *e)
{
	game_free(&e->g);
	free(e);
}

/* With the lock held: the table E is for, if its count is still the one E
 * was made for, or NULL.  A toggle, a resume, the end of the game or a new
 * one since make E stale: the players' word is worth more than a guess. */
static struct server_table *
server_game_estimate_table(struct server *srv, const struct server_estimate *e)
{
	struct server_table *t = server_table_find(srv, e->table);
	struct server_game *sg = t ? t->game : NULL;

	if (sg == NULL || sg->id != e->game || sg->status != SERVER_COUNTING ||
	    sg->count_version != e->version)
		return NULL;
	return t;
}

/* With the lock held: E's answer becomes the count, unless E is stale,
 * when it is dropped.  An answer that changes nothing (no stone dead, as
 * the count began) leaves the version and the acceptances as they are:
 * the players see only that the estimate came. */
static void
server_game_estimate_land(struct server *srv, const struct server_estimate *e)
{
	struct server_table *t = server_game_estimate_table(srv, e);
	struct server_game *sg = t ? t->game : NULL;

	if (t == NULL)
		return;
	server_begin(srv);
	if (memcmp(sg->dead, e->dead, sizeof sg->dead) == 0) {
		cJSON *ev = server_game_event("counting", EMPTY);

		sg->estimating = 0;
		server_game_save(srv, t);
		cJSON_AddItemToObject(ev, "counting",
		    server_game_count_left_json(srv, sg));
		server_emit(srv, &t->chan, ev);
	} else {
		memcpy(sg->dead, e->dead, sizeof sg->dead);
		server_game_recount(srv, t, EMPTY, NULL);
	}
	server_commit(srv);
}

/* With the lock held: the oldest queued estimate that is not stale, taken
 * off the queue, or NULL; the stale ones before it are dropped uncomputed. */
static struct server_estimate *
server_game_estimate_next(struct server *srv)
{
	struct server_estimate *e;

	while ((e = srv->estimate_first) != NULL) {
		srv->estimate_first = e->next;
		if (srv->estimate_first == NULL)
			srv->estimate_last = NULL;
		e->next = NULL;
		if (server_game_estimate_table(srv, e))
			return e;
		server_game_estimate_free(e);
	}
	return NULL;
}

/* A worker: it makes estimates until none waits, then ends. */
static void *
server_game_estimate_run(void *arg)
{
	struct server_estimate *e = arg;
	struct server *srv = e->srv;

	while (e != NULL) {
		if (srv->opt.estimate_delay > 0) {
			struct timespec ts;

			ts.tv_sec = (time_t)srv->opt.estimate_delay;
			ts.tv_nsec = (long)((srv->opt.estimate_delay -
			    (double)ts.tv_sec) * 1e9);
			nanosleep(&ts, NULL);
		}
		ai_dead_stones(&e->g, e->dead);
		pthread_mutex_lock(&srv->lock);
		server_game_estimate_land(srv, e);
		server_game_estimate_free(e);
		e = server_game_estimate_next(srv);
		/* Once the lock is let go after the last estimate, the server may
		 * be freed: nothing of it is touched after. */
		if (e == NULL && --srv->estimates == 0)
			pthread_cond_broadcast(&srv->estimates_done);
		pthread_mutex_unlock(&srv->lock);
	}
	return NULL;
}

/* Have the dead stones of T's count estimated by a thread of its own, or
 * by the next thread free when opt.estimates run. */
static void
server_game_estimate_start(struct server *srv, struct server_table *t)
{
	struct server_game *sg = t->game;
	struct server_estimate *e = xcalloc(1, sizeof *e);
	pthread_attr_t attr;
	pthread_t tid;
	int rc;

	e->srv = srv;
	e->table = t->id;
	e->game = sg->id;
	e->version = sg->count_version;
	game_copy(&e->g, &sg->g);
	if (srv->estimates >= srv->opt.estimates) {
		if (srv->estimate_last)
			srv->estimate_last->next = e;
		else
			srv->estimate_first = e;
		srv->estimate_last = e;
		sg->estimating = sg->count_version;
		return;
	}
	assert(srv->estimate_first == NULL);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	rc = pthread_create(&tid, &attr, server_game_estimate_run, e);
	pthread_attr_destroy(&attr);
	if (rc == 0) {
		/* The worker waits for the lock, held here, before it counts
		 * itself out. */
		srv->estimates++;
		sg->estimating = sg->count_version;
		return;
	}
	/* No thread to be had: the estimate is made here, under the lock;
	 * every request waits for it, but the count is proposed. */
	ai_dead_stones(&sg->g, sg->dead);
	server_game_estimate_free(e);
}

void
server_game_estimates_restart(struct server *srv)
{
	for (long id = 1; id < srv->ctables; id++) {
		struct server_table *t = srv->tables[id];
		struct server_game *sg = t ? t->game : NULL;

		if (sg && sg->status == SERVER_COUNTING &&
		    sg->estimating == sg->count_version && sg->estimating > 0)
			server_game_estimate_start(srv, t);
	}
}

/* The workers end only once the queue is empty: waiting for them waits
 * for the queued estimates too, each made or dropped. */
void
server_game_estimates_wait(struct server *srv)
{
	pthread_mutex_lock(&srv->lock);
	while (srv->estimates > 0)
		pthread_cond_wait(&srv->estimates_done, &srv->lock);
	assert(srv->estimate_first == NULL);
	pthread_mutex_unlock(&srv->lock);
}

/* Two passes: counting starts with every stone alive, and the estimate of
 * the dead ones comes as a change of the count. */
static void
server_game_counting(struct server *srv, struct server_table *t)
{
	struct server_game *sg = t->game;
	cJSON *ev;

	sg->status = SERVER_COUNTING;
	sg->accepted[BLACK] = sg->accepted[WHITE] = false;
	sg->count_version++;
	sg->count_start = util_now();
	memset(sg->dead, 0, sizeof sg->dead);
	server_game_estimate_start(srv, t);
	server_game_save(srv, t);
	ev = server_game_event("counting", EMPTY);
	cJSON_AddItemToObject(ev, "counting",
	    server_game_count_left_json(srv, sg));
	server_emit(srv, &t->chan, ev);
	server_table_announce(srv, t);
}

/* --- requests */

/* Has the player to move run out of time at NOW (a move that takes all
 * the time left is too late, as clock_charge() counts it)?  Then the game
 * ends on time and that player's colour is returned; EMPTY otherwise. */
static enum color
server_game_time_up(struct server *srv, struct server_table *t, double now)
{
	struct server_game *sg = t->game;
	enum color c = game_to_move(&sg->g);

	if (sg->status != SERVER_PLAYING ||
	    now - sg->turn_start < clock_remaining(&sg->clock, &sg->cs[c]))
		return EMPTY;
	server_begin(srv);
	sg->cs[c].flagged = true;
	server_game_end(srv, t, "time", color_other(c), 0);
	server_commit(srv);
	return c;
}

/* The live game of the caller's table and the caller's colour there.  A
 * clock run out ends the game first, whatever the request: a resignation
 * or an undo sent after it does not undo a loss on time that the tick
 * has not yet found. */
static struct server_table *
server_game_call(struct server_call *c, enum color *color)
{
	struct server_table *t;
	struct server_game *sg;
	enum color late;
	int seat;

	t = server_call_table(c, &seat);
	if (t == NULL)
		return NULL;
	sg = t->game;
	if (sg == NULL || sg->status == SERVER_OVER) {
		server_error(c, 409, "game_over", "no game is being played at "
		    "table %ld", t->id);
		return NULL;
	}
	*color = sg->player[BLACK] == c->user ? BLACK :
	    sg->player[WHITE] == c->user ? WHITE : EMPTY;
	if (*color == EMPTY) {
		server_error(c, 403, "not_a_player", "you do not play at table %ld",
		    t->id);
		return NULL;
	}
	server_game_presence(c->srv, t, c->user, 0);
	late = server_game_time_up(c->srv, t, util_now());
	if (late == *color) {
		server_error(c, 409, "time_up", "your time ran out");
		return NULL;
	}
	if (late != EMPTY) {
		server_error(c, 409, "game_over", "the game is over: %s ran out "
		    "of time", color_name(late));
		return NULL;
	}
	return t;
}

static cJSON *
server_game_ok(struct server_table *t)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddBoolToObject(o, "ok", true);
	cJSON_AddNumberToObject(o, "n", t->game->g.nmoves);
	cJSON_AddNumberToObject(o, "seq", (double)t->chan.last_seq);
	return o;
}

static void
server_game_play(struct server_call *c, const char *vertex)
{
	struct server *srv = c->srv;
	struct server_table *t;
	struct server_game *sg;
	enum board_verdict v;
	enum color color;
	double now = util_now(), elapsed;
	long expect;
	point_t p;
	cJSON *ev;
	char buf[8];

	t = server_game_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	/* Before the turn and the counting: a move sent again once its
	 * answer was lost is stale, though the turn has passed to the
	 * opponent by then, or a second pass has started counting. */
	if (server_json_long(c, "n", 0, 100000, false, &expect) < 0)
		return;
	if (cJSON_GetObjectItemCaseSensitive(c->body, "n") &&
	    expect != sg->g.nmoves) {
		server_error(c, 409, "stale", "the game has %d moves, not %ld",
		    sg->g.nmoves, expect);
		return;
	}
	if (sg->status != SERVER_PLAYING) {
		server_error(c, 409, "counting", "the stones are being counted; "
		    "resume the game to play on");
		return;
	}
	p = board_vertex_parse(&sg->g.board, vertex);
	if (p == BOARD_NONE) {
		server_error(c, 400, "bad_move", "%s is not a point on %dx%d",
		    vertex, sg->rules.size, sg->rules.size);
		return;
	}
	if (game_to_move(&sg->g) != color) {
		server_error(c, 409, "not_your_turn", "it is %s's turn",
		    color_name(game_to_move(&sg->g)));
		return;
	}
	/* (server_game_call() found the time left, later than NOW.) */
	elapsed = now - sg->turn_start;
	v = game_check(&sg->g, color, p);
	if (v != MOVE_OK) {
		server_error(c, 409, server_verdict_codes[v], "%s is illegal: %s",
		    board_vertex_str(&sg->g.board, p, buf), board_verdict_str(v));
		return;
	}
	server_begin(srv);
	game_play(&sg->g, color, p);
	clock_charge(&sg->clock, &sg->cs[color], elapsed);
	sg->turn_start = now;
	sg->undo_by = EMPTY;
	if (server_db_move_add(srv->db, sg->id, sg->g.nmoves - 1, color,
	    board_vertex_str(&sg->g.board, p, buf)) < 0)
		server_fatal(srv, "storing a move");
	server_game_save(srv, t);
	ev = server_game_event(p == BOARD_PASS ? "pass" : "move", color);
	cJSON_AddNumberToObject(ev, "n", sg->g.nmoves);
	cJSON_AddStringToObject(ev, "move", buf);
	cJSON_AddNumberToObject(ev, "captured_by_black",
	    sg->g.board.captures[BLACK]);
	cJSON_AddNumberToObject(ev, "captured_by_white",
	    sg->g.board.captures[WHITE]);
	cJSON_AddItemToObject(ev, "clock", server_game_clocks_json(sg));
	server_emit(srv, &t->chan, ev);
	/* Two passes in a row, both since play last resumed. */
	if (game_two_passes(&sg->g) && sg->g.nmoves - 2 >= sg->resumed_at)
		server_game_counting(srv, t);
	server_commit(srv);
	c->reply = server_game_ok(t);
}

void
server_game_move(struct server_call *c)
{
	const char *vertex;

	if (server_json_string(c, "move", 8, true, &vertex) != 0)
		return;
	if (strcasecmp(vertex, "resign") == 0) {
		server_error(c, 400, "bad_move", "use /game/resign to resign");
		return;
	}
	server_game_play(c, vertex);
}

void
server_game_pass(struct server_call *c)
{
	server_game_play(c, "pass");
}

void
server_game_resign(struct server_call *c)
{
	struct server_table *t;
	enum color color;

	t = server_game_call(c, &color);
	if (t == NULL)
		return;
	server_begin(c->srv);
	game_resign(&t->game->g, color);
	server_game_end(c->srv, t, "resign", color_other(color), 0);
	server_commit(c->srv);
	c->reply = server_game_ok(t);
}

void
server_game_undo(struct server_call *c)
{
	struct server_table *t;
	struct server_game *sg;
	enum color color;
	bool moved = false;

	t = server_game_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	for (int i = 0; i < sg->g.nmoves; i++)
		moved |= sg->g.moves[i].color == color;
	if (sg->status != SERVER_PLAYING || !moved) {
		server_error(c, 409, "no_undo", "there is no move of yours to "
		    "take back");
		return;
	}
	if (sg->undo_by != EMPTY) {
		server_error(c, 409, "undo_pending", "an undo request is waiting "
		    "for an answer");
		return;
	}
	server_begin(c->srv);
	sg->undo_by = color;
	server_game_save(c->srv, t);
	server_emit(c->srv, &t->chan, server_game_event("undo_request", color));
	server_commit(c->srv);
	c->reply = server_game_ok(t);
}

/* The moves when play last resumed after counting, in G as it stands in
 * play: two passes in a row since the last resume began a count, and a
 * game played on after them (or standing right after them, in play) was
 * resumed there. */
static int
server_game_last_resume(const struct game *g)
{
	int at = 0;

	for (int k = 2; k <= g->nmoves; k++)
		if (g->moves[k - 2].point == BOARD_PASS &&
		    g->moves[k - 1].point == BOARD_PASS && k - 2 >= at)
			at = k;
	return at;
}

/* The opponent answers an undo request. */
static void
server_game_undo_answer(struct server_call *c, bool accept)
{
	struct server *srv = c->srv;
	struct server_table *t;
	struct server_game *sg;
	enum color color, by;
	int k = 0;
	cJSON *ev;

	t = server_game_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	by = sg->undo_by;
	if (by == EMPTY || by == color) {
		server_error(c, 409, "no_undo", "there is no undo request of "
		    "your opponent");
		return;
	}
	server_begin(srv);
	sg->undo_by = EMPTY;
	if (accept) {
		enum color mover = game_to_move(&sg->g);

		/* The player to move has been thinking: that time is charged
		 * as a move's would be, before the position goes back. */
		if (clock_charge(&sg->clock, &sg->cs[mover],
		    util_now() - sg->turn_start) < 0) {
			server_game_end(srv, t, "time", color_other(mover), 0);
			server_commit(srv);
			c->reply = server_game_ok(t);
			return;
		}
		/* Back to just before the requester's last move. */
		while (k < sg->g.nmoves &&
		    sg->g.moves[sg->g.nmoves - 1 - k].color != by)
			k++;
		game_undo(&sg->g, k + 1);
		/* Back past the resume: the resume before it counts. */
		if (sg->g.nmoves < sg->resumed_at)
			sg->resumed_at = server_game_last_resume(&sg->g);
		sg->turn_start = util_now();
		if (server_db_move_truncate(srv->db, sg->id, sg->g.nmoves) < 0)
			server_fatal(srv, "taking back moves");
	}
	server_game_save(srv, t);
	ev = server_game_event(accept ? "undo" : "undo_declined", by);
	if (accept) {
		cJSON_AddNumberToObject(ev, "n", sg->g.nmoves);
		cJSON_AddNumberToObject(ev, "taken_back", k + 1);
		cJSON_AddItemToObject(ev, "clock", server_game_clocks_json(sg));
	}
	server_emit(srv, &t->chan, ev);
	server_commit(srv);
	c->reply = server_game_ok(t);
}

void
server_game_undo_accept(struct server_call *c)
{
	server_game_undo_answer(c, true);
}

void
server_game_undo_decline(struct server_call *c)
{
	server_game_undo_answer(c, false);
}

static struct server_table *
server_game_counting_call(struct server_call *c, enum color *color)
{
	struct server_table *t = server_game_call(c, color);

	if (t && t->game->status != SERVER_COUNTING) {
		server_error(c, 409, "not_counting", "the stones are not being "
		    "counted");
		return NULL;
	}
	return t;
}

void
server_game_toggle(struct server_call *c)
{
	struct server_table *t;
	struct server_game *sg;
	enum color color;
	const char *vertex;
	char buf[8];
	point_t p;

	t = server_game_counting_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	if (server_json_string(c, "point", 8, true, &vertex) != 0)
		return;
	p = board_vertex_parse(&sg->g.board, vertex);
	if (p < 0 || (board_at(&sg->g.board, p) != BLACK &&
	    board_at(&sg->g.board, p) != WHITE)) {
		server_error(c, 400, "no_stone", "there is no stone at %s", vertex);
		return;
	}
	server_begin(c->srv);
	score_toggle_group(&sg->g.board, sg->dead, p);
	/* As the count's dead stones say it (E5 for e05). */
	server_game_recount(c->srv, t, color,
	    board_vertex_str(&sg->g.board, p, buf));
	server_commit(c->srv);
	c->reply = server_game_ok(t);
}

void
server_game_accept(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_table *t;
	struct server_game *sg;
	enum color color;

	long version;
	int rc;

	t = server_game_counting_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	/* The count accepted must be the count as it is: a toggle may have
	 * crossed the accept on its way. */
	rc = server_json_long(c, "version", 0, INT_MAX, false, &version);
	if (rc < 0)
		return;
	if (rc == 0 && version != sg->count_version) {
		server_error(c, 409, "stale", "the count has changed (version "
		    "%d, not %ld): look at it again", sg->count_version,
		    version);
		return;
	}
	server_begin(srv);
	sg->accepted[color] = true;
	server_game_save(srv, t);
	server_emit(srv, &t->chan, server_game_event("accept", color));
	if (sg->accepted[BLACK] && sg->accepted[WHITE])
		server_game_score(srv, t);
	server_commit(srv);
	c->reply = server_game_ok(t);
}

void
server_game_resume(struct server_call *c)
{
	struct server_table *t;
	struct server_game *sg;
	enum color color;
	cJSON *ev;

	t = server_game_counting_call(c, &color);
	if (t == NULL)
		return;
	sg = t->game;
	server_begin(c->srv);
	sg->status = SERVER_PLAYING;
	memset(sg->dead, 0, sizeof sg->dead);
	sg->accepted[BLACK] = sg->accepted[WHITE] = false;
	sg->turn_start = util_now();
	sg->resumed_at = sg->g.nmoves;
	server_game_save(c->srv, t);
	ev = server_game_event("resume", color);
	cJSON_AddStringToObject(ev, "to_move", color_name(game_to_move(&sg->g)));
	cJSON_AddItemToObject(ev, "clock", server_game_clocks_json(sg));
	server_emit(c->srv, &t->chan, ev);
	server_table_announce(c->srv, t);
	server_commit(c->srv);
	c->reply = server_game_ok(t);
}

/* --- time and presence */

void
server_game_presence(struct server *srv, struct server_table *t, long user,
		int delta)
{
	struct server_game *sg = t->game;
	enum color c;

	if (sg == NULL || sg->status == SERVER_OVER || user == 0)
		return;
	c = sg->player[BLACK] == user ? BLACK :
	    sg->player[WHITE] == user ? WHITE : EMPTY;
	if (c == EMPTY)
		return;
	sg->polls[c] += delta;
	if (sg->polls[c] < 0)
		sg->polls[c] = 0;
	sg->seen[c] = util_now();
	if (sg->away[c]) {
		sg->away[c] = false;
		server_begin(srv);
		server_emit(srv, &t->chan, server_game_event("reconnect", c));
		server_commit(srv);
	}
}

static void
server_game_tick_one(struct server *srv, struct server_table *t, double now)
{
	struct server_game *sg = t->game;

	if (server_game_time_up(srv, t, now) != EMPTY)
		return;
	/* Counting has its limit: then the count as it stands, with the
	 * marks both have made, is the result, accepted or not. */
	if (sg->status == SERVER_COUNTING &&
	    server_game_count_left(srv, sg) == 0) {
		server_begin(srv);
		server_game_score(srv, t);
		server_commit(srv);
		return;
	}
	/* Both gone past the window at once (after a restart, say): the one
	 * gone longer escaped, and of two gone as long the one the game
	 * waits for. */
	enum color first = sg->seen[WHITE] < sg->seen[BLACK] ||
	    (sg->seen[WHITE] == sg->seen[BLACK] &&
	    game_to_move(&sg->g) == WHITE) ? WHITE : BLACK;
	const enum color order[2] = { first, color_other(first) };

	for (int i = 0; i < 2; i++) {
		enum color c = order[i];

		if (sg->polls[c] > 0)
			continue;
		if (!sg->away[c] && now - sg->seen[c] > srv->opt.disconnect_after) {
			sg->away[c] = true;
			server_begin(srv);
			cJSON *ev = server_game_event("disconnect", c);

			cJSON_AddNumberToObject(ev, "escape_in",
			    server_game_escape_in(srv, sg, c));
			server_emit(srv, &t->chan, ev);
			server_commit(srv);
		}
		if (sg->away[c] && now - sg->seen[c] > srv->opt.escape_after) {
			server_begin(srv);
			server_game_end(srv, t, "escape", color_other(c), 0);
			server_commit(srv);
			return;
		}
	}
}

bool
server_games_playing(const struct server *srv)
{
	for (long id = 1; id < srv->ctables; id++) {
		const struct server_table *t = srv->tables[id];

		if (t && t->game && t->game->status == SERVER_PLAYING)
			return true;
	}
	return false;
}

void
server_game_tick(struct server *srv, double now)
{
	for (long id = 1; id < srv->ctables; id++) {
		struct server_table *t = srv->tables[id];

		if (t && t->game && t->game->status != SERVER_OVER)
			server_game_tick_one(srv, t, now);
	}
}
