/*
 * net-client.c: requests, watches and moves over net-http.
 *
 * Every request carries a small struct net_call saying what its answer is
 * for: a plain call, a watch's /state or /events, a move or the check of a
 * stale move.  A watch is a loop of long-polls; when one fails the watch
 * waits (0.5 s, doubling up to 8 s), then fetches /state again, because
 * the clocks have moved on, and polls from the last event it delivered.
 * Events already contained in that state are skipped, all but chat, which
 * no state holds.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "net-client.h"
#include "net-http.h"
#include "util.h"

#define NET_CLIENT_TIMEOUT_MS 15000
#define NET_CLIENT_BACKOFF_MAX 8.0

enum net_call_kind {
	NET_CALL_PLAIN,
	NET_CALL_STATE,		/* a watch's /state */
	NET_CALL_POLL,		/* a watch's /events */
	NET_CALL_MOVE,
	NET_CALL_MOVE_CHECK	/* /state after a stale move */
};

struct net_call {
	struct net_client *nc;
	enum net_call_kind kind;
	int w;			/* the watch */
	unsigned gen;		/* the watch's or the move's generation */
	net_client_cb cb;
	void *arg;
	uint64_t id;		/* net-http's request */
	struct net_call *next;
};

struct net_watch {
	char kind[8];
	long id;		/* 0: not watching */
	net_watch_cb cb;
	void *arg;
	unsigned gen;
	long since;		/* last event delivered */
	long state_seq;		/* events up to this are in the last state */
	bool started;		/* since is set */
	bool down;
	int failures;
	double retry_at;	/* > 0: waiting to retry */
	double polled_at;	/* when the poll in flight was sent */
	double poll_at;		/* > 0: the next poll waits until then */
	struct net_call *req;	/* in flight */
};

struct net_move {
	bool active;
	unsigned gen;
	long table;
	char move[8];
	int n;
	net_client_cb cb;
	void *arg;
	int failures;
	double retry_at;
	struct net_call *req;
};

/* How long a poll may wait at the server, in seconds. */
#define NET_CLIENT_POLL_S 25
/* A poll answered sooner than this with nothing new waits out the rest
 * before the next: tengend holds a quiet poll for a second at least, but a
 * proxy in between that answers at once must not make the client poll in a
 * tight loop. */
#define NET_CLIENT_POLL_MIN_S 1.0

struct net_client {
	struct net_http *http;
	char *url;
	char token[128];
	int poll_wait;
	struct net_call *calls;	/* in flight */
	struct net_watch watch[NET_CLIENT_WATCHES];
	struct net_move mv;
};

static double
net_client_backoff(int failures)
{
	double d = 0.5;

	while (--failures > 0 && d < NET_CLIENT_BACKOFF_MAX)
		d *= 2;
	return d < NET_CLIENT_BACKOFF_MAX ? d : NET_CLIENT_BACKOFF_MAX;
}

struct net_client *
net_client_new(const char *url, char *err, size_t errlen)
{
	struct net_client *nc;
	size_t n = strlen(url);

	if ((strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) ||
	    n < 9 || n > 1000 || strpbrk(url, " \t\r\n?#") != NULL) {
		snprintf(err, errlen, "%s: not a server address (http://host:port or https://host)",
		    url);
		return NULL;
	}
	nc = xcalloc(1, sizeof *nc);
	nc->url = xstrdup(url);
	while (n > 0 && nc->url[n - 1] == '/')
		nc->url[--n] = '\0';
	nc->http = net_http_new(nc->url);
	if (nc->http == NULL) {
		snprintf(err, errlen, "cannot start libcurl");
		free(nc->url);
		free(nc);
		return NULL;
	}
	/* The server holds a poll NET_CLIENT_POLL_S at most: a connection
	 * that died silently shows within ten seconds more. */
	nc->poll_wait = NET_CLIENT_POLL_S + 10;
	return nc;
}

void
net_client_free(struct net_client *nc)
{
	struct net_call *c, *next;

	if (nc == NULL)
		return;
	net_http_free(nc->http);
	for (c = nc->calls; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	free(nc->url);
	free(nc);
}

const char *
net_client_url(const struct net_client *nc)
{
	return nc->url;
}

void
net_client_set_token(struct net_client *nc, const char *token)
{
	snprintf(nc->token, sizeof nc->token, "%s", token ? token : "");
}

const char *
net_client_token(const struct net_client *nc)
{
	return nc->token;
}

static void
net_client_unlink(struct net_client *nc, struct net_call *c)
{
	for (struct net_call **pp = &nc->calls; *pp != NULL; pp = &(*pp)->next)
		if (*pp == c) {
			*pp = c->next;
			return;
		}
}

static void net_client_done(void *arg, long status, const char *body,
			    size_t len, const char *error);

static struct net_call *
net_client_send(struct net_client *nc, enum net_call_kind kind,
		const char *method, const char *path, cJSON *body, long timeout_ms)
{
	struct net_call *c = xcalloc(1, sizeof *c);
	char *text = NULL;

	c->nc = nc;
	c->kind = kind;
	if (body != NULL) {
		text = cJSON_PrintUnformatted(body);
		cJSON_Delete(body);
	}
	c->next = nc->calls;
	nc->calls = c;
	c->id = net_http_request(nc->http, method, path,
	    nc->token[0] ? nc->token : NULL, text, timeout_ms,
	    net_client_done, c);
	free(text);
	if (c->id == 0) {
		/* Could not even start: answer as a network failure, later. */
		net_client_unlink(nc, c);
		free(c);
		return NULL;
	}
	return c;
}

static void
net_client_cancel(struct net_client *nc, struct net_call **cp)
{
	if (*cp == NULL)
		return;
	net_http_cancel(nc->http, (*cp)->id);
	net_client_unlink(nc, *cp);
	free(*cp);
	*cp = NULL;
}

/* Parse an answer into R; *JSON is to be freed by the caller. */
static void
net_client_parse(const struct net_client *nc, long status, const char *body,
		 size_t len, const char *error, cJSON **json,
		 struct net_reply *r, char *msg, size_t msglen)
{
	const cJSON *code, *text;

	*json = NULL;
	memset(r, 0, sizeof *r);
	r->status = status;
	r->code = "";
	r->message = "";
	if (status == 0) {
		snprintf(msg, msglen, "cannot reach %s: %s", nc->url,
		    error ? error : "no reply");
		r->code = "network";
		r->message = msg;
		return;
	}
	if (status >= 300 && status < 400) {
		/* No tengen reply, and nothing a retry changes: the address
		 * is not the server's own. */
		snprintf(msg, msglen, "%s sends elsewhere (HTTP %ld)%s%s: give "
		    "the server's own address", nc->url, status,
		    error ? " to " : "", error ? error : "");
		r->code = "redirect";
		r->message = msg;
		return;
	}
	*json = cJSON_ParseWithLength(body, len);
	if (*json == NULL || !cJSON_IsObject(*json)) {
		cJSON_Delete(*json);
		*json = NULL;
		snprintf(msg, msglen, "not a tengen server? %s: HTTP %ld, no JSON",
		    nc->url, status);
		r->code = "garbage";
		r->message = msg;
		return;
	}
	r->json = *json;
	if (status >= 200 && status < 300)
		return;
	code = cJSON_GetObjectItemCaseSensitive(*json, "error");
	text = cJSON_GetObjectItemCaseSensitive(*json, "message");
	r->code = cJSON_IsString(code) ? code->valuestring : "http";
	if (cJSON_IsString(text))
		snprintf(msg, msglen, "%s", text->valuestring);
	else
		snprintf(msg, msglen, "HTTP %ld", status);
	r->message = msg;
}

/* A failure worth retrying: no reply, a broken one, or a server error. */
static bool
net_client_transient(const struct net_reply *r)
{
	return r->status == 0 || r->status >= 500 ||
	    strcmp(r->code, "garbage") == 0;
}

void
net_client_call(struct net_client *nc, const char *method, const char *path,
		cJSON *body, net_client_cb cb, void *arg)
{
	struct net_call *c;

	if (strcmp(method, "POST") == 0 && body == NULL)
		body = cJSON_CreateObject();
	c = net_client_send(nc, NET_CALL_PLAIN, method, path, body,
	    NET_CLIENT_TIMEOUT_MS);
	if (c == NULL) {
		struct net_reply r = { 0, NULL, "network", "cannot start a request" };

		if (cb != NULL)
			cb(arg, &r);
		return;
	}
	c->cb = cb;
	c->arg = arg;
}

void
net_client_escape(const char *s, char *buf, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (; *s != '\0' && n + 4 < len; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-_.~", ch) != NULL)
			buf[n++] = (char)ch;
		else {
			buf[n++] = '%';
			buf[n++] = hex[ch >> 4];
			buf[n++] = hex[ch & 15];
		}
	}
	if (len > 0)
		buf[n] = '\0';
}

/* --- watches */

static void net_client_watch_state(struct net_client *nc, int w);

static void
net_client_watch_poll(struct net_client *nc, int w)
{
	struct net_watch *wt = &nc->watch[w];
	char path[128];

	/* The server waits at most NET_CLIENT_POLL_S (less if its own
	 * --poll-timeout is shorter), well inside this request's timeout: a
	 * server set to wait longer had every quiet poll time out here. */
	snprintf(path, sizeof path, "/events?%s=%ld&since=%ld&timeout=%d",
	    wt->kind, wt->id, wt->since, NET_CLIENT_POLL_S);
	wt->poll_at = 0;
	wt->polled_at = util_now();
	wt->req = net_client_send(nc, NET_CALL_POLL, "GET", path, NULL,
	    nc->poll_wait * 1000L);
	if (wt->req != NULL) {
		wt->req->w = w;
		wt->req->gen = wt->gen;
	} else
		wt->retry_at = util_now() + 1;
}

static void
net_client_watch_state(struct net_client *nc, int w)
{
	struct net_watch *wt = &nc->watch[w];
	char path[64];

	snprintf(path, sizeof path, "/state?%s=%ld", wt->kind, wt->id);
	wt->req = net_client_send(nc, NET_CALL_STATE, "GET", path, NULL,
	    NET_CLIENT_TIMEOUT_MS);
	if (wt->req != NULL) {
		wt->req->w = w;
		wt->req->gen = wt->gen;
	} else
		wt->retry_at = util_now() + 1;
}

static void
net_client_watch_fail(struct net_client *nc, int w, const struct net_reply *r)
{
	struct net_watch *wt = &nc->watch[w];

	if (!net_client_transient(r)) {
		/* The server refused: retrying will not help. */
		wt->id = 0;
		wt->down = false;
		wt->cb(wt->arg, r->status == 401 ? NET_WATCH_EXPIRED :
		    NET_WATCH_REFUSED, NULL, r->message);
		return;
	}
	wt->failures++;
	wt->down = true;
	wt->retry_at = util_now() + net_client_backoff(wt->failures);
	wt->cb(wt->arg, NET_WATCH_DOWN, NULL, r->message);
}

static void
net_client_watch_up(struct net_client *nc, int w)
{
	struct net_watch *wt = &nc->watch[w];

	wt->failures = 0;
	if (wt->down) {
		wt->down = false;
		wt->cb(wt->arg, NET_WATCH_UP, NULL, NULL);
	}
}

const char *
net_client_str(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(v) ? v->valuestring : "";
}

double
net_client_num(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static long
net_client_number(const cJSON *o, const char *name, long dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsNumber(v) ? (long)v->valuedouble : dflt;
}

static void
net_client_watch_answer(struct net_client *nc, struct net_call *c,
			const struct net_reply *r)
{
	struct net_watch *wt = &nc->watch[c->w];
	unsigned gen = wt->gen;
	const cJSON *events, *ev;
	bool fresh = false;

	if (c->gen != wt->gen || wt->id == 0)
		return;
	wt->req = NULL;
	if (r->code[0] != '\0') {
		net_client_watch_fail(nc, c->w, r);
		return;
	}
	if (c->kind == NET_CALL_STATE) {
		wt->state_seq = net_client_number(r->json, "seq", 0);
		if (!wt->started) {
			wt->since = wt->state_seq;
			wt->started = true;
		}
		wt->cb(wt->arg, NET_WATCH_STATE, r->json, NULL);
		if (gen != wt->gen)
			return;
		net_client_watch_up(nc, c->w);
		if (gen == wt->gen && wt->req == NULL)
			net_client_watch_poll(nc, c->w);
		return;
	}
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->json, "resync"))) {
		/* The server's events start over: take its state as new (a
		 * second later if the poll came back at once, as from a
		 * proxy that keeps saying so). */
		wt->started = false;
		if (util_now() < wt->polled_at + NET_CLIENT_POLL_MIN_S)
			wt->retry_at = wt->polled_at + NET_CLIENT_POLL_MIN_S;
		else
			net_client_watch_state(nc, c->w);
		return;
	}
	events = cJSON_GetObjectItemCaseSensitive(r->json, "events");
	cJSON_ArrayForEach(ev, events) {
		long seq = net_client_number(ev, "seq", 0);
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(ev, "type");

		if (seq <= wt->since)
			continue;
		fresh = true;
		wt->since = seq;
		if (seq <= wt->state_seq && !(cJSON_IsString(type) &&
		    strcmp(type->valuestring, "chat") == 0))
			continue;
		wt->cb(wt->arg, NET_WATCH_EVENT, ev, NULL);
		if (gen != wt->gen)
			return;
	}
	wt->since = net_client_number(r->json, "last", wt->since) > wt->since ?
	    net_client_number(r->json, "last", wt->since) : wt->since;
	net_client_watch_up(nc, c->w);
	if (gen != wt->gen || wt->req != NULL)
		return;
	if (!fresh && util_now() < wt->polled_at + NET_CLIENT_POLL_MIN_S)
		wt->poll_at = wt->polled_at + NET_CLIENT_POLL_MIN_S;
	else
		net_client_watch_poll(nc, c->w);
}

void
net_client_watch(struct net_client *nc, int w, const char *kind, long id,
		 net_watch_cb cb, void *arg)
{
	struct net_watch *wt = &nc->watch[w];
	unsigned gen = wt->gen + 1;

	net_client_cancel(nc, &wt->req);
	memset(wt, 0, sizeof *wt);
	wt->gen = gen;
	if (id <= 0)
		return;
	snprintf(wt->kind, sizeof wt->kind, "%s", kind);
	wt->id = id;
	wt->cb = cb;
	wt->arg = arg;
	net_client_watch_state(nc, w);
}

void
net_client_watch_refresh(struct net_client *nc, int w)
{
	struct net_watch *wt = &nc->watch[w];

	if (wt->id == 0)
		return;
	net_client_cancel(nc, &wt->req);
	wt->retry_at = wt->poll_at = 0;
	net_client_watch_state(nc, w);
}

long
net_client_watch_seq(const struct net_client *nc, int w)
{
	return nc->watch[w].since;
}

long
net_client_watch_seen(const struct net_client *nc, int w)
{
	const struct net_watch *wt = &nc->watch[w];

	return wt->since > wt->state_seq ? wt->since : wt->state_seq;
}

bool
net_client_watch_down(const struct net_client *nc, int w, double *wait)
{
	const struct net_watch *wt = &nc->watch[w];

	if (!wt->down || wt->id == 0)
		return false;
	if (wait != NULL) {
		*wait = wt->retry_at > 0 ? wt->retry_at - util_now() : 0;
		if (*wait < 0)
			*wait = 0;
	}
	return true;
}

/* --- moves */

static void
net_client_move_send(struct net_client *nc)
{
	struct net_move *mv = &nc->mv;
	cJSON *body = cJSON_CreateObject();
	bool pass = strcasecmp(mv->move, "pass") == 0;

	cJSON_AddNumberToObject(body, "table", (double)mv->table);
	if (!pass)
		cJSON_AddStringToObject(body, "move", mv->move);
	cJSON_AddNumberToObject(body, "n", mv->n);
	mv->retry_at = 0;
	mv->req = net_client_send(nc, NET_CALL_MOVE, "POST",
	    pass ? "/game/pass" : "/game/move", body, NET_CLIENT_TIMEOUT_MS);
	if (mv->req != NULL)
		mv->req->gen = mv->gen;
	else
		mv->retry_at = util_now() + 1;
}

static void
net_client_move_finish(struct net_client *nc, const struct net_reply *r)
{
	struct net_move *mv = &nc->mv;
	net_client_cb cb = mv->cb;
	void *arg = mv->arg;

	mv->active = false;
	mv->req = NULL;
	if (cb != NULL)
		cb(arg, r);
}

static void
net_client_move_retry(struct net_client *nc)
{
	struct net_move *mv = &nc->mv;

	mv->req = NULL;
	mv->failures++;
	mv->retry_at = util_now() + net_client_backoff(mv->failures);
}

static void
net_client_move_answer(struct net_client *nc, struct net_call *c,
		       const struct net_reply *r)
{
	struct net_move *mv = &nc->mv;

	if (!mv->active || c->gen != mv->gen)
		return;
	mv->req = NULL;
	if (net_client_transient(r)) {
		net_client_move_retry(nc);
		return;
	}
	if (c->kind == NET_CALL_MOVE && mv->failures > 0 &&
	    (strcmp(r->code, "stale") == 0 ||
	    strcmp(r->code, "not_your_turn") == 0 ||
	    strcmp(r->code, "counting") == 0 ||
	    strcmp(r->code, "game_over") == 0)) {
		/* Perhaps our earlier try got through (and the server,
		 * which looks at the turn before the move's number, says
		 * so in any of these words): look. */
		char path[64];

		snprintf(path, sizeof path, "/state?table=%ld", mv->table);
		mv->req = net_client_send(nc, NET_CALL_MOVE_CHECK, "GET", path,
		    NULL, NET_CLIENT_TIMEOUT_MS);
		if (mv->req != NULL)
			mv->req->gen = mv->gen;
		else
			net_client_move_retry(nc);
		return;
	}
	if (c->kind == NET_CALL_MOVE_CHECK) {
		const cJSON *game = cJSON_GetObjectItemCaseSensitive(r->json, "game");
		const cJSON *moves = cJSON_GetObjectItemCaseSensitive(game, "moves");
		const cJSON *m = cJSON_GetArrayItem(moves, mv->n);
		struct net_reply ok = { 200, r->json, "", "" };
		struct net_reply stale = { 409, r->json, "stale",
		    "the game moved on before this move arrived" };

		if (r->code[0] == '\0' && cJSON_IsString(m) &&
		    strcasecmp(m->valuestring, mv->move) == 0)
			net_client_move_finish(nc, &ok);
		else
			net_client_move_finish(nc, r->code[0] ? r : &stale);
		return;
	}
	net_client_move_finish(nc, r);
}

void
net_client_move(struct net_client *nc, long table, const char *move, int n,
		net_client_cb cb, void *arg)
{
	struct net_move *mv = &nc->mv;
	unsigned gen = mv->gen + 1;

	net_client_cancel(nc, &mv->req);
	memset(mv, 0, sizeof *mv);
	mv->gen = gen;
	mv->active = true;
	mv->table = table;
	snprintf(mv->move, sizeof mv->move, "%s", move);
	mv->n = n;
	mv->cb = cb;
	mv->arg = arg;
	net_client_move_send(nc);
}

bool
net_client_move_pending(const struct net_client *nc)
{
	return nc->mv.active;
}

void
net_client_move_cancel(struct net_client *nc)
{
	struct net_move *mv = &nc->mv;
	unsigned gen = mv->gen + 1;

	net_client_cancel(nc, &mv->req);
	memset(mv, 0, sizeof *mv);
	mv->gen = gen;
}

/* --- the loop */

static void
net_client_done(void *arg, long status, const char *body, size_t len,
		const char *error)
{
	struct net_call *c = arg;
	struct net_client *nc = c->nc;
	struct net_reply r;
	cJSON *json;
	char msg[600];

	net_client_unlink(nc, c);
	net_client_parse(nc, status, body, len, error, &json, &r, msg,
	    sizeof msg);
	switch (c->kind) {
	case NET_CALL_PLAIN:
		if (c->cb != NULL)
			c->cb(c->arg, &r);
		break;
	case NET_CALL_STATE:
	case NET_CALL_POLL:
		net_client_watch_answer(nc, c, &r);
		break;
	case NET_CALL_MOVE:
	case NET_CALL_MOVE_CHECK:
		net_client_move_answer(nc, c, &r);
		break;
	}
	cJSON_Delete(json);
	free(c);
}

static void
net_client_lower(double at, double now, int *timeout_ms)
{
	int ms;

	if (at <= 0)
		return;
	ms = at <= now ? 0 : (int)((at - now) * 1000) + 1;
	if (*timeout_ms < 0 || ms < *timeout_ms)
		*timeout_ms = ms;
}

int
net_client_pollfds(struct net_client *nc, struct pollfd *fds, int max,
		   int *timeout_ms)
{
	double now = util_now();

	for (int w = 0; w < NET_CLIENT_WATCHES; w++)
		if (nc->watch[w].id != 0) {
			net_client_lower(nc->watch[w].retry_at, now, timeout_ms);
			net_client_lower(nc->watch[w].poll_at, now, timeout_ms);
		}
	if (nc->mv.active)
		net_client_lower(nc->mv.retry_at, now, timeout_ms);
	return net_http_pollfds(nc->http, fds, max, timeout_ms);
}

void
net_client_dispatch(struct net_client *nc, const struct pollfd *fds, int n)
{
	double now = util_now();

	net_http_dispatch(nc->http, fds, n);
	for (int w = 0; w < NET_CLIENT_WATCHES; w++) {
		struct net_watch *wt = &nc->watch[w];

		if (wt->id != 0 && wt->retry_at > 0 && now >= wt->retry_at &&
		    wt->req == NULL) {
			wt->retry_at = 0;
			/* A fresh state first: the clocks went on meanwhile. */
			net_client_watch_state(nc, w);
		}
		if (wt->id != 0 && wt->poll_at > 0 && now >= wt->poll_at &&
		    wt->req == NULL)
			net_client_watch_poll(nc, w);
	}
	if (nc->mv.active && nc->mv.retry_at > 0 && now >= nc->mv.retry_at &&
	    nc->mv.req == NULL)
		net_client_move_send(nc);
}
