/*
 * server-api.c: the routes of tengend's HTTP API and the checks on input.
 *
 * The table at the bottom maps method and path to a handler; server-http.c
 * does the HTTP, the handlers here and in server-table.c and server-game.c
 * do the work.  Every field is read through server_json_*(), which check
 * the type, the range, the length and UTF-8, and answer a clear 400 with
 * the field's name.  doc/protocol.md describes every route.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "util.h"

#define SERVER_CHAT_MAX 500
#define SERVER_CHAT_BACK 20	/* chat lines a state gives of the past */
#define SERVER_PASSWORD_MIN 6
#define SERVER_PASSWORD_MAX 256
/* The largest table id and event number a request may name: 2^40 and 2^50
 * where a long holds them, else the largest long (a 32-bit long, where
 * 1L << 40 would not fit). */
#if LONG_MAX > 0x3ffffffffffffL
#define SERVER_TABLE_ID_MAX (1L << 40)
#define SERVER_SEQ_MAX (1L << 50)
#else
#define SERVER_TABLE_ID_MAX LONG_MAX
#define SERVER_SEQ_MAX LONG_MAX
#endif

int
server_utf8_char(const unsigned char *s, unsigned long *cp)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n;

	if (s[0] < 0x80) {
		*cp = s[0];
		return s[0] ? 1 : 0;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range rules out the overlong forms, the
	 * surrogates and what is above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	*cp = s[0] & (0x7f >> n);
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (s[i] & 0x3f);
	}
	return n;
}

void
server_error(struct server_call *c, int status, const char *code,
		const char *fmt, ...)
{
	char msg[512];
	size_t len = 0;
	unsigned long cp;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* Cut before whatever is not whole UTF-8: the end of a message
	 * too long, or a piece of a request quoted in it. */
	for (int n; (n = server_utf8_char((unsigned char *)msg + len,
	    &cp)) > 0;)
		len += (size_t)n;
	msg[len] = '\0';
	cJSON_Delete(c->reply);
	c->reply = cJSON_CreateObject();
	cJSON_AddStringToObject(c->reply, "error", code);
	cJSON_AddStringToObject(c->reply, "message", msg);
	c->status = status;
}

/* Valid UTF-8 without control characters, C0, DEL or C1 (tabs and
 * newlines allowed in chat), line and paragraph separators (U+2028,
 * U+2029) or direction embeddings, overrides and isolates (U+202A to
 * U+202E, U+2066 to U+2069), which would break or reverse the lines of
 * others around them. */
static bool
server_text_ok(const char *s, bool newlines)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;

	while (*p) {
		int n = server_utf8_char(p, &cp);

		if (n == 0)
			return false;
		if (cp == 0x7f || (cp < 0x20 &&
		    !(newlines && (cp == '\n' || cp == '\t'))))
			return false;
		if ((cp >= 0x80 && cp < 0xa0) ||
		    (cp >= 0x2028 && cp <= 0x202e) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			return false;
		p += n;
	}
	return true;
}

static cJSON *
server_field(struct server_call *c, const char *name, bool required)
{
	cJSON *v = c->body ? cJSON_GetObjectItemCaseSensitive(c->body, name) :
	    NULL;

	if (v == NULL && required)
		server_error(c, 400, "missing_field", "the field \"%s\" is "
		    "required", name);
	return v;
}

int
server_json_long(struct server_call *c, const char *name, long min, long max,
		bool required, long *out)
{
	cJSON *v = server_field(c, name, required);

	if (v == NULL)
		return 1;
	if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble < (double)min || v->valuedouble > (double)max) {
		server_error(c, 400, "bad_field", "\"%s\" must be a whole number "
		    "from %ld to %ld", name, min, max);
		return -1;
	}
	*out = (long)v->valuedouble;
	return 0;
}

int
server_json_double(struct server_call *c, const char *name, double min,
		double max, bool required, double *out)
{
	cJSON *v = server_field(c, name, required);

	if (v == NULL)
		return 1;
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) ||
	    v->valuedouble < min || v->valuedouble > max) {
		server_error(c, 400, "bad_field", "\"%s\" must be a number from "
		    "%g to %g", name, min, max);
		return -1;
	}
	*out = v->valuedouble;
	return 0;
}

static int
server_json_text(struct server_call *c, const char *name, size_t max,
		bool required, bool newlines, const char **out)
{
	cJSON *v = server_field(c, name, required);

	if (v == NULL)
		return 1;
	if (!cJSON_IsString(v) || v->valuestring == NULL) {
		server_error(c, 400, "bad_field", "\"%s\" must be a string", name);
		return -1;
	}
	if (v->valuestring[0] == '\0' || strlen(v->valuestring) > max) {
		server_error(c, 400, "bad_field", "\"%s\" must have 1 to %zu "
		    "bytes", name, max);
		return -1;
	}
	if (!server_text_ok(v->valuestring, newlines)) {
		server_error(c, 400, "bad_field", "\"%s\" must be UTF-8 text "
		    "without control characters, line separators or "
		    "direction controls", name);
		return -1;
	}
	*out = v->valuestring;
	return 0;
}

int
server_json_string(struct server_call *c, const char *name, size_t max,
		bool required, const char **out)
{
	return server_json_text(c, name, max, required, false, out);
}

/* A query argument as a whole number: 0 ok, 1 missing, -1 bad. */
static int
server_query_long(struct server_call *c, const char *name, long min,
		long max, long *out)
{
	const char *s = server_http_arg(c, name);
	char *end;
	long v;

	if (s == NULL)
		return 1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || v < min || v > max) {
		server_error(c, 400, "bad_argument", "\"%s\" must be a whole "
		    "number from %ld to %ld", name, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

struct server_table *
server_call_table(struct server_call *c, int *seat)
{
	struct server_table *t;
	long id;

	if (server_json_long(c, "table", 1, SERVER_TABLE_ID_MAX, true,
	    &id) != 0)
		return NULL;
	t = server_table_find(c->srv, id);
	if (t == NULL) {
		server_error(c, 404, "no_table", "there is no table %ld", id);
		return NULL;
	}
	*seat = server_table_seat(t, c->user);
	return t;
}

struct server_table *
server_call_seated(struct server_call *c, int *seat)
{
	struct server_table *t = server_call_table(c, seat);

	if (t != NULL && *seat < 0) {
		server_error(c, 403, "not_seated", "you do not sit at table %ld",
		    t->id);
		return NULL;
	}
	return t;
}

static cJSON *
server_ok(void)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddBoolToObject(o, "ok", true);
	return o;
}

static cJSON *
server_user_json(const struct server_db_user *u)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "name", u->name);
	cJSON_AddNumberToObject(o, "points", (double)u->points);
	cJSON_AddStringToObject(o, "rank", server_rank_zh(u->points));
	cJSON_AddStringToObject(o, "rank_en", server_rank_en(u->points));
	cJSON_AddNumberToObject(o, "wins", (double)u->wins);
	cJSON_AddNumberToObject(o, "losses", (double)u->losses);
	cJSON_AddNumberToObject(o, "draws", (double)u->draws);
	cJSON_AddNumberToObject(o, "escapes", (double)u->escapes);
	return o;
}

/* --- accounts (these two run without the lock, by a worker off the HTTP
 * threads: hashing is slow) */

static int
server_api_credentials(struct server_call *c, const char **name,
		const char **password, bool new_name)
{
	if (server_json_string(c, "name", SERVER_NAME_MAX, true, name) != 0)
		return -1;
	if (!server_name_ok(*name)) {
		server_error(c, 400, "bad_name", "a name has 1 to %d bytes: "
		    "letters, digits, \"_\", \"-\", \".\"", SERVER_NAME_MAX);
		return -1;
	}
	if (new_name && !server_name_new_ok(*name)) {
		server_error(c, 400, "bad_name", "a name may not hold "
		    "characters that show as nothing or as spaces, nor "
		    "full-width letters");
		return -1;
	}
	if (server_json_text(c, "password", SERVER_PASSWORD_MAX, true, true,
	    password) != 0)
		return -1;
	if (strlen(*password) < SERVER_PASSWORD_MIN) {
		server_error(c, 400, "bad_password", "a password has at least %d "
		    "bytes", SERVER_PASSWORD_MIN);
		return -1;
	}
	return 0;
}

static void
server_api_register(struct server_call *c)
{
	const char *name, *password;

	if (server_api_credentials(c, &name, &password, true) < 0 ||
	    server_auth_register(c, name, password) < 0)
		return;
	c->status = 201;
	c->reply = cJSON_CreateObject();
	cJSON_AddStringToObject(c->reply, "name", name);
}

static void
server_api_login(struct server_call *c)
{
	const char *name, *password;
	char token[SERVER_HASH_MAX];

	if (server_api_credentials(c, &name, &password, false) < 0 ||
	    server_auth_login(c, name, password, token, sizeof token) < 0)
		return;
	c->reply = cJSON_CreateObject();
	cJSON_AddStringToObject(c->reply, "token", token);
	cJSON_AddStringToObject(c->reply, "name", name);
}

static void
server_api_logout(struct server_call *c)
{
	server_auth_logout(c);
	c->reply = server_ok();
}

/* --- rooms, state, events */

static cJSON *
server_room_json(struct server_room *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "id", (double)r->row.id);
	cJSON_AddStringToObject(o, "name", r->row.name);
	cJSON_AddStringToObject(o, "name_zh", r->row.name_zh);
	cJSON_AddNumberToObject(o, "base", r->row.base);
	cJSON_AddNumberToObject(o, "escape_penalty", r->row.penalty);
	cJSON_AddNumberToObject(o, "tables", r->ntables);
	cJSON_AddNumberToObject(o, "seq", (double)r->chan.last_seq);
	return o;
}

static void
server_api_rooms(struct server_call *c)
{
	cJSON *a;

	if (server_rooms_refresh(c->srv) < 0)
		server_fatal(c->srv, "reading the rooms");
	a = cJSON_CreateArray();
	for (int i = 0; i < c->srv->nrooms; i++)
		cJSON_AddItemToArray(a, server_room_json(&c->srv->rooms[i]));
	c->reply = cJSON_CreateObject();
	cJSON_AddItemToObject(c->reply, "rooms", a);
}

static struct server_room *
server_api_room_arg(struct server_call *c)
{
	struct server_room *r;
	long id;

	if (server_query_long(c, "room", 1, 1L << 30, &id) != 0) {
		if (c->reply == NULL)
			server_error(c, 400, "missing_argument", "give ?room=ID "
			    "or ?table=ID");
		return NULL;
	}
	r = server_room_find(c->srv, id);
	if (r == NULL)
		server_error(c, 404, "no_room", "there is no room %ld", id);
	return r;
}

static struct server_table *
server_api_table_arg(struct server_call *c, bool *given)
{
	struct server_table *t;
	long id;
	int rc = server_query_long(c, "table", 1, SERVER_TABLE_ID_MAX, &id);

	*given = rc != 1;
	if (rc != 0)
		return NULL;
	t = server_table_find(c->srv, id);
	if (t == NULL)
		server_error(c, 404, "no_table", "there is no table %ld", id);
	return t;
}

static void
server_api_state(struct server_call *c)
{
	struct server_table *t;
	struct server_room *r;
	bool given;
	cJSON *tables;

	t = server_api_table_arg(c, &given);
	if (t) {
		server_game_presence(c->srv, t, c->user, 0);
		c->reply = server_table_json(c->srv, t, true);
		cJSON_AddItemToObject(c->reply, "chat",
		    server_chan_chat(c->srv, &t->chan, SERVER_CHAT_BACK));
		return;
	}
	if (given)
		return;
	r = server_api_room_arg(c);
	if (r == NULL)
		return;
	c->reply = server_room_json(r);
	cJSON_AddItemToObject(c->reply, "chat",
	    server_chan_chat(c->srv, &r->chan, SERVER_CHAT_BACK));
	tables = cJSON_AddArrayToObject(c->reply, "table_list");
	for (long id = 1; id < c->srv->ctables; id++)
		if (c->srv->tables[id] && c->srv->tables[id]->room == r)
			cJSON_AddItemToArray(tables, server_table_json(c->srv,
			    c->srv->tables[id], false));
}

/* GET /events?table=T|room=R&since=N[&timeout=S]: the events after N, at
 * once if there are any, else when the next one comes or after the
 * timeout. */
static void
server_api_events(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_waiter *w = c->waiter;
	struct server_table *t;
	struct server_chan *ch;
	bool given, more;
	long since = 0, timeout = (long)srv->opt.poll_timeout, last;
	char *list;
	size_t len;

	t = server_api_table_arg(c, &given);
	if (t == NULL && given)
		return;
	if (t) {
		ch = &t->chan;
	} else {
		struct server_room *r = server_api_room_arg(c);

		if (r == NULL)
			return;
		ch = &r->chan;
	}
	/* A client cannot know the server's --poll-timeout: a longer wait
	 * asked for is that one. */
	if (server_query_long(c, "since", 0, SERVER_SEQ_MAX, &since) < 0 ||
	    server_query_long(c, "timeout", 0, 1L << 30, &timeout) < 0)
		return;
	if (timeout > (long)srv->opt.poll_timeout)
		timeout = (long)srv->opt.poll_timeout;
	if (w->counted) {
		w->counted = false;
		server_game_presence(srv, w->table, w->user, -1);
	}
	if (since == ch->last_seq && !w->resumed && timeout > 0 &&
	    !srv->stopping) {
		/* Present before waiting: a player coming back emits
		 * "reconnect", which this poll must answer, not be woken by
		 * before it is even suspended (it would then hang). */
		if (t && c->user) {
			w->counted = true;
			server_game_presence(srv, t, c->user, 1);
		}
		if (since == ch->last_seq) {
			w->chan = ch;
			w->since = since;
			w->deadline = util_now() + (double)timeout;
			w->table = t;
			w->user = c->user;
			server_waiter_add(srv, w);
			c->suspend = true;
			return;
		}
		if (w->counted) {
			w->counted = false;
			server_game_presence(srv, t, c->user, -1);
		}
	}
	if (t)
		server_game_presence(srv, t, c->user, 0);
	/* Events numbered past the last (a database put back), or gone
	 * from it: the client must read the state anew. */
	bool resync = since > ch->last_seq || server_chan_gone(ch, since);
	list = resync ? xstrdup("[]") :
	    server_chan_since(srv, ch, since, &last, &more);
	if (resync) {
		last = since > ch->last_seq ? ch->last_seq : since;
		more = false;
	}
	len = strlen(list) + 96;
	c->raw = xmalloc(len);
	snprintf(c->raw, len, "{\"events\":%s,\"last\":%ld,\"more\":%s%s}",
	    list, last, more ? "true" : "false",
	    resync ? ",\"resync\":true" : "");
	free(list);
}

/* --- chat */

/* A user may send SERVER_CHAT_BURST lines to a channel within
 * SERVER_CHAT_WINDOW seconds; more is a flood, refused with 429 and the
 * seconds to wait.  The line let through is marked.  Each user's lines are
 * marked apart, so that no number of users taking turns, nor a busy
 * channel, gets past the limit; users silent for the window are
 * forgotten, so the marks are only as many as the users of the last ten
 * seconds. */
static bool
server_api_chat_too_fast(struct server_call *c, struct server_chan *ch)
{
	struct server_chat_marks *m = NULL;
	double now = util_now();

	for (int i = 0; i < ch->nchat; ) {
		struct server_chat_marks *u = &ch->chat[i];
		int latest = (u->next + SERVER_CHAT_BURST - 1) %
		    SERVER_CHAT_BURST;

		if (now - u->at[latest] >= SERVER_CHAT_WINDOW) {
			/* The last one moves here: it is looked at next. */
			*u = ch->chat[--ch->nchat];
			continue;
		}
		if (u->user == c->user)
			m = u;
		i++;
	}
	if (m != NULL && m->n == SERVER_CHAT_BURST &&
	    now - m->at[m->next] < SERVER_CHAT_WINDOW) {
		c->retry_after = (int)(m->at[m->next] + SERVER_CHAT_WINDOW -
		    now) + 1;
		server_error(c, 429, "too_fast", "at most %d chat lines in %g "
		    "s: wait %d s", SERVER_CHAT_BURST, SERVER_CHAT_WINDOW,
		    c->retry_after);
		cJSON_AddNumberToObject(c->reply, "retry_after",
		    c->retry_after);
		return true;
	}
	if (m == NULL) {
		if (ch->nchat == ch->cchat) {
			ch->cchat = ch->cchat ? 2 * ch->cchat : 4;
			ch->chat = xreallocarray(ch->chat, (size_t)ch->cchat,
			    sizeof *ch->chat);
		}
		m = &ch->chat[ch->nchat++];
		memset(m, 0, sizeof *m);
		m->user = c->user;
	}
	m->at[m->next] = now;
	m->next = (m->next + 1) % SERVER_CHAT_BURST;
	if (m->n < SERVER_CHAT_BURST)
		m->n++;
	return false;
}

static void
server_api_chat(struct server_call *c)
{
	struct server_chan *ch;
	const char *text;
	long id;
	cJSON *ev;

	if (server_json_text(c, "text", SERVER_CHAT_MAX, true, true, &text) != 0)
		return;
	if (server_json_long(c, "table", 1, SERVER_TABLE_ID_MAX, false,
	    &id) == 0) {
		struct server_table *t = server_table_find(c->srv, id);

		if (t == NULL) {
			server_error(c, 404, "no_table", "there is no table %ld", id);
			return;
		}
		ch = &t->chan;
	} else if (c->reply) {
		return;
	} else if (server_json_long(c, "room", 1, 1L << 30, true, &id) == 0) {
		struct server_room *r = server_room_find(c->srv, id);

		if (r == NULL) {
			server_error(c, 404, "no_room", "there is no room %ld", id);
			return;
		}
		ch = &r->chan;
	} else {
		return;
	}
	if (server_api_chat_too_fast(c, ch))
		return;
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "type", "chat");
	cJSON_AddStringToObject(ev, "from", c->user_name);
	cJSON_AddStringToObject(ev, "text", text);
	server_begin(c->srv);
	server_emit(c->srv, ch, ev);
	server_commit(c->srv);
	c->reply = server_ok();
	cJSON_AddNumberToObject(c->reply, "seq", (double)ch->last_seq);
}

/* --- records, leaderboard, news, ranks */

static void
server_api_user(struct server_call *c)
{
	struct server_db_user u;
	const char *name = server_http_arg(c, "name");
	int rc;

	if (name == NULL)
		name = c->user_name[0] ? c->user_name : NULL;
	if (name == NULL) {
		server_error(c, 400, "missing_argument", "give ?name=NAME");
		return;
	}
	if (!server_text_ok(name, false) || !server_name_ok(name)) {
		server_error(c, 400, "bad_argument", "\"name\" is a name: 1 to %d "
		    "bytes of letters, digits, \"_\", \"-\", \".\" or other "
		    "UTF-8", SERVER_NAME_MAX);
		return;
	}
	rc = server_db_user_by_name(c->srv->db, name, &u);
	if (rc < 0)
		server_fatal(c->srv, "reading a user");
	if (rc == 1) {
		server_error(c, 404, "no_user", "there is no player %s", name);
		return;
	}
	c->reply = server_user_json(&u);
}

static void
server_api_leaderboard(struct server_call *c)
{
	struct server_db_user *u;
	long limit = 20;
	int n;
	cJSON *a;

	if (server_query_long(c, "limit", 1, 100, &limit) < 0)
		return;
	u = xcalloc((size_t)limit, sizeof *u);
	n = server_db_leaderboard(c->srv->db, u, (int)limit);
	if (n < 0)
		server_fatal(c->srv, "reading the leaderboard");
	c->reply = cJSON_CreateObject();
	a = cJSON_AddArrayToObject(c->reply, "players");
	for (int i = 0; i < n; i++)
		cJSON_AddItemToArray(a, server_user_json(&u[i]));
	free(u);
}

static void
server_api_news_one(void *arg, long id, long posted, const char *title,
		const char *body)
{
	cJSON *n = cJSON_CreateObject();

	cJSON_AddNumberToObject(n, "id", (double)id);
	cJSON_AddNumberToObject(n, "posted", (double)posted);
	cJSON_AddStringToObject(n, "title", title);
	cJSON_AddStringToObject(n, "body", body);
	cJSON_AddItemToArray(arg, n);
}

static void
server_api_news(struct server_call *c)
{
	long limit = 10;
	cJSON *a;

	if (server_query_long(c, "limit", 1, 100, &limit) < 0)
		return;
	c->reply = cJSON_CreateObject();
	a = cJSON_AddArrayToObject(c->reply, "news");
	if (server_db_news(c->srv->db, (int)limit, server_api_news_one, a) < 0)
		server_fatal(c->srv, "reading news");
}

static void
server_api_ranks(struct server_call *c)
{
	c->reply = cJSON_CreateObject();
	cJSON_AddItemToObject(c->reply, "ranks", server_rank_table());
}

static const struct server_route server_routes[] = {
	{ "POST", "/register", false, false, server_api_register },
	{ "POST", "/login", false, false, server_api_login },
	{ "POST", "/logout", true, true, server_api_logout },
	{ "GET", "/rooms", false, true, server_api_rooms },
	{ "GET", "/state", false, true, server_api_state },
	{ "GET", "/events", false, true, server_api_events },
	{ "GET", "/user", false, true, server_api_user },
	{ "GET", "/leaderboard", false, true, server_api_leaderboard },
	{ "GET", "/news", false, true, server_api_news },
	{ "GET", "/ranks", false, true, server_api_ranks },
	{ "POST", "/table/new", true, true, server_table_new },
	{ "POST", "/table/sit", true, true, server_table_sit },
	{ "POST", "/table/leave", true, true, server_table_leave },
	{ "POST", "/table/rules", true, true, server_table_rules },
	{ "POST", "/table/start", true, true, server_table_start },
	{ "POST", "/game/move", true, true, server_game_move },
	{ "POST", "/game/pass", true, true, server_game_pass },
	{ "POST", "/game/resign", true, true, server_game_resign },
	{ "POST", "/game/undo", true, true, server_game_undo },
	{ "POST", "/game/undo/accept", true, true, server_game_undo_accept },
	{ "POST", "/game/undo/decline", true, true, server_game_undo_decline },
	{ "POST", "/game/toggle", true, true, server_game_toggle },
	{ "POST", "/game/accept", true, true, server_game_accept },
	{ "POST", "/game/resume", true, true, server_game_resume },
	{ "POST", "/chat", true, true, server_api_chat },
};

const struct server_route *
server_api_route(const char *method, const char *path, bool *path_known)
{
	*path_known = false;
	for (size_t i = 0; i < sizeof server_routes / sizeof server_routes[0];
	    i++) {
		if (strcmp(server_routes[i].path, path) != 0)
			continue;
		*path_known = true;
		if (strcmp(server_routes[i].method, method) == 0)
			return &server_routes[i];
	}
	return NULL;
}
