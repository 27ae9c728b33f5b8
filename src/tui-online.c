/*
 * tui-online.c: going online: the server, logging in or registering, and
 * the online lobby (rooms, their tables, the player's record, the
 * leaderboard, news).
 *
 * The one idea: every request is answered in a callback while the screen
 * goes on; the screen only ever shows what the last answers said, with
 * "connecting..." or the error in words in between.  The token from a
 * login is kept (net-token.c), so the next start goes straight to the
 * lobby, and from there straight back to a game still being played.
 */
#include "config.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "net-token.h"
#include "tui-online.h"
#include "util.h"

void
tui_online_message(struct tui *t, bool error, const char *fmt, ...)
{
	struct tui_online *o = t->online;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->msg, sizeof o->msg, fmt, ap);
	va_end(ap);
	o->msg_error = error;
	if (t->game.online) {
		snprintf(t->game.msg, sizeof t->game.msg, "%s", o->msg);
		t->game.msg_error = error;
	}
}

static void
tui_online_player(struct tui_online_player *p, const cJSON *o, bool zh)
{
	snprintf(p->name, sizeof p->name, "%s", net_client_str(o, "name"));
	snprintf(p->rank, sizeof p->rank, "%s", net_client_str(o,
	    zh ? "rank" : "rank_en"));
	p->points = (long)net_client_num(o, "points");
	p->wins = (int)net_client_num(o, "wins");
	p->losses = (int)net_client_num(o, "losses");
	p->draws = (int)net_client_num(o, "draws");
	p->escapes = (int)net_client_num(o, "escapes");
}

static bool
tui_online_zh(const struct tui *t)
{
	return strcmp(t->lang, "zh") == 0;
}

/* --- the lobby */

static void
tui_online_me_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;

	if (t->online == NULL || r->code[0] != '\0')
		return;
	tui_online_player(&t->online->record, r->json, tui_online_zh(t));
}

void
tui_online_refresh_me(struct tui *t)
{
	net_client_call(t->online->nc, "GET", "/user", NULL, tui_online_me_cb, t);
}

static void
tui_online_leaders_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	const cJSON *p;

	if (o == NULL || r->code[0] != '\0')
		return;
	o->nleaders = 0;
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(r->json,
	    "players")) {
		if (o->nleaders == TUI_ONLINE_LEADERS)
			break;
		tui_online_player(&o->leaders[o->nleaders++], p,
		    tui_online_zh(t));
	}
}

static void
tui_online_news_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	const cJSON *n;

	if (o == NULL || r->code[0] != '\0')
		return;
	o->nnews = 0;
	cJSON_ArrayForEach(n, cJSON_GetObjectItemCaseSensitive(r->json,
	    "news")) {
		if (o->nnews == 3)
			break;
		snprintf(o->news[o->nnews++], sizeof o->news[0], "%s: %s",
		    net_client_str(n, "title"), net_client_str(n, "body"));
	}
}

static int
tui_online_find_table(const struct tui_online *o, long id)
{
	for (int i = 0; i < o->ntables; i++)
		if (o->tables[i].id == id)
			return i;
	return -1;
}

static void
tui_online_table_row(struct tui *t, const cJSON *tj)
{
	struct tui_online *o = t->online;
	struct tui_online_table tb;
	int i;

	tui_online_table_from_json(&tb, tj);
	if (tb.id <= 0)
		return;
	if ((i = tui_online_find_table(o, tb.id)) < 0) {
		if (o->ntables == TUI_ONLINE_TABLES)
			return;
		i = o->ntables++;
	}
	o->tables[i] = tb;
	/* Back to a game of ours that is on: after a restart, or a leave
	 * that the game's start overtook (once, until the next leave: a
	 * table that refuses us is not asked again and again). */
	if (!o->auto_joined && o->view == TUI_ONLINE_LOBBY &&
	    t->screen == TUI_SCREEN_ONLINE &&
	    (strcmp(tb.status, "playing") == 0 ||
	    strcmp(tb.status, "counting") == 0) &&
	    (strcmp(tb.seat[0], o->name) == 0 ||
	    strcmp(tb.seat[1], o->name) == 0)) {
		o->auto_joined = true;
		tui_online_table_open(t, tb.id, true);
	}
}

static void
tui_online_room_cb(void *arg, enum net_watch_what what, const cJSON *json,
		   const char *message)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	const cJSON *tj;

	switch (what) {
	case NET_WATCH_STATE:
		tui_chat_past(&o->room_chat, json,
		    net_client_watch_seq(o->nc, 1));
		o->ntables = 0;
		cJSON_ArrayForEach(tj, cJSON_GetObjectItemCaseSensitive(json,
		    "table_list"))
			tui_online_table_row(t, tj);
		if (o->sel >= o->ntables)
			o->sel = o->ntables > 0 ? o->ntables - 1 : 0;
		break;
	case NET_WATCH_EVENT:
		if (strcmp(net_client_str(json, "type"), "table") == 0)
			tui_online_table_row(t,
			    cJSON_GetObjectItemCaseSensitive(json, "table"));
		else if (strcmp(net_client_str(json, "type"), "chat") == 0)
			tui_chat_event(&o->room_chat, json);
		break;
	case NET_WATCH_DOWN:
		if (o->view == TUI_ONLINE_LOBBY)
			tui_online_message(t, true, _("Reconnecting: %s"),
			    message);
		break;
	case NET_WATCH_UP:
		if (o->view == TUI_ONLINE_LOBBY)
			tui_online_message(t, false, _("Connected again"));
		break;
	case NET_WATCH_EXPIRED:
		tui_online_expired(t);
		break;
	case NET_WATCH_REFUSED:
		if (o->view == TUI_ONLINE_LOBBY)
			tui_online_message(t, true, "%s", message);
		break;
	}
}

static void
tui_online_open_room(struct tui *t, int i)
{
	struct tui_online *o = t->online;

	if (i < 0 || i >= o->nrooms)
		return;
	o->room = i;
	o->ntables = 0;
	o->sel = 0;
	tui_chat_clear(&o->room_chat);
	net_client_watch(o->nc, 1, "room", o->rooms[i].id, tui_online_room_cb,
	    t);
	if (t->set.room != o->rooms[i].id) {
		t->set.room = (int)o->rooms[i].id;
		tui_settings_save(t);
	}
}

static void
tui_online_rooms_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	const cJSON *rj;
	int pick = 0;

	if (o == NULL || t->screen != TUI_SCREEN_ONLINE)
		return;
	if (r->code[0] != '\0') {
		tui_online_message(t, true, "%s", r->message);
		return;
	}
	o->nrooms = 0;
	cJSON_ArrayForEach(rj, cJSON_GetObjectItemCaseSensitive(r->json,
	    "rooms")) {
		struct tui_online_room *rm;

		if (o->nrooms == TUI_ONLINE_ROOMS)
			break;
		rm = &o->rooms[o->nrooms];
		rm->id = (long)net_client_num(rj, "id");
		snprintf(rm->name, sizeof rm->name, "%s",
		    net_client_str(rj, "name"));
		snprintf(rm->name_zh, sizeof rm->name_zh, "%s",
		    net_client_str(rj, "name_zh"));
		rm->base = (int)net_client_num(rj, "base");
		rm->penalty = (int)net_client_num(rj, "escape_penalty");
		if (rm->id == t->set.room)
			pick = o->nrooms;
		o->nrooms++;
	}
	if (o->nrooms == 0) {
		tui_online_message(t, true, _("The server has no rooms"));
		return;
	}
	if (o->msg_error)
		o->msg[0] = '\0';
	tui_online_open_room(t, pick);
}

void
tui_online_lobby(struct tui *t)
{
	struct tui_online *o = t->online;

	o->view = TUI_ONLINE_LOBBY;
	o->field = 0;
	/* A login that came back after the player went to the local games:
	 * the lobby opens when they come back online, not over a local
	 * game. */
	if (t->screen != TUI_SCREEN_ONLINE)
		return;
	net_client_call(o->nc, "GET", "/rooms", NULL, tui_online_rooms_cb, t);
	tui_online_refresh_me(t);
	net_client_call(o->nc, "GET", "/leaderboard?limit=5", NULL,
	    tui_online_leaders_cb, t);
	net_client_call(o->nc, "GET", "/news?limit=3", NULL,
	    tui_online_news_cb, t);
}

/* --- logging in */

static void
tui_online_logged_in(struct tui *t, const char *name, const char *token)
{
	struct tui_online *o = t->online;

	o->busy = false;
	/* The server that answered, whatever the form says now (edited, or
	 * set back to the saved server, while the login was on its way):
	 * its token must not be kept for another. */
	snprintf(o->url, sizeof o->url, "%s", net_client_url(o->nc));
	snprintf(o->name, sizeof o->name, "%s", name);
	net_client_set_token(o->nc, token);
	memset(o->password, 0, sizeof o->password);
	if (net_token_save(o->token_path, o->url, name, token) < 0)
		tui_online_message(t, true, _("Cannot keep the login in %s"),
		    o->token_path);
	else
		tui_online_message(t, false, _("Logged in to %s as %s"),
		    o->url, name);
	if (strcmp(t->set.server, o->url) != 0) {
		snprintf(t->set.server, sizeof t->set.server, "%s", o->url);
		tui_settings_save(t);
	}
	tui_online_lobby(t);
}

static void
tui_online_login_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;

	if (o == NULL)
		return;
	o->busy = false;
	if (r->code[0] != '\0') {
		tui_online_message(t, true, "%s", r->message);
		return;
	}
	tui_online_logged_in(t, net_client_str(r->json, "name"),
	    net_client_str(r->json, "token"));
}

static void
tui_online_send_login(struct tui *t)
{
	struct tui_online *o = t->online;
	cJSON *body = cJSON_CreateObject();

	cJSON_AddStringToObject(body, "name", o->user);
	cJSON_AddStringToObject(body, "password", o->password);
	o->busy = true;
	net_client_call(o->nc, "POST", "/login", body, tui_online_login_cb, t);
}

static void
tui_online_register_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;

	if (o == NULL)
		return;
	if (r->code[0] != '\0') {
		o->busy = false;
		tui_online_message(t, true, "%s", r->message);
		return;
	}
	tui_online_send_login(t);
}

/* Connect to the URL of the form; false with a message if it is not one. */
static bool
tui_online_connect(struct tui *t)
{
	struct tui_online *o = t->online;
	char err[512];

	if (o->nc != NULL && strcmp(net_client_url(o->nc), o->url) == 0)
		return true;
	net_client_free(o->nc);
	o->nc = net_client_new(o->url, err, sizeof err);
	if (o->nc == NULL) {
		tui_online_message(t, true, "%s", err);
		o->field = TUI_FIELD_URL;
		return false;
	}
	snprintf(o->url, sizeof o->url, "%s", net_client_url(o->nc));
	return true;
}

static bool tui_online_resume(struct tui *t, const char *name);

static void
tui_online_submit(struct tui *t, bool reg)
{
	struct tui_online *o = t->online;
	cJSON *body;

	if (o->busy)
		return;
	/* No password typed, and a login kept for this server and name:
	 * try it again (the server may have been down). */
	if (o->password[0] == '\0' && !reg && tui_online_resume(t, o->user))
		return;
	if (o->url[0] == '\0' || o->user[0] == '\0' || o->password[0] == '\0') {
		tui_online_message(t, true, _("Fill in the server, your name and your password"));
		o->field = o->url[0] == '\0' ? TUI_FIELD_URL :
		    o->user[0] == '\0' ? TUI_FIELD_NAME : TUI_FIELD_PASSWORD;
		return;
	}
	if (!tui_online_connect(t))
		return;
	net_client_set_token(o->nc, NULL);
	tui_online_message(t, false, _("Connecting to %s..."), o->url);
	if (!reg) {
		tui_online_send_login(t);
		return;
	}
	body = cJSON_CreateObject();
	cJSON_AddStringToObject(body, "name", o->user);
	cJSON_AddStringToObject(body, "password", o->password);
	o->busy = true;
	net_client_call(o->nc, "POST", "/register", body,
	    tui_online_register_cb, t);
}

/* The answer to /user with a kept token. */
static void
tui_online_resume_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	char token[128];

	if (o == NULL)
		return;
	o->busy = false;
	if (r->code[0] == '\0') {
		snprintf(token, sizeof token, "%s", net_client_token(o->nc));
		tui_online_logged_in(t, net_client_str(r->json, "name"), token);
		return;
	}
	if (r->status == 401) {
		net_token_save(o->token_path, net_client_url(o->nc), "", NULL);
		tui_online_message(t, true, _("The login has expired: log in again"));
	} else
		/* The server could not be asked: the login is kept, and
		 * Enter asks again. */
		tui_online_message(t, true, _("Enter tries again: %s"),
		    r->message);
	o->field = TUI_FIELD_PASSWORD;
}

/* Go on with the login kept for the server of the form, if there is one
 * (and it is NAME's, when NAME is not NULL or ""): true when it is being
 * tried. */
static bool
tui_online_resume(struct tui *t, const char *name)
{
	struct tui_online *o = t->online;
	char token[128], user[sizeof o->user];

	if (o->url[0] == '\0' || net_token_load(o->token_path, o->url, user,
	    sizeof user, token, sizeof token) < 0 || token[0] == '\0' ||
	    (name != NULL && name[0] != '\0' && strcmp(name, user) != 0) ||
	    !tui_online_connect(t))
		return false;
	snprintf(o->user, sizeof o->user, "%s", user);
	net_client_set_token(o->nc, token);
	o->busy = true;
	tui_online_message(t, false, _("Connecting to %s..."), o->url);
	net_client_call(o->nc, "GET", "/user", NULL, tui_online_resume_cb, t);
	return true;
}

void
tui_online_enter(struct tui *t, const char *url)
{
	struct tui_online *o = t->online;

	if (o == NULL) {
		o = t->online = xcalloc(1, sizeof *o);
		if (settings_xdg_path("XDG_CONFIG_HOME", ".config", "tokens",
		    o->token_path, sizeof o->token_path) < 0)
			snprintf(o->token_path, sizeof o->token_path,
			    "tengen-tokens");
	}
	t->screen = TUI_SCREEN_ONLINE;
	t->help = false;
	if (o->name[0] != '\0' && o->nc != NULL) {
		tui_online_lobby(t);
		return;
	}
	o->view = TUI_ONLINE_LOGIN;
	if (url != NULL && url[0] != '\0') {
		size_t n;

		/* As the connection will spell it, and the token file too. */
		snprintf(o->url, sizeof o->url, "%s", url);
		n = strlen(o->url);
		while (n > 0 && o->url[n - 1] == '/')
			o->url[--n] = '\0';
	}
	o->field = o->url[0] == '\0' ? TUI_FIELD_URL : TUI_FIELD_NAME;
	tui_online_resume(t, NULL);
}

void
tui_online_leave(struct tui *t)
{
	struct tui_online *o = t->online;

	if (o == NULL)
		return;
	if (t->game.online) {
		game_free(&t->game.g);
		t->game.online = false;
	}
	net_client_free(o->nc);
	memset(o->password, 0, sizeof o->password);
	free(o);
	t->online = NULL;
}

/* Back to the login screen, the token forgotten, FIELD first. */
static void
tui_online_to_login(struct tui *t, int field)
{
	struct tui_online *o = t->online;

	net_client_watch(o->nc, 1, "room", 0, NULL, NULL);
	net_token_save(o->token_path, o->url, "", NULL);
	net_client_set_token(o->nc, NULL);
	o->name[0] = '\0';
	o->view = TUI_ONLINE_LOGIN;
	o->field = field;
	o->auto_joined = false;
}

void
tui_online_expired(struct tui *t)
{
	struct tui_online *o = t->online;

	if (o->table.id != 0)
		tui_online_table_drop(t);
	tui_online_to_login(t, TUI_FIELD_PASSWORD);
	tui_online_message(t, true, _("The login has expired: log in again"));
}

static void
tui_online_logout(struct tui *t)
{
	struct tui_online *o = t->online;

	net_client_call(o->nc, "POST", "/logout", NULL, NULL, NULL);
	tui_online_to_login(t, TUI_FIELD_NAME);
	tui_online_message(t, false, _("Logged out"));
}

/* Typing into a line of LEN bytes: printable bytes, UTF-8 included;
 * Backspace takes a whole character back. */
static bool
tui_online_type(char *buf, size_t len, int key)
{
	size_t n = strlen(buf);

	if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		while (n > 0 && ((unsigned char)buf[n - 1] & 0xc0) == 0x80)
			n--;
		if (n > 0)
			n--;
		buf[n] = '\0';
		return true;
	}
	if ((key >= ' ' && key < 127) || (key >= 128 && key < 256)) {
		if (n + 1 < len) {
			buf[n] = (char)key;
			buf[n + 1] = '\0';
		}
		return true;
	}
	return false;
}

static void
tui_online_to_local(struct tui *t)
{
	if (t->online->nc != NULL)
		net_client_watch(t->online->nc, 1, "room", 0, NULL, NULL);
	tui_lobby_enter(t);
}

void
tui_online_login_key(struct tui *t, int key)
{
	struct tui_online *o = t->online;
	static const struct {
		enum tui_online_field field;
		size_t offset, len;
	} edits[] = {
		{ TUI_FIELD_URL, offsetof(struct tui_online, url),
		  sizeof o->url },
		{ TUI_FIELD_NAME, offsetof(struct tui_online, user),
		  sizeof o->user },
		{ TUI_FIELD_PASSWORD, offsetof(struct tui_online, password),
		  sizeof o->password },
	};

	/* Nothing typed blind: where the form cannot be seen, Esc alone acts. */
	if (!tui_fits(t, TUI_LOGIN_COLS, TUI_LOGIN_ROWS)) {
		if (key == 27)
			tui_online_to_local(t);
		return;
	}
	switch (key) {
	case KEY_UP:
	case KEY_BTAB:
		o->field = (o->field + TUI_NFIELDS - 1) % TUI_NFIELDS;
		return;
	case KEY_DOWN:
	case '\t':
		o->field = (o->field + 1) % TUI_NFIELDS;
		return;
	case 27:
		tui_online_to_local(t);
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		if (o->field == TUI_FIELD_REGISTER)
			tui_online_submit(t, true);
		else if (o->field == TUI_FIELD_BACK)
			tui_online_to_local(t);
		else if (o->field == TUI_FIELD_PASSWORD ||
		    o->field == TUI_FIELD_LOGIN)
			tui_online_submit(t, false);
		else
			o->field++;
		return;
	}
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++)
		if (edits[i].field == (enum tui_online_field)o->field) {
			tui_online_type((char *)o + edits[i].offset,
			    edits[i].len, key);
			return;
		}
}

void
tui_online_login_click(struct tui *t, int y, int x)
{
	struct tui_online *o = t->online;

	(void)x;
	for (int f = 0; f < TUI_NFIELDS; f++)
		if (o->fieldy[f] == y) {
			o->field = f;
			if (f >= TUI_FIELD_LOGIN)
				tui_online_login_key(t, '\n');
			return;
		}
}

/* --- lobby actions */

static void
tui_online_sit_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;
	struct tui_online *o = t->online;
	long id;

	if (o == NULL)
		return;
	o->busy = false;
	if (strcmp(r->code, "already_seated") == 0) {
		/* Our seat is elsewhere (a leave that failed): go there. */
		id = (long)net_client_num(r->json, "table");
		if (id > 0 && o->view == TUI_ONLINE_LOBBY) {
			tui_online_table_open(t, id, true);
			tui_online_message(t, false, "%s", r->message);
		} else
			tui_online_message(t, true, "%s", r->message);
		return;
	}
	if (r->code[0] != '\0') {
		tui_online_message(t, true, "%s", r->message);
		return;
	}
	id = (long)net_client_num(r->json, "id");
	if (id <= 0 && o->sel < o->ntables)
		id = o->tables[o->sel].id;
	if (o->view == TUI_ONLINE_LOBBY)
		tui_online_table_open(t, id, true);
}

static void
tui_online_sit(struct tui *t)
{
	struct tui_online *o = t->online;
	const struct tui_online_table *tb;
	cJSON *body;

	if (o->sel >= o->ntables || o->busy)
		return;
	tb = &o->tables[o->sel];
	if (strcmp(tb->seat[0], o->name) == 0 ||
	    strcmp(tb->seat[1], o->name) == 0) {
		tui_online_table_open(t, tb->id, true);
		return;
	}
	body = cJSON_CreateObject();
	cJSON_AddNumberToObject(body, "table", (double)tb->id);
	o->busy = true;
	net_client_call(o->nc, "POST", "/table/sit", body, tui_online_sit_cb, t);
}

static void
tui_online_new_table(struct tui *t)
{
	struct tui_online *o = t->online;
	cJSON *body;

	if (o->nrooms == 0) {
		tui_online_message(t, true, "%s",
		    _("The rooms have not come yet: N opens a table once they have"));
		return;
	}
	if (o->busy)
		return;
	body = cJSON_CreateObject();
	cJSON_AddNumberToObject(body, "room", (double)o->rooms[o->room].id);
	o->busy = true;
	net_client_call(o->nc, "POST", "/table/new", body, tui_online_sit_cb, t);
}

void
tui_online_reply_cb(void *arg, const struct net_reply *r)
{
	struct tui *t = arg;

	if (t->online != NULL && r->code[0] != '\0')
		tui_online_message(t, true, "%s", r->message);
}

struct tui_chat_flight *
tui_online_chat_send(struct tui *t, struct tui_chat *c)
{
	struct tui_chat_flight *f = tui_chat_sending(c, t);

	if (f == NULL)
		tui_online_message(t, true, "%s",
		    _("Lines are still on their way: send this one after them"));
	return f;
}

/* (No answer comes once the client is freed, and the flight with it.) */
void
tui_online_chat_cb(void *arg, const struct net_reply *r)
{
	struct tui_chat_flight *f = arg;

	if (r->code[0] == '\0') {
		tui_chat_arrived(f);
		return;
	}
	tui_online_message(f->t, true, "%s", r->message);
	tui_chat_failed(f);
}

/* A key for the room's chat line: Enter sends it to the room. */
static void
tui_online_room_chat_key(struct tui *t, int key)
{
	struct tui_online *o = t->online;
	struct tui_chat_flight *f;
	cJSON *body;

	if (tui_chat_key(&o->room_chat, key) != TUI_CHAT_SEND ||
	    o->nrooms == 0)
		return;
	f = tui_online_chat_send(t, &o->room_chat);
	if (f == NULL)
		return;
	body = cJSON_CreateObject();
	cJSON_AddNumberToObject(body, "room", (double)o->rooms[o->room].id);
	cJSON_AddStringToObject(body, "text", f->text);
	net_client_call(o->nc, "POST", "/chat", body, tui_online_chat_cb, f);
}

static void
tui_online_lobby_action(struct tui *t, enum tui_action a)
{
	struct tui_online *o = t->online;

	/* o->field: 0 the rooms have the arrows, 1 the tables. */
	switch (a) {
	case TUI_UP:
		if (o->field == 0 && o->room > 0)
			tui_online_open_room(t, o->room - 1);
		else if (o->field == 1 && o->sel > 0)
			o->sel--;
		break;
	case TUI_DOWN:
		if (o->field == 0 && o->room + 1 < o->nrooms)
			tui_online_open_room(t, o->room + 1);
		else if (o->field == 1 && o->sel + 1 < o->ntables)
			o->sel++;
		break;
	case TUI_TAB:
		o->field = !o->field;
		break;
	case TUI_PLACE:
		if (o->field == 0)
			o->field = 1;
		else
			tui_online_sit(t);
		break;
	case TUI_NEW:
		tui_online_new_table(t);
		break;
	case TUI_CHAT:
		if (o->nrooms > 0)
			o->room_chat.editing = true;
		break;
	case TUI_WATCH:
		if (o->sel < o->ntables)
			tui_online_table_open(t, o->tables[o->sel].id, false);
		break;
	case TUI_REFRESH:
		tui_online_lobby(t);
		break;
	case TUI_LOGOUT:
		tui_online_logout(t);
		break;
	case TUI_LOBBY:
		tui_online_to_local(t);
		break;
	case TUI_QUIT:
		t->quit = true;
		break;
	case TUI_HELP:
		t->help = true;
		break;
	default:
		break;
	}
}

void
tui_online_lobby_key(struct tui *t, int key)
{
	enum tui_action a = tui_keys_lookup(tui_keys_online, key);

	/* Nothing done blind: where the lobby cannot be seen, q and Q alone
	 * act, over the chat's line too. */
	if (!tui_fits(t, TUI_LOBBY_COLS, TUI_LOBBY_ROWS)) {
		if (a == TUI_LOBBY || a == TUI_QUIT)
			tui_online_lobby_action(t, a);
		return;
	}
	if (t->online->room_chat.editing)
		tui_online_room_chat_key(t, key);
	else
		tui_online_lobby_action(t, a);
}

void
tui_online_lobby_click(struct tui *t, int y, int x)
{
	struct tui_online *o = t->online;
	int i = y - o->tabley;

	/* Only a table drawn: not the rooms beside it, nor one there was no
	 * line for. */
	if (o->tabley > 0 && x >= o->tablex && i >= 0 && i < o->tables_shown) {
		i += o->table_top;
		o->field = 1;
		if (o->sel == i)
			tui_online_sit(t);
		o->sel = i;
	}
}

void
tui_online_key(struct tui *t, int key)
{
	switch (t->online->view) {
	case TUI_ONLINE_LOGIN:
		tui_online_login_key(t, key);
		break;
	case TUI_ONLINE_LOBBY:
		tui_online_lobby_key(t, key);
		break;
	case TUI_ONLINE_TABLE:
		tui_online_table_key(t, key);
		break;
	}
}

void
tui_online_click(struct tui *t, int y, int x)
{
	switch (t->online->view) {
	case TUI_ONLINE_LOGIN:
		tui_online_login_click(t, y, x);
		break;
	case TUI_ONLINE_LOBBY:
		tui_online_lobby_click(t, y, x);
		break;
	case TUI_ONLINE_TABLE:
		tui_online_table_click(t, y, x);
		break;
	}
}
