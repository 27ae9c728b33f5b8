/*
 * net-client.h: the tengend protocol for the terminal client.
 *
 * The one idea: the screens never see HTTP.  They ask for things (log in,
 * sit, move, chat) and get one answer each through a callback, with the
 * reply already parsed and any failure already put in words; and they
 * watch a table or a room, which means: a first full state, then every
 * event in order, exactly once, whatever happens to the connection.  All
 * the protocol's care lives here: the long-poll with `since`, backoff and
 * reconnection, a fresh /state after a drop (so clocks are right), and
 * moves sent with the move count `n`, retried through a drop and checked
 * against the state when the server calls them stale, so a move is never
 * lost and never played twice.
 *
 * Ownership: net_client_new() returns an object freed by net_client_free(),
 * which drops pending requests without calling their callbacks.  The JSON
 * handed to a callback belongs to the client and lives only during the
 * call.  Bodies passed to net_client_call() are taken over.
 */
#ifndef TENGEN_NET_CLIENT_H
#define TENGEN_NET_CLIENT_H

#include <cjson/cJSON.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

struct net_client;

/* One answer.  CODE is "" on success, the server's error code ("ko",
 * "bad_login", ...), "network" when no reply came, or "garbage" when the
 * reply was not a tengen reply; MESSAGE then says what went wrong. */
struct net_reply {
	long status;		/* HTTP status, 0: no reply */
	const cJSON *json;	/* the reply object, or NULL */
	const char *code;
	const char *message;
};
typedef void (*net_client_cb)(void *arg, const struct net_reply *r);

/* What a watch reports. */
enum net_watch_what {
	NET_WATCH_STATE,	/* JSON: the whole table or room (first, and after a drop) */
	NET_WATCH_EVENT,	/* JSON: one event, in order */
	NET_WATCH_DOWN,		/* MESSAGE: the connection dropped, retrying */
	NET_WATCH_UP,		/* back again */
	/* The server refused the watch for good, which then stops. */
	NET_WATCH_EXPIRED,	/* the token is no longer valid (401) */
	NET_WATCH_REFUSED	/* MESSAGE: any other refusal (the table is gone) */
};
typedef void (*net_watch_cb)(void *arg, enum net_watch_what what,
			     const cJSON *json, const char *message);

#define NET_CLIENT_WATCHES 2

/* URL: "http://host:port" or "https://host" (a trailing '/' is dropped).
 * NULL with ERR when the URL is not one. */
struct net_client *net_client_new(const char *url, char *err, size_t errlen);
void net_client_free(struct net_client *nc);
const char *net_client_url(const struct net_client *nc);

/* The bearer token sent with every request ("" or NULL: none). */
void net_client_set_token(struct net_client *nc, const char *token);
const char *net_client_token(const struct net_client *nc);

/* A request: METHOD "GET" or "POST", PATH with its query, BODY a JSON
 * object for POST (taken over; NULL: {}).  CB may be NULL. */
void net_client_call(struct net_client *nc, const char *method,
		     const char *path, cJSON *body, net_client_cb cb, void *arg);

/* Play MOVE ("D4", "pass") at TABLE as the move after N moves.  Retried
 * with backoff while the network is down; CB gets the final answer (a
 * stale answer for a move that did get through counts as success). */
void net_client_move(struct net_client *nc, long table, const char *move,
		     int n, net_client_cb cb, void *arg);
/* A move is being sent or retried. */
bool net_client_move_pending(const struct net_client *nc);
/* Stop sending or retrying it; its callback is not called. */
void net_client_move_cancel(struct net_client *nc);

/* Watch KIND ("table" or "room") number ID in slot W (0 or 1), replacing
 * what that slot watched.  ID 0 stops watching. */
void net_client_watch(struct net_client *nc, int w, const char *kind, long id,
		      net_watch_cb cb, void *arg);
/* Read the whole state of slot W again now, as after a drop: the poll in
 * flight is dropped and the events go on from the new state, so that no
 * event older than it is applied on top of it and none newer is lost. */
void net_client_watch_refresh(struct net_client *nc, int w);
/* The number of the watch's last event seen. */
long net_client_watch_seq(const struct net_client *nc, int w);
/* The number of the last event of all that the watch has told of, one by
 * one or in a state read after them. */
long net_client_watch_seen(const struct net_client *nc, int w);
/* The watch is waiting to retry after a failure; *WAIT its seconds left. */
bool net_client_watch_down(const struct net_client *nc, int w, double *wait);

/* The event loop's part, as in net-http.h. */
int net_client_pollfds(struct net_client *nc, struct pollfd *fds, int max,
		       int *timeout_ms);
void net_client_dispatch(struct net_client *nc, const struct pollfd *fds,
			 int n);

/* S percent-encoded for a query into BUF (cut short if LEN is small). */
void net_client_escape(const char *s, char *buf, size_t len);

/* Fields of a reply: the string NAME of O, or "" when it is missing or
 * not a string; the number NAME, or 0. */
const char *net_client_str(const cJSON *o, const char *name);
double net_client_num(const cJSON *o, const char *name);

#endif
