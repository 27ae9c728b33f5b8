/*
 * tui-online-game.c: a table on the server: seats, rule settings, the game
 * with its clocks, counting with the opponent, the result, chat.
 *
 * The one idea: the board on the screen is rebuilt from the server's move
 * list on every full state, and grows by one move for each move event
 * whose number is the next one; an event that does not fit (a gap, a
 * repeat) is ignored or answered by fetching the state again, so a move
 * can never show twice or go missing.  Our own moves are not played on
 * the screen when sent: they appear when the server's event says they
 * were played.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "tui-online.h"
#include "util.h"

static enum color
tui_og_color(const char *name)
{
	return strcmp(name, "black") == 0 ? BLACK :
	    strcmp(name, "white") == 0 ? WHITE : EMPTY;
}

static const char *
tui_og_color_name(enum color c)
{
	return c == WHITE ? _("White") : _("Black");
}

static void
tui_og_rules(struct tui_online_rules *r, const cJSON *o)
{
	memset(r, 0, sizeof *r);
	if (!cJSON_IsObject(o))
		return;
	r->set = true;
	r->size = (int)net_client_num(o, "size");
	r->komi = net_client_num(o, "komi");
	r->main_time = (int)net_client_num(o, "main_time");
	r->move_limit = (int)net_client_num(o, "move_limit");
	r->overtime = (int)net_client_num(o, "overtime");
}

void
tui_online_table_from_json(struct tui_online_table *tb, const cJSON *o)
{
	const cJSON *seats = cJSON_GetObjectItemCaseSensitive(o, "seats");

	memset(tb, 0, sizeof *tb);
	tb->id = (long)net_client_num(o, "id");
	snprintf(tb->status, sizeof tb->status, "%s", net_client_str(o, "status"));
	tui_og_rules(&tb->rules, cJSON_GetObjectItemCaseSensitive(o, "rules"));
	tb->rules_fixed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
	    "rules_fixed"));
	for (int s = 0; s < 2; s++) {
		const cJSON *seat = cJSON_GetArrayItem(seats, s);

		snprintf(tb->seat[s], sizeof tb->seat[s], "%s",
		    net_client_str(seat, "name"));
		tb->ready[s] = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
		    seat, "ready"));
	}
}

static void
tui_og_clocks(struct tui *t, const cJSON *clock)
{
	struct tui_online *o = t->online;

	if (!cJSON_IsObject(clock))
		return;
	for (enum color c = BLACK; c <= WHITE; c++) {
		const cJSON *cj = cJSON_GetObjectItemCaseSensitive(clock,
		    c == BLACK ? "black" : "white");

		o->clock[c].main_left = net_client_num(cj, "main_left");
		o->clock[c].left = net_client_num(cj, "left");
		o->clock[c].overtime = cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(cj, "overtime"));
	}
	o->clock_at = util_now();
}

double
tui_online_clock_left(const struct tui *t, enum color c, bool main)
{
	const struct tui_online *o = t->online;
	const struct tui_game *gm = &t->game;
	double el = 0, v;

	if (o->have_game && gm->mode == TUI_PLAY &&
	    gm->g.end == GAME_END_NONE && game_to_move(&gm->g) == c)
		el = util_now() - o->clock_at;
	v = (main ? o->clock[c].main_left : o->clock[c].left) - el;
	return v > 0 ? v : 0;
}

static void
tui_og_counting(struct tui *t, const cJSON *cnt)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	const cJSON *d, *acc;

	memset(gm->dead, 0, sizeof gm->dead);
	cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(cnt, "dead")) {
		point_t p;

		if (!cJSON_IsString(d))
			continue;
		p = board_vertex_parse(&gm->g.board, d->valuestring);
		if (p > 0 && p != BOARD_NONE && p != BOARD_PASS)
			gm->dead[p] = 1;
	}
	score_area(&gm->g.board, gm->dead, gm->g.komi, &gm->score);
	o->count_black = net_client_num(cnt, "black");
	o->count_white = net_client_num(cnt, "white");
	snprintf(o->count_result, sizeof o->count_result, "%s",
	    net_client_str(cnt, "result"));
	acc = cJSON_GetObjectItemCaseSensitive(cnt, "accepted");
	o->accepted[BLACK] = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(acc,
	    "black"));
	o->accepted[WHITE] = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(acc,
	    "white"));
	o->count_version = (int)net_client_num(cnt, "version");
	o->count_ends = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(cnt,
	    "ends_in")) ? util_now() + net_client_num(cnt, "ends_in") : 0;
	gm->mode = TUI_COUNT;
	gm->has_preview = false;
}

static void
tui_og_rank_cb(struct tui *t, const struct net_reply *r)
{
	struct tui_online *o = t->online;
	const char *name = net_client_str(r->json, "name");
	const char *rank = net_client_str(r->json, strcmp(t->lang, "zh") == 0 ?
	    "rank" : "rank_en");

	if (o == NULL || r->code[0] != '\0')
		return;
	if (strcmp(name, o->black) == 0)
		snprintf(o->rank[BLACK], sizeof o->rank[BLACK], "%s", rank);
	if (strcmp(name, o->white) == 0)
		snprintf(o->rank[WHITE], sizeof o->rank[WHITE], "%s", rank);
}

static void
tui_og_rank_answer(void *arg, const struct net_reply *r)
{
	tui_og_rank_cb(arg, r);
}

static void
tui_og_fetch_ranks(struct tui *t)
{
	struct tui_online *o = t->online;
	char path[400];

	for (enum color c = BLACK; c <= WHITE; c++) {
		const char *n = c == BLACK ? o->black : o->white;
		char esc[TUI_ONLINE_NAME * 3];

		net_client_escape(n, esc, sizeof esc);
		snprintf(path, sizeof path, "/user?name=%s", esc);
		net_client_call(o->nc, "GET", path, NULL, tui_og_rank_answer, t);
	}
}

static void tui_og_undo_yes(struct tui *t);
static void tui_og_undo_no(struct tui *t);
static void tui_og_resign_yes(struct tui *t);
static bool tui_og_seated(const struct tui *t);

/* The opponent's undo question goes away once the game has moved on (a
 * move, an undo, counting, the end: the server has dropped the request);
 * with ALL, the question to resign too, once the game is over. */
static void
tui_og_close_questions(struct tui *t, bool all)
{
	if (t->dialog.open && (t->dialog.yes == tui_og_undo_yes ||
	    (all && t->dialog.yes == tui_og_resign_yes)))
		t->dialog.open = false;
}

/* An undo the opponent asked for while this client was away (its event is
 * older than the state and never comes): the question, once; a question
 * no longer asked goes away. */
static void
tui_og_undo_asked(struct tui *t, const cJSON *gj, const char *status)
{
	const char *by = net_client_str(gj, "undo_request");
	enum color asker = strcmp(by, "black") == 0 ? BLACK :
	    strcmp(by, "white") == 0 ? WHITE : EMPTY;
	bool asking = t->dialog.open && t->dialog.yes == tui_og_undo_yes;
	enum color me = t->online->me;

	if (asker != EMPTY && me != EMPTY && asker != me &&
	    strcmp(status, "playing") == 0) {
		if (!asking)
			tui_dialog_open(t, _("Your opponent asks to take back a move. Allow it?"),
			    tui_og_undo_yes, tui_og_undo_no);
	} else
		tui_og_close_questions(t, strcmp(status, "over") == 0);
}

static void tui_og_result_words(struct tui *t, const cJSON *src);

/* The board from the server's game: size, komi and every move. */
static void
tui_og_game(struct tui *t, const cJSON *gj)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	struct tui_online_rules r;
	const cJSON *m, *conn, *cnt;
	const char *status = net_client_str(gj, "status");
	char black[TUI_ONLINE_NAME], white[TUI_ONLINE_NAME];

	tui_og_rules(&r, cJSON_GetObjectItemCaseSensitive(gj, "rules"));
	if (r.size < BOARD_MIN_SIZE || r.size > BOARD_MAX_SIZE)
		return;
	snprintf(black, sizeof black, "%s", net_client_str(gj, "black"));
	snprintf(white, sizeof white, "%s", net_client_str(gj, "white"));
	game_free(&gm->g);
	game_init(&gm->g, r.size, r.komi);
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(gj, "moves")) {
		point_t p = cJSON_IsString(m) ?
		    board_vertex_parse(&gm->g.board, m->valuestring) : BOARD_NONE;

		if (p == BOARD_NONE || game_play(&gm->g,
		    game_to_move(&gm->g), p) != MOVE_OK)
			break;
	}
	if (gm->cx >= r.size || gm->cy >= r.size)
		gm->cx = gm->cy = r.size / 2;
	/* Our move is in (a state read after a reconnect holds it, and its
	 * event, older than the state, never comes), or the server took it
	 * and the state is the game since: the move may have been undone
	 * meanwhile, and nothing is on its way any more. */
	if (o->pending[0] != '\0' && (gm->g.nmoves > o->pending_n ||
	    o->pending_in))
		o->pending[0] = '\0';
	o->have_game = true;
	o->game_id = (long)net_client_num(gj, "id");
	if (strcmp(black, o->black) != 0 || strcmp(white, o->white) != 0) {
		snprintf(o->black, sizeof o->black, "%s", black);
		snprintf(o->white, sizeof o->white, "%s", white);
		o->rank[BLACK][0] = o->rank[WHITE][0] = '\0';
		tui_og_fetch_ranks(t);
	}
	o->me = strcmp(black, o->name) == 0 ? BLACK :
	    strcmp(white, o->name) == 0 ? WHITE : EMPTY;
	gm->human = o->me;
	tui_og_clocks(t, cJSON_GetObjectItemCaseSensitive(gj, "clock"));
	conn = cJSON_GetObjectItemCaseSensitive(gj, "connected");
	for (enum color c = BLACK; c <= WHITE; c++) {
		bool was = o->connected[c];

		o->connected[c] = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(
		    conn, c == BLACK ? "black" : "white"));
		if (!o->connected[c] && (was || o->away_at[c] == 0)) {
			const cJSON *in = cJSON_GetObjectItemCaseSensitive(
			    cJSON_GetObjectItemCaseSensitive(gj, "escape_in"),
			    color_name(c));

			o->away_at[c] = util_now();
			o->escape_at[c] = cJSON_IsNumber(in) ?
			    o->away_at[c] + in->valuedouble : 0;
		}
	}
	gm->mode = TUI_PLAY;
	gm->view = -1;
	gm->has_count = false;
	/* A game on has its rules: a form left open would hide its board
	 * and take its keys. */
	if (strcmp(status, "over") != 0)
		o->rules_open = false;
	cnt = cJSON_GetObjectItemCaseSensitive(gj, "counting");
	if (strcmp(status, "counting") == 0 && cJSON_IsObject(cnt))
		tui_og_counting(t, cnt);
	if (strcmp(status, "over") == 0) {
		/* A game ended by counting keeps its count: the board shows
		 * the dead stones and the points as they were counted. */
		if (cJSON_IsObject(cnt)) {
			tui_og_counting(t, cnt);
			gm->has_count = true;
		}
		gm->mode = TUI_OVER;
		gm->g.end = GAME_END_SCORE;
		/* Its words, unless this game's end event told them. */
		if (o->result[0] == '\0' || o->result_game != o->game_id) {
			if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(gj,
			    "winner")))
				tui_og_result_words(t, gj);
			else
				snprintf(o->result, sizeof o->result, "%s (%s)",
				    net_client_str(gj, "result"),
				    net_client_str(gj, "reason"));
			o->result_game = o->game_id;
			/* A table opened after its game ended says how. */
			tui_online_message(t, false, "%s", o->result);
		}
	} else
		o->result[0] = '\0';
	tui_og_undo_asked(t, gj, status);
}

/* No game at the table: an empty board of its rules (19x19 until it has
 * some), nobody's turn, no result. */
static void
tui_og_no_game(struct tui *t)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	int size = o->table.rules.set ? o->table.rules.size : 19;

	game_free(&gm->g);
	game_init(&gm->g, size, o->table.rules.set ? o->table.rules.komi : 7.5);
	gm->cx = gm->cy = size / 2;
	gm->mode = TUI_PLAY;
	gm->view = -1;
	gm->has_count = false;
	gm->has_preview = false;
	gm->human = EMPTY;
	memset(gm->dead, 0, sizeof gm->dead);
	o->have_game = false;
	o->game_id = o->result_game = 0;
	o->result[0] = o->pending[0] = '\0';
	o->black[0] = o->white[0] = '\0';
	o->accepted[BLACK] = o->accepted[WHITE] = false;
	o->connected[BLACK] = o->connected[WHITE] = true;
	tui_og_close_questions(t, true);
}

static void
tui_og_table(struct tui *t, const cJSON *tj)
{
	struct tui_online *o = t->online;
	const cJSON *gj = cJSON_GetObjectItemCaseSensitive(tj, "game");

	tui_online_table_from_json(&o->table, tj);
	o->sat = tui_og_seated(t);
	if (cJSON_IsObject(gj)) {
		tui_og_game(t, gj);
	} else if (o->have_game) {
		/* The table was left empty and taken again: its last game
		 * is gone, and so is the board of it. */
		tui_og_no_game(t);
	} else if (o->table.rules.set && o->table.rules.size != t->game.g.size) {
		game_free(&t->game.g);
		game_init(&t->game.g, o->table.rules.size, o->table.rules.komi);
		t->game.cx = t->game.cy = o->table.rules.size / 2;
	}
	if (!o->have_game)
		o->me = EMPTY;
}

/* The table's state again, through its watch, which takes the events on
 * from there: a state read beside the watch could land after a newer event
 * and take it back. */
static void
tui_og_refetch(struct tui *t)
{
	net_client_watch_refresh(t->online->nc, 0);
}

static void
tui_og_undo_yes(struct tui *t)
{
	cJSON *body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "table", (double)t->online->table.id);
	net_client_call(t->online->nc, "POST", "/game/undo/accept", body,
	    tui_online_reply_cb, t);
}

static void
tui_og_undo_no(struct tui *t)
{
	cJSON *body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "table", (double)t->online->table.id);
	net_client_call(t->online->nc, "POST", "/game/undo/decline", body,
	    tui_online_reply_cb, t);
}

/* The end of a game in words, from an end event or a finished game's state
 * (SRC): the result, and the points and rank of the player, if told. */
static void
tui_og_result_words(struct tui *t, const cJSON *src)
{
	struct tui_online *o = t->online;
	const cJSON *pts = cJSON_GetObjectItemCaseSensitive(src, "points");
	bool zh = strcmp(t->lang, "zh") == 0;
	/* The rank in the player's language (a server without "rank_en"
	 * sends the Chinese one alone). */
	const cJSON *rank = cJSON_GetObjectItemCaseSensitive(src,
	    !zh && cJSON_GetObjectItemCaseSensitive(src, "rank_en") ?
	    "rank_en" : "rank");
	const char *res = zh &&
	    net_client_str(src, "result_zh")[0] ? net_client_str(src, "result_zh") :
	    net_client_str(src, "result");
	enum color winner = tui_og_color(net_client_str(src, "winner"));
	int len;

	len = snprintf(o->result, sizeof o->result, "%s: %s", res,
	    winner == EMPTY ? _("a draw") : winner == BLACK ?
	    _("Black wins") : _("White wins"));
	if (o->me != EMPTY && cJSON_IsObject(pts) && len > 0 &&
	    (size_t)len < sizeof o->result) {
		const char *col = o->me == BLACK ? "black" : "white";
		long p = (long)net_client_num(pts, col);

		if (p > 0)
			snprintf(o->result + len, sizeof o->result -
			    (size_t)len, ngettext("; you win %ld point, rank %s",
			    "; you win %ld points, rank %s", (unsigned long)p), p,
			    net_client_str(rank, col));
		else if (p < 0)
			snprintf(o->result + len, sizeof o->result -
			    (size_t)len, ngettext("; you lose %ld point, rank %s",
			    "; you lose %ld points, rank %s", (unsigned long)-p),
			    -p, net_client_str(rank, col));
		else
			snprintf(o->result + len, sizeof o->result -
			    (size_t)len, _("; your points stay as they were, "
			    "rank %s"), net_client_str(rank, col));
	}
}

/* The end event of the game being played or watched. */
static void
tui_og_end(struct tui *t, const cJSON *ev)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;

	tui_og_result_words(t, ev);
	o->result_game = o->game_id;
	gm->mode = TUI_OVER;
	gm->g.end = GAME_END_SCORE;
	gm->has_preview = false;
	tui_og_close_questions(t, true);
	tui_online_message(t, false, "%s", o->result);
	tui_bell(t);
	tui_online_refresh_me(t);
}

static void
tui_og_move_event(struct tui *t, const cJSON *ev)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	enum color c = tui_og_color(net_client_str(ev, "color"));
	int n = (int)net_client_num(ev, "n");
	const char *mv = net_client_str(ev, "move");
	point_t p = board_vertex_parse(&gm->g.board, mv);

	if (!o->have_game || n <= gm->g.nmoves)
		return;		/* seen already */
	if (n != gm->g.nmoves + 1 || p == BOARD_NONE || c != game_to_move(&gm->g) ||
	    game_play(&gm->g, c, p) != MOVE_OK) {
		tui_og_refetch(t);
		return;
	}
	tui_og_clocks(t, cJSON_GetObjectItemCaseSensitive(ev, "clock"));
	gm->has_preview = false;
	tui_og_close_questions(t, false);
	if (c == o->me)
		o->pending[0] = '\0';
	tui_online_message(t, false, p == BOARD_PASS ? _("%s passes") :
	    _("%s played %s"), tui_og_color_name(c), mv);
	if (c != o->me && o->me != EMPTY)
		tui_bell(t);
}

static void
tui_og_event(struct tui *t, const cJSON *ev)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	const char *type = net_client_str(ev, "type");
	enum color c = tui_og_color(net_client_str(ev, "color"));

	if (strcmp(type, "move") == 0 || strcmp(type, "pass") == 0)
		tui_og_move_event(t, ev);
	else if (strcmp(type, "chat") == 0)
		tui_chat_event(&o->chat, ev);
	else if (strcmp(type, "counting") == 0) {
		tui_og_counting(t, cJSON_GetObjectItemCaseSensitive(ev,
		    "counting"));
		tui_og_close_questions(t, false);
		tui_online_message(t, false, _("Counting: Enter marks a group dead or alive, C accepts, Esc plays on"));
	} else if (strcmp(type, "accept") == 0) {
		o->accepted[c] = true;
		tui_online_message(t, false, _("%s accepts the count"),
		    tui_og_color_name(c));
	} else if (strcmp(type, "resume") == 0) {
		gm->mode = TUI_PLAY;
		memset(gm->dead, 0, sizeof gm->dead);
		tui_og_close_questions(t, false);
		o->accepted[BLACK] = o->accepted[WHITE] = false;
		tui_og_clocks(t, cJSON_GetObjectItemCaseSensitive(ev, "clock"));
		tui_online_message(t, false, _("%s plays on: %s to play"),
		    tui_og_color_name(c), tui_og_color_name(game_to_move(&gm->g)));
	} else if (strcmp(type, "undo") == 0) {
		int n = (int)net_client_num(ev, "n");

		if (n >= 0 && n < gm->g.nmoves)
			game_undo(&gm->g, gm->g.nmoves - n);
		/* A look back past the moves taken back looks at the game. */
		if (gm->view >= gm->g.nmoves)
			gm->view = -1;
		gm->mode = TUI_PLAY;
		tui_og_close_questions(t, false);
		tui_og_clocks(t, cJSON_GetObjectItemCaseSensitive(ev, "clock"));
		tui_online_message(t, false, _("Move taken back: %s to play"),
		    tui_og_color_name(game_to_move(&gm->g)));
	} else if (strcmp(type, "undo_request") == 0) {
		if (o->me != EMPTY && c != o->me)
			tui_dialog_open(t, _("Your opponent asks to take back a move. Allow it?"),
			    tui_og_undo_yes, tui_og_undo_no);
		else
			tui_online_message(t, false, _("%s asks to take back a move"),
			    tui_og_color_name(c));
	} else if (strcmp(type, "undo_declined") == 0)
		tui_online_message(t, false, _("The undo was declined"));
	else if (strcmp(type, "disconnect") == 0) {
		const cJSON *in = cJSON_GetObjectItemCaseSensitive(ev, "escape_in");

		o->connected[c] = false;
		o->away_at[c] = util_now();
		o->escape_at[c] = cJSON_IsNumber(in) ?
		    o->away_at[c] + in->valuedouble : 0;
	} else if (strcmp(type, "reconnect") == 0) {
		o->connected[c] = true;
		tui_online_message(t, false, _("%s is back"), tui_og_color_name(c));
	} else if (strcmp(type, "end") == 0) {
		tui_og_end(t, ev);
		tui_og_refetch(t);
	} else if (strcmp(type, "start") == 0) {
		/* In place of "Ready: ..." or the last game's result. */
		tui_online_message(t, false, _("The game has begun"));
		tui_og_refetch(t);
	} else
		/* sit, leave, ready, rules, start: read the table again. */
		tui_og_refetch(t);
}

static void
tui_og_watch_cb(void *arg, enum net_watch_what what, const cJSON *json,
		const char *message)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;

	switch (what) {
	case NET_WATCH_STATE:
		tui_chat_past(&o->chat, json, net_client_watch_seq(o->nc, 0));
		tui_og_table(t, json);
		break;
	case NET_WATCH_EVENT:
		tui_og_event(t, json);
		break;
	case NET_WATCH_DOWN:
		o->down = true;
		snprintf(o->down_msg, sizeof o->down_msg, "%s", message);
		break;
	case NET_WATCH_UP:
		o->down = false;
		tui_online_message(t, false, _("Connected again"));
		break;
	case NET_WATCH_EXPIRED:
		tui_online_expired(t);
		break;
	case NET_WATCH_REFUSED:
		o->down = false;
		tui_online_table_close(t);
		tui_online_message(t, true, "%s", message);
		break;
	}
}

void
tui_online_table_open(struct tui *t, long id, bool seated)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;

	if (t->in_game)
		tui_game_end(t);
	if (gm->online)
		game_free(&gm->g);
	memset(gm, 0, sizeof *gm);
	gm->online = true;
	gm->set = t->set;
	gm->set.opponent = SETTINGS_HOTSEAT;
	memset(&o->table, 0, sizeof o->table);
	o->table.id = id;
	o->sat = seated;
	tui_og_no_game(t);
	o->me = EMPTY;
	tui_chat_clear(&o->chat);
	o->rules_open = false;
	o->down = false;
	o->view = TUI_ONLINE_TABLE;
	t->screen = TUI_SCREEN_ONLINE;
	tui_online_message(t, false, _("Table %ld"), id);
	/* A move of another table still being retried is that table's. */
	net_client_move_cancel(o->nc);
	net_client_watch(o->nc, 0, "table", id, tui_og_watch_cb, t);
}

void
tui_online_table_drop(struct tui *t)
{
	struct tui_online *o = t->online;

	net_client_watch(o->nc, 0, "table", 0, NULL, NULL);
	net_client_move_cancel(o->nc);
	o->pending[0] = '\0';
	if (t->game.online) {
		game_free(&t->game.g);
		t->game.online = false;
	}
	o->table.id = 0;
	o->have_game = false;
}

void
tui_online_table_close(struct tui *t)
{
	tui_online_table_drop(t);
	tui_online_lobby(t);
}

/* --- actions */

static bool
tui_og_playing(const struct tui *t)
{
	const struct tui_online *o = t->online;

	return o->have_game && o->me != EMPTY && t->game.mode != TUI_OVER;
}

/* POST PATH with {"table": id} and FIELD = VALUE when FIELD is not NULL;
 * CB gets the answer, with ARG. */
static void
tui_og_post_cb(struct tui *t, const char *path, const char *field,
	       const char *value, net_client_cb cb, void *arg)
{
	cJSON *body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "table", (double)t->online->table.id);
	if (field != NULL)
		cJSON_AddStringToObject(body, field, value);
	net_client_call(t->online->nc, "POST", path, body, cb, arg);
}

/* The same, errors shown on the status line. */
static void
tui_og_post(struct tui *t, const char *path, const char *field,
	    const char *value)
{
	tui_og_post_cb(t, path, field, value, tui_online_reply_cb, t);
}

/* Accept the count shown: the server refuses it ("stale") if a toggle
 * changed it meanwhile, and the new count arrives as an event. */
static void
tui_og_accept(struct tui *t)
{
	cJSON *body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "table", (double)t->online->table.id);
	cJSON_AddNumberToObject(body, "version", t->online->count_version);
	net_client_call(t->online->nc, "POST", "/game/accept", body,
	    tui_online_reply_cb, t);
}

static void
tui_og_move_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	double seq = net_client_num(r->json, "seq");

	if (o == NULL)
		return;
	if (r->code[0] != '\0') {
		o->pending[0] = '\0';
		tui_online_message(t, true, "%s", r->message);
	} else if (seq > 0 && net_client_watch_seen(o->nc, 0) >= seq) {
		/* The watch has told of the game since the move already (a
		 * state that holds it, or holds it taken back): nothing
		 * more will say it came. */
		o->pending[0] = '\0';
	} else {
		o->pending_in = true;
	}
}

static void
tui_og_send_move(struct tui *t, point_t p)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	enum board_verdict v = game_check(&gm->g, game_to_move(&gm->g), p);
	char vs[8];

	gm->has_preview = false;
	if (v != MOVE_OK) {
		tui_game_refuse(gm, p, v);
		return;
	}
	if (o->pending[0] != '\0') {
		tui_online_message(t, false, _("%s is still on its way"),
		    o->pending);
		return;
	}
	/* Our move is in, its request still being answered. */
	if (net_client_move_pending(o->nc)) {
		tui_online_message(t, false,
		    _("Your last move is still on its way"));
		return;
	}
	board_vertex_str(&gm->g.board, p, vs);
	snprintf(o->pending, sizeof o->pending, "%s", vs);
	o->pending_n = gm->g.nmoves;
	o->pending_in = false;
	net_client_move(o->nc, o->table.id, vs, gm->g.nmoves, tui_og_move_cb, t);
}

static void
tui_og_place(struct tui *t, point_t p, bool click)
{
	struct tui_game *gm = &t->game;
	char vs[8];

	if (gm->mode == TUI_COUNT) {
		tui_og_post(t, "/game/toggle", "point",
		    board_vertex_str(&gm->g.board, p, vs));
		return;
	}
	if (!tui_game_human_turn(gm)) {
		tui_online_message(t, false, t->online->me == EMPTY ?
		    _("You are watching this game") :
		    gm->mode == TUI_OVER || !t->online->have_game ?
		    _("No game is being played: S starts one") :
		    _("Not your turn"));
		return;
	}
	if (tui_game_preview(gm, p, click))
		tui_og_send_move(t, p);
}

static void
tui_og_resign_yes(struct tui *t)
{
	tui_og_post(t, "/game/resign", NULL, NULL);
}

static void
tui_og_leave(struct tui *t)
{
	struct tui_online *o = t->online;

	if (tui_og_playing(t)) {
		tui_online_message(t, true, _("The game is on: resign (G) to leave, or Q to quit and come back within 3 minutes"));
		return;
	}
	/* Seated, also when q comes before the table's state: the seat
	 * must not stay taken behind the player's back. */
	if (o->sat) {
		cJSON *body = cJSON_CreateObject();

		cJSON_AddNumberToObject(body, "table", (double)o->table.id);
		/* A leave refused (the game began meanwhile) or lost leaves
		 * us seated: the lobby goes back to a game of ours that is
		 * on, and says why. */
		net_client_call(o->nc, "POST", "/table/leave", body,
		    tui_online_reply_cb, t);
		o->auto_joined = false;
	}
	tui_online_table_close(t);
}

static bool
tui_og_seated(const struct tui *t)
{
	const struct tui_online *o = t->online;

	return strcmp(o->table.seat[0], o->name) == 0 ||
	    strcmp(o->table.seat[1], o->name) == 0;
}

static void
tui_og_rules_open(struct tui *t)
{
	struct tui_online *o = t->online;

	if (!tui_og_seated(t)) {
		tui_online_message(t, true, _("Only the players at the table set the rules"));
		return;
	}
	if (o->table.rules_fixed) {
		tui_online_message(t, true, _("The rules are fixed after the first game"));
		return;
	}
	if (o->table.rules.set)
		o->form = o->table.rules;
	else {
		o->form.size = t->set.size == 9 || t->set.size == 13 ?
		    t->set.size : 19;
		o->form.main_time = 600;
		o->form.move_limit = 30;
		o->form.overtime = 30;
		o->form.komi = 7.5;
	}
	o->rules_open = true;
	o->rules_row = TUI_RULES_SEND;
}

static void
tui_og_start_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;

	/* The answer for a table left since: not this one's. */
	if (t->online == NULL ||
	    t->online->table.id != t->online->start_table)
		return;
	if (strcmp(r->code, "no_rules") == 0) {
		tui_online_message(t, false, _("Set the rules for the first game, then start"));
		tui_og_rules_open(t);
	} else if (r->code[0] != '\0')
		tui_online_message(t, true, "%s", r->message);
	else if (strcmp(net_client_str(r->json, "status"), "playing") == 0)
		/* This start began the game: its event may have come
		 * first, and this must not say that it waits. */
		tui_online_message(t, false, _("The game has begun"));
	else
		tui_online_message(t, false, _("Ready: the game starts when both players are"));
}

static void
tui_og_start(struct tui *t)
{
	cJSON *body = cJSON_CreateObject();

	if (!tui_og_seated(t)) {
		tui_online_message(t, true, _("You are watching this table"));
		cJSON_Delete(body);
		return;
	}
	cJSON_AddNumberToObject(body, "table", (double)t->online->table.id);
	t->online->start_table = t->online->table.id;
	net_client_call(t->online->nc, "POST", "/table/start", body,
	    tui_og_start_cb, t);
}

/* Steps of the rule settings: left and right walk these lists. */
static const int tui_og_sizes[] = { 9, 13, 19 };
static const int tui_og_mains[] = { 0, 60, 300, 600, 900, 1200, 1800, 3600, 5400 };
static const int tui_og_limits[] = { 0, 10, 20, 30, 60, 120 };
static const int tui_og_overtimes[] = { 10, 20, 30, 60, 120 };

static int
tui_og_step(const int *list, int n, int value, int d)
{
	int i = 0;

	while (i < n - 1 && list[i] < value)
		i++;
	i += d;
	return list[i < 0 ? 0 : i >= n ? n - 1 : i];
}

#define TUI_OG_N(a) ((int)(sizeof a / sizeof a[0]))

static void
tui_og_rules_send(struct tui *t)
{
	struct tui_online *o = t->online;
	cJSON *body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "table", (double)o->table.id);
	cJSON_AddNumberToObject(body, "size", o->form.size);
	cJSON_AddNumberToObject(body, "main_time", o->form.main_time);
	cJSON_AddNumberToObject(body, "move_limit", o->form.move_limit);
	cJSON_AddNumberToObject(body, "overtime", o->form.overtime);
	cJSON_AddNumberToObject(body, "komi", o->form.komi);
	net_client_call(o->nc, "POST", "/table/rules", body, tui_online_reply_cb, t);
	o->rules_open = false;
	tui_online_message(t, false, _("Rules sent: S starts the game"));
}

static void
tui_og_rules_key(struct tui *t, int key)
{
	struct tui_online *o = t->online;
	struct tui_online_rules *f = &o->form;
	int d = 0;

	switch (tui_keys_lookup(tui_keys_game, key)) {
	case TUI_UP:
		o->rules_row = (o->rules_row + TUI_NRULES - 1) % TUI_NRULES;
		return;
	case TUI_DOWN:
		o->rules_row = (o->rules_row + 1) % TUI_NRULES;
		return;
	case TUI_LEFT:
		d = -1;
		break;
	case TUI_RIGHT:
		d = 1;
		break;
	case TUI_PLACE:
		if (o->rules_row == TUI_RULES_SEND || key == '\n' || key == '\r')
			tui_og_rules_send(t);
		return;
	case TUI_CANCEL:
		o->rules_open = false;
		return;
	default:
		return;
	}
	switch (o->rules_row) {
	case TUI_RULES_SIZE:
		f->size = tui_og_step(tui_og_sizes, TUI_OG_N(tui_og_sizes),
		    f->size, d);
		break;
	case TUI_RULES_MAIN:
		f->main_time = tui_og_step(tui_og_mains, TUI_OG_N(tui_og_mains),
		    f->main_time, d);
		break;
	case TUI_RULES_LIMIT:
		f->move_limit = tui_og_step(tui_og_limits,
		    TUI_OG_N(tui_og_limits), f->move_limit, d);
		break;
	case TUI_RULES_OVERTIME:
		f->overtime = tui_og_step(tui_og_overtimes,
		    TUI_OG_N(tui_og_overtimes), f->overtime, d);
		break;
	case TUI_RULES_KOMI:
		if (f->komi + d * 0.5 >= -50 && f->komi + d * 0.5 <= 50)
			f->komi += d * 0.5;
		break;
	default:
		break;
	}
}

static void
tui_og_chat_key(struct tui *t, int key)
{
	struct tui_online *o = t->online;
	struct tui_chat_flight *f;

	if (tui_chat_key(&o->chat, key) != TUI_CHAT_SEND)
		return;
	f = tui_online_chat_send(t, &o->chat);
	if (f != NULL)
		tui_og_post_cb(t, "/chat", "text", f->text, tui_online_chat_cb,
		    f);
}

static void
tui_og_view(struct tui_game *gm, int n)
{
	if (n >= gm->g.nmoves || n < 0) {
		gm->view = -1;
		return;
	}
	gm->has_preview = false;
	gm->view = n;
}

const char *
tui_online_too_small_hint(const struct tui *t)
{
	if (tui_og_playing(t))
		return _("Enlarge the window to go on with the game, or press Q to quit and come back within 3 minutes.");
	return _("Enlarge the window, or press q to leave the table.");
}

bool
tui_online_watching(const struct tui_online *o)
{
	return o->me == EMPTY && strcmp(o->table.seat[0], o->name) != 0 &&
	    strcmp(o->table.seat[1], o->name) != 0;
}

static void
tui_og_action(struct tui *t, enum tui_action a)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	bool counting = gm->mode == TUI_COUNT;
	point_t cur = board_point(&gm->g.board, gm->cx, gm->cy);

	/* A spectator's keys that only a player has. */
	if (tui_online_watching(o) && (a == TUI_PASS || a == TUI_UNDO ||
	    a == TUI_RESIGN || a == TUI_START || a == TUI_RESTART ||
	    a == TUI_RULES)) {
		tui_online_message(t, true, _("You are watching this table: Tab "
		    "writes in its chat, q leaves it"));
		return;
	}
	switch (a) {
	case TUI_UP:
	case TUI_DOWN:
	case TUI_LEFT:
	case TUI_RIGHT:
		tui_game_arrow(gm, a);
		break;
	case TUI_PLACE:
		if (o->me != EMPTY || !counting)
			tui_og_place(t, cur, false);
		break;
	case TUI_CONFIRM:
		if (counting && o->me != EMPTY)
			tui_og_accept(t);
		else if (gm->has_preview)
			tui_og_send_move(t, gm->preview);
		break;
	case TUI_CANCEL:
		if (counting && o->me != EMPTY)
			tui_og_post(t, "/game/resume", NULL, NULL);
		else if (gm->has_preview)
			gm->has_preview = false;
		else
			tui_og_view(gm, -1);
		break;
	case TUI_PASS:
		if (tui_game_human_turn(gm))
			tui_og_send_move(t, BOARD_PASS);
		else
			tui_online_message(t, true, _("You can pass only on your turn"));
		break;
	case TUI_UNDO:
		if (!tui_og_playing(t))
			break;
		if (gm->mode == TUI_COUNT) {
			tui_online_message(t, true, _("No undo while counting: Esc plays on"));
			break;
		}
		tui_og_post(t, "/game/undo", NULL, NULL);
		tui_online_message(t, false, _("Asked the opponent to allow an undo"));
		break;
	case TUI_RESIGN:
		if (tui_og_playing(t))
			tui_dialog_open(t, _("Resign this game?"),
			    tui_og_resign_yes, NULL);
		else
			tui_online_message(t, true, _("There is no game to resign"));
		break;
	case TUI_RESTART:
	case TUI_START:
		tui_og_start(t);
		break;
	case TUI_RULES:
		tui_og_rules_open(t);
		break;
	case TUI_CHAT:
		if (o->name[0] != '\0')
			o->chat.editing = true;
		break;
	case TUI_LOBBY:
		tui_og_leave(t);
		break;
	case TUI_QUIT:
		t->quit = true;
		break;
	case TUI_BACK:
		tui_og_view(gm, (gm->view < 0 ? gm->g.nmoves : gm->view) - 1);
		break;
	case TUI_FORWARD:
		if (gm->view >= 0)
			tui_og_view(gm, gm->view + 1);
		break;
	case TUI_FIRST:
		tui_og_view(gm, 0);
		break;
	case TUI_LAST:
		tui_og_view(gm, -1);
		break;
	case TUI_HELP:
		t->help = true;
		break;
	default:
		break;
	}
}

void
tui_online_table_key(struct tui *t, int key)
{
	struct tui_online *o = t->online;
	enum tui_action a;

	/* A window too small for the board takes the keys its message
	 * names, and no other: not the chat's, not the rules form's. */
	if (!tui_game_visible(t)) {
		a = tui_keys_lookup(tui_keys_game, key);
		if (a == TUI_LOBBY || a == TUI_QUIT) {
			o->chat.editing = o->rules_open = false;
			tui_og_action(t, a);
		}
		return;
	}
	if (o->chat.editing) {
		tui_og_chat_key(t, key);
		return;
	}
	if (o->rules_open) {
		tui_og_rules_key(t, key);
		return;
	}
	a = tui_keys_lookup(tui_keys_table, key);
	if (a == TUI_NONE)
		a = tui_keys_lookup(t->game.mode == TUI_COUNT ?
		    tui_keys_count : tui_keys_game, key);
	tui_og_action(t, a);
}

void
tui_online_table_click(struct tui *t, int y, int x)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	point_t p;

	if (!tui_game_visible(t))
		return;
	if (o->rules_open) {
		for (int r = 0; r < TUI_NRULES; r++)
			if (o->rulesy[r] == y) {
				o->rules_row = r;
				if (r == TUI_RULES_SEND)
					tui_og_rules_send(t);
			}
		return;
	}
	for (int i = 0; i < gm->nbuttons; i++) {
		const struct tui_button *b = &gm->buttons[i];

		if (y == b->y && x >= b->x && x < b->x + b->w) {
			tui_og_action(t, b->action);
			return;
		}
	}
	if ((p = tui_board_hit(t, y, x)) == BOARD_NONE)
		return;
	gm->cx = board_x(&gm->g.board, p);
	gm->cy = board_y(&gm->g.board, p);
	if (o->me != EMPTY)
		tui_og_place(t, p, true);
}
