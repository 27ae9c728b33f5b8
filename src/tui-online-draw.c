/*
 * tui-online-draw.c: painting the online screens: the login form, the
 * online lobby, and beside the board of a table its panel: both players
 * with rank and clock, the state of the game or the count, the buttons,
 * the chat and its input line.
 *
 * The one idea, as for the local screens: everything is painted from the
 * state at every turn of the loop, and the loop turns at least once a
 * second while online, so the clocks count down without anyone telling
 * them to.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "tui-online.h"
#include "util.h"

/* A player who drops has this long to come back when the server does not
 * say (servers before escape_in): tengend's default escape window (180 s)
 * less the time before a drop shows (10 s). */
#define TUI_ONLINE_COMEBACK 170.0

void
tui_chat_draw(const struct tui_chat *c, int y, int input, int x, int w,
	      const char *idle)
{
	char buf[600];
	int top = c->n - (input - y);

	for (int i = top < 0 ? 0 : top; i < c->n && y < input; i++)
		tui_put(y++, x, w, 0, c->line[i]);
	if (c->editing)
		snprintf(buf, sizeof buf, "> %s_", c->edit);
	else
		snprintf(buf, sizeof buf, "%s", idle);
	tui_put(input, x, w, c->editing ? A_UNDERLINE : A_DIM, buf);
}

static void
tui_od_time(double s, char *buf, size_t len)
{
	long v = (long)(s + 0.999);

	if (v >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", v / 3600, v / 60 % 60,
		    v % 60);
	else
		snprintf(buf, len, "%ld:%02ld", v / 60, v % 60);
}

static void
tui_od_login(struct tui *t)
{
	struct tui_online *o = t->online;
	static const char *const labels[TUI_NFIELDS] = {
		N_("Server"), N_("Name"), N_("Password"), N_("Log in"),
		N_("Register"), N_("Back")
	};
	char buf[600], stars[64];
	int y = 4;
	size_t n = strlen(o->password);

	/* No field is where a click could find it until drawn. */
	for (int f = 0; f < TUI_NFIELDS; f++)
		o->fieldy[f] = -1;
	if (tui_too_small(t, TUI_LOGIN_COLS, TUI_LOGIN_ROWS,
	    _("Enlarge the window, or press Esc for the local lobby.")))
		return;
	tui_put(0, 2, t->cols - 2, tui_board_attr(t, TUI_ATTR_TITLE),
	    _("tengen: online play"));
	tui_put_wrap(1, 2, t->cols - 2, 2, A_DIM,
	    _("Log in, or register a new name on this server"));
	memset(stars, '*', n < sizeof stars - 1 ? n : sizeof stars - 1);
	stars[n < sizeof stars - 1 ? n : sizeof stars - 1] = '\0';
	for (int f = 0; f < TUI_NFIELDS; f++) {
		bool sel = o->field == f;
		const char *value = f == TUI_FIELD_URL ? o->url :
		    f == TUI_FIELD_NAME ? o->user : stars;

		if (f == TUI_FIELD_LOGIN)
			y++;
		o->fieldy[f] = y;
		tui_put(y, 1, 2, A_BOLD, sel ? ">" : " ");
		if (f >= TUI_FIELD_LOGIN) {
			snprintf(buf, sizeof buf, "[ %s ]", _(labels[f]));
			tui_put(y, 4, t->cols - 4, A_BOLD |
			    (sel ? A_REVERSE : 0), buf);
		} else {
			tui_put(y, 4, 14, sel ? A_REVERSE : 0, _(labels[f]));
			snprintf(buf, sizeof buf, "%s%s", value, sel ? "_" : "");
			tui_put_tail(y, 19, t->cols - 20, sel ? A_UNDERLINE : 0,
			    buf);
		}
		y++;
	}
	tui_put_wrap(t->rows - 3, 2, t->cols - 2, 2, o->msg_error ?
	    tui_board_attr(t, TUI_ATTR_ERROR) : (int)A_BOLD, o->msg);
	tui_put_keys(t->rows - 1, 0, t->cols, A_DIM,
	    _("Tab/arrows: next field  Enter: log in  Register: a new name  Esc: back"));
}

static void
tui_od_rules_text(const struct tui_online_rules *r, char *buf, size_t len)
{
	char mt[16];

	if (!r->set) {
		snprintf(buf, len, "%s", _("rules not set yet"));
		return;
	}
	tui_od_time(r->main_time, mt, sizeof mt);
	if (r->move_limit > 0)
		snprintf(buf, len, _("%dx%d, komi %g, %s, %d s a move, then %d s"),
		    r->size, r->size, r->komi, mt, r->move_limit, r->overtime);
	else
		snprintf(buf, len, _("%dx%d, komi %g, %s, no limit a move, then %d s"),
		    r->size, r->size, r->komi, mt, r->overtime);
}

static void
tui_od_lobby(struct tui *t)
{
	struct tui_online *o = t->online;
	const struct tui_online_player *me = &o->record;
	bool zh = strcmp(t->lang, "zh") == 0;
	char buf[700], rules[200], range[64];
	const char *hint;
	int y, x2, w2, avail, tables_end, shown;

	o->tabley = -1;		/* no table where a click could find it */
	if (tui_too_small(t, TUI_LOBBY_COLS, TUI_LOBBY_ROWS,
	    _("Enlarge the window, or press q for the local lobby, Q to quit.")))
		return;
	/* The right column (tables, chat, news) starts at column 26, nearer
	 * the left on a narrow screen, as far as the rooms' names allow. */
	x2 = t->cols >= 60 ? 26 : t->cols * 9 / 20;
	if (x2 < 18)
		x2 = 18;
	w2 = t->cols - x2;

	snprintf(buf, sizeof buf, _("tengen online: %s"),
	    o->nc ? net_client_url(o->nc) : "");
	tui_put(0, 2, t->cols - 2, tui_board_attr(t, TUI_ATTR_TITLE), buf);
	snprintf(buf, sizeof buf,
	    _("%s: %s, %ld points, won %d, lost %d, drawn %d, escaped %d"),
	    o->name, me->rank, me->points, me->wins, me->losses, me->draws,
	    me->escapes);
	tui_put_wrap(1, 2, t->cols - 2, 2, 0, buf);
	tui_put(3, 2, x2 - 3, A_BOLD | (o->field == 0 ? A_UNDERLINE : 0),
	    _("Rooms"));
	for (int i = 0; i < o->nrooms && 4 + i < t->rows - 10; i++) {
		const struct tui_online_room *r = &o->rooms[i];

		snprintf(buf, sizeof buf, "%s %s (%d)", i == o->room ? ">" : " ",
		    zh && r->name_zh[0] ? r->name_zh : r->name, r->base);
		tui_put(4 + i, 2, x2 - 3, i == o->room && o->field == 0 ?
		    A_REVERSE : 0, buf);
	}
	/* The room's chat takes the lower half of the column, down to its
	 * input line just above the leaderboard, when there is room. */
	avail = t->rows - 14;
	tables_end = avail >= 6 ? t->rows - 10 - avail / 2 : t->rows - 10;
	/* The list scrolls to keep the selected table in sight. */
	shown = tables_end - 4;
	if (o->sel < o->table_top)
		o->table_top = o->sel;
	if (o->sel >= o->table_top + shown)
		o->table_top = o->sel - shown + 1;
	if (o->table_top > o->ntables - shown)
		o->table_top = o->ntables - shown;
	if (o->table_top < 0)
		o->table_top = 0;
	/* The heading with its keys, or alone where they do not fit; which
	 * of them the list shows when not all. */
	range[0] = '\0';
	if (o->ntables > shown)
		snprintf(range, sizeof range, _("  %d-%d of %d"),
		    o->table_top + 1, o->table_top + shown, o->ntables);
	snprintf(buf, sizeof buf, "%s%s",
	    _("Tables (Enter: sit, W: watch, N: new table)"), range);
	if (tui_text_width(buf) > w2)
		snprintf(buf, sizeof buf, "%s%s", _("Tables"), range);
	tui_put(3, x2, w2, A_BOLD | (o->field == 1 ? A_UNDERLINE : 0), buf);
	o->tabley = 4;
	o->tablex = x2;
	y = 4;
	for (int i = o->table_top; i < o->ntables && y < tables_end; i++, y++) {
		const struct tui_online_table *tb = &o->tables[i];

		tui_od_rules_text(&tb->rules, rules, sizeof rules);
		snprintf(buf, sizeof buf, "#%-3ld %-8s %s - %s  %s", tb->id,
		    tb->status, tb->seat[0][0] ? tb->seat[0] : "...",
		    tb->seat[1][0] ? tb->seat[1] : "...", rules);
		tui_put(y, x2, w2, i == o->sel && o->field == 1 ? A_REVERSE :
		    0, buf);
	}
	o->tables_shown = y - o->tabley;
	if (o->ntables == 0) {
		int rows = tables_end - y;	/* one to three lines */

		tui_put_wrap(y, x2, w2, rows < 1 ? 1 : rows > 3 ? 3 : rows,
		    A_DIM, _("No tables yet: N opens one"));
	}
	if (tables_end < t->rows - 10) {
		tui_put(tables_end, x2, w2, A_BOLD, _("Room chat"));
		hint = _("T: write in the room's chat");
		if (tui_text_width(hint) > w2)
			hint = _("T: chat");
		tui_chat_draw(&o->room_chat, tables_end + 1, t->rows - 11, x2,
		    w2, hint);
	}
	y = t->rows - 9;
	tui_put(y++, 2, t->cols - 2, A_BOLD, _("Leaderboard"));
	for (int i = 0; i < o->nleaders && y < t->rows - 4; i++) {
		/* The points before the rank, which may be cut. */
		snprintf(buf, sizeof buf, "%d. %s  %ld  %s", i + 1,
		    o->leaders[i].name, o->leaders[i].points, o->leaders[i].rank);
		tui_put(y++, 4, x2 - 6, 0, buf);
	}
	y = t->rows - 9;
	tui_put(y++, x2, w2, A_BOLD, _("News"));
	for (int i = 0; i < o->nnews && y < t->rows - 4; i++)
		tui_put(y++, x2, w2, 0, o->news[i]);
	tui_put_wrap(t->rows - 3, 2, t->cols - 2, 2, o->msg_error ?
	    tui_board_attr(t, TUI_ATTR_ERROR) : (int)A_BOLD, o->msg);
	tui_put_keys(t->rows - 1, 0, t->cols, A_DIM, o->room_chat.editing ?
	    _("Type your message  Enter: send  Esc: back to the lobby") :
	    _("Tab rooms/tables  Enter sit  W watch  N new  T chat  L log out  q back  ? keys"));
}

static void
tui_od_rules_form(struct tui *t)
{
	struct tui_online *o = t->online;
	static const char *const labels[TUI_NRULES] = {
		N_("Board size"), N_("Main time"), N_("Per move (main time)"),
		N_("Per move (overtime)"), N_("Komi"), N_("Send")
	};
	const struct tui_online_rules *f = &o->form;
	int w = 50 < t->cols ? 50 : t->cols, x = (t->cols - w) / 2, y0 = 3;
	char buf[128], v[32];

	for (int i = 0; i < TUI_NRULES + 4; i++) {
		move(y0 + i, x);
		for (int j = 0; j < w; j++)
			addch(i == 0 || i == TUI_NRULES + 3 ? '-' :
			    j == 0 || j == w - 1 ? '|' : ' ');
	}
	tui_put(y0 + 1, x + 2, w - 4, A_BOLD,
	    _("Rules of this table's games"));
	for (int r = 0; r < TUI_NRULES; r++) {
		int y = y0 + 2 + r;
		bool sel = o->rules_row == r;

		o->rulesy[r] = y;
		switch (r) {
		case TUI_RULES_SIZE:
			snprintf(v, sizeof v, "%dx%d", f->size, f->size);
			break;
		case TUI_RULES_MAIN:
			tui_od_time(f->main_time, v, sizeof v);
			break;
		case TUI_RULES_LIMIT:
			snprintf(v, sizeof v, f->move_limit ? "%d s" : "-",
			    f->move_limit);
			break;
		case TUI_RULES_OVERTIME:
			snprintf(v, sizeof v, "%d s", f->overtime);
			break;
		case TUI_RULES_KOMI:
			snprintf(v, sizeof v, "%g", f->komi);
			break;
		default:
			v[0] = '\0';
			break;
		}
		if (r == TUI_RULES_SEND)
			snprintf(buf, sizeof buf, "[ %s: Enter ]", _(labels[r]));
		else
			snprintf(buf, sizeof buf, "%-24s < %s >", _(labels[r]), v);
		tui_put(y, x + 2, w - 4, sel ? A_REVERSE : 0, buf);
	}
}

void
tui_online_draw(struct tui *t)
{
	struct tui_online *o = t->online;

	switch (o->view) {
	case TUI_ONLINE_LOGIN:
		tui_od_login(t);
		break;
	case TUI_ONLINE_LOBBY:
		tui_od_lobby(t);
		break;
	case TUI_ONLINE_TABLE:
		tui_board_draw(t);
		if (o->rules_open && tui_game_visible(t))
			tui_od_rules_form(t);
		break;
	}
}

/* One player's two lines: name, rank, and the clock or the absence. */
static int
tui_od_player(struct tui *t, int y, int x, int w, enum color c)
{
	struct tui_online *o = t->online;
	const char *name = c == BLACK ? o->black : o->white;
	char buf[300], mt[16], lt[16];
	bool to_move = t->game.mode == TUI_PLAY && t->game.g.end ==
	    GAME_END_NONE && game_to_move(&t->game.g) == c;

	snprintf(buf, sizeof buf, "%s %s: %s%s%s%s%s", c == BLACK ?
	    (t->ascii ? "X" : "●") : (t->ascii ? "O" : "○"),
	    c == BLACK ? _("Black") : _("White"), name,
	    o->rank[c][0] ? " (" : "", o->rank[c], o->rank[c][0] ? ")" : "",
	    o->me == c ? _(" - you") : "");
	tui_put(y++, x, w, to_move ? A_BOLD : 0, buf);
	if (!o->connected[c] && o->have_game && t->game.mode != TUI_OVER) {
		double left = o->escape_at[c] > 0 ? o->escape_at[c] - util_now() :
		    TUI_ONLINE_COMEBACK - (util_now() - o->away_at[c]);

		tui_od_time(left > 0 ? left : 0, lt, sizeof lt);
		snprintf(buf, sizeof buf, _("   disconnected: %s left to come back"),
		    lt);
		tui_put(y++, x, w, tui_board_attr(t, TUI_ATTR_ERROR), buf);
		return y;
	}
	tui_od_time(tui_online_clock_left(t, c, true), mt, sizeof mt);
	tui_od_time(tui_online_clock_left(t, c, false), lt, sizeof lt);
	if (o->clock[c].overtime)
		snprintf(buf, sizeof buf, _("   overtime, this move %s"), lt);
	else
		snprintf(buf, sizeof buf, _("   time %s, this move %s"), mt, lt);
	tui_put(y++, x, w, to_move ? A_BOLD : 0, buf);
	return y;
}

/* The two seats of the table from row Y: who sits there, and who has
 * pressed start; the row after them. */
static int
tui_od_seats(struct tui *t, int y, int x, int w)
{
	struct tui_online *o = t->online;
	char buf[200];

	for (int s = 0; s < 2; s++) {
		snprintf(buf, sizeof buf, _("Seat %d: %s%s"), s + 1,
		    o->table.seat[s][0] ? o->table.seat[s] : _("(free)"),
		    o->table.ready[s] ? _(", ready") : "");
		tui_put(y++, x, w, 0, buf);
	}
	return y;
}

void
tui_online_panel(struct tui *t, const struct tui_layout *l)
{
	struct tui_online *o = t->online;
	struct tui_game *gm = &t->game;
	const struct game *g = &gm->g;
	int x = l->panel, w = t->cols - l->panel, y = 0, bx, input;
	char buf[700], rules[200];

	tui_od_rules_text(&o->table.rules, rules, sizeof rules);
	snprintf(buf, sizeof buf, _("Table %ld: %s"), o->table.id, rules);
	tui_put(y++, x, w, tui_board_attr(t, TUI_ATTR_TITLE), buf);
	if (o->have_game) {
		y = tui_od_player(t, y, x, w, BLACK);
		y = tui_od_player(t, y, x, w, WHITE);
	} else {
		y = tui_od_seats(t, y, x, w) + 1;
	}
	if (!o->have_game)
		snprintf(buf, sizeof buf, "%s", o->table.rules.set ?
		    _("Waiting: S starts the game") :
		    _("Waiting: E sets the rules, then S starts"));
	else if (gm->mode == TUI_OVER)
		snprintf(buf, sizeof buf, "%s %s", _("Game over:"), o->result);
	else if (gm->mode == TUI_COUNT)
		snprintf(buf, sizeof buf, _("Counting: Black %g, White %g: %s"),
		    o->count_black, o->count_white, o->count_result);
	else
		snprintf(buf, sizeof buf, _("Move %d: %s to play%s"), g->nmoves,
		    game_to_move(g) == WHITE ? _("White") : _("Black"),
		    tui_game_human_turn(gm) ? _(" (you)") : "");
	y += tui_put_wrap(y, x, w, 2, A_BOLD, buf);
	/* Once a game is over the seats are the table's again: who is
	 * still there, who has left, who has sat down for the next one. */
	if (o->have_game && gm->mode == TUI_OVER)
		y = tui_od_seats(t, y, x, w);
	if (gm->mode == TUI_COUNT)
		snprintf(buf, sizeof buf, _("Accepted: Black %s, White %s"),
		    o->accepted[BLACK] ? _("yes") : _("no"),
		    o->accepted[WHITE] ? _("yes") : _("no"));
	else
		snprintf(buf, sizeof buf, _("Captured: by Black %d, by White %d"),
		    g->board.captures[BLACK], g->board.captures[WHITE]);
	tui_put(y++, x, w, 0, buf);
	if (gm->mode == TUI_COUNT && o->count_ends > 0) {
		double left = o->count_ends - util_now();

		snprintf(buf, sizeof buf, _("This count is final in %.0f s"),
		    left > 0 ? left : 0);
		tui_put(y++, x, w, 0, buf);
	}
	if (o->down) {
		double wait = 0;

		net_client_watch_down(o->nc, 0, &wait);
		snprintf(buf, sizeof buf, _("Reconnecting (next try in %.0f s): %s"),
		    wait, o->down_msg);
		y += tui_put_wrap(y, x, w, 3, tui_board_attr(t, TUI_ATTR_ERROR),
		    buf);
	}
	if (o->pending[0] != '\0') {
		snprintf(buf, sizeof buf, _("Sending %s..."), o->pending);
		tui_put(y++, x, w, A_DIM, buf);
	} else if (!o->down)
		y++;
	gm->nbuttons = 0;
	bx = x;
	if (o->me != EMPTY && gm->mode == TUI_PLAY && o->have_game) {
		tui_board_button(gm, &y, &bx, x, w, _("Pass P"), TUI_PASS);
		tui_board_button(gm, &y, &bx, x, w, _("Undo Z"), TUI_UNDO);
		tui_board_button(gm, &y, &bx, x, w, _("Resign G"), TUI_RESIGN);
	} else if (o->me != EMPTY && gm->mode == TUI_COUNT) {
		tui_board_button(gm, &y, &bx, x, w, _("Accept C"), TUI_CONFIRM);
		tui_board_button(gm, &y, &bx, x, w, _("Play on Esc"), TUI_CANCEL);
	} else if (strcmp(o->table.seat[0], o->name) == 0 ||
	    strcmp(o->table.seat[1], o->name) == 0) {
		tui_board_button(gm, &y, &bx, x, w, _("Start S"), TUI_START);
		if (!o->table.rules_fixed)
			tui_board_button(gm, &y, &bx, x, w, _("Rules E"),
			    TUI_RULES);
	}
	tui_board_button(gm, &y, &bx, x, w, _("Chat Tab"), TUI_CHAT);
	tui_board_button(gm, &y, &bx, x, w, _("Lobby q"), TUI_LOBBY);
	tui_board_button(gm, &y, &bx, x, w, _("Keys ?"), TUI_HELP);
	y += 2;
	/* The chat: its last lines down to the input line, over the status
	 * and the key help. */
	input = t->rows - 2 - tui_board_status_lines(t, l);
	if (input <= y)
		return;
	tui_put(y++, x, w, A_BOLD, _("Chat"));
	tui_chat_draw(&o->chat, y, input, x, w, _("Tab: write in the chat"));
}

const char *
tui_online_help_line(const struct tui *t)
{
	const struct tui_online *o = t->online;

	if (o->chat.editing)
		return _("Type your message  Enter: send  Esc: back to the board");
	if (o->rules_open)
		return _("Up/down: choose  Left/right: change  Enter: send  Esc: close");
	if (tui_online_watching(o))
		return _("Watching: [ ] look through the moves  Tab: chat  q: leave the table  ?: keys");
	if (t->game.mode == TUI_COUNT)
		return _("Enter: dead/alive  C: accept  Esc: play on  Tab: chat  ?: keys");
	if (!o->have_game || t->game.mode == TUI_OVER)
		return _("S: start  E: rules  Tab: chat  q: leave the table  ?: keys");
	return _("Arrows move  Enter place  P pass  Z undo  G resign  Tab chat  q lobby  ? keys");
}
