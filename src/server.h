/*
 * server.h: the shared state of tengend and the functions between its parts.
 *
 * One struct server holds everything live: rooms, tables and their games,
 * event channels and the long-polls waiting on them.  One mutex guards it
 * all; every request, and the clock tick, takes it, changes memory and the
 * database together, commits, and only then replies, so a reply always
 * describes a committed state.  Nothing slow is done with it held: the
 * dead stones of a count are estimated by a thread of their own, which
 * takes the lock only to hand in its answer (at most --estimates such
 * threads; more estimates wait their turn), and passwords are hashed by
 * workers of server-http.c, not by the HTTP threads that serve the moves.
 *
 * Parts: server-main.c (options, start, the tick), server-http.c (MHD,
 * bodies, long-polls), server-api.c (the routes), server-auth.c (passwords,
 * tokens), server-table.c (rooms, tables, seats), server-game.c (moves,
 * clocks, counting, results, points), server-event.c (channels), server-rank.c
 * (ranks), server-db.c (storage).
 */
#ifndef TENGEN_SERVER_H
#define TENGEN_SERVER_H

#include <pthread.h>
#include <stdbool.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "clock.h"
#include "game.h"
#include "server-db.h"

/* An address as text, IPv6 included. */
#define SERVER_ADDR_MAX 48

struct MHD_Connection;
struct MHD_Daemon;
struct server_estimate;
struct server_job;

struct server_opts {
	const char *db_path;
	const char *listen;		/* address to bind; default 127.0.0.1 */
	int port;
	const char *port_file;		/* write the bound port here */
	int threads;
	int max_conns;
	int conns_per_addr;		/* from one address; 0: no limit */
	double poll_timeout;		/* seconds a long-poll waits */
	double disconnect_after;	/* seconds without a poll: disconnected */
	double escape_after;		/* seconds disconnected: escaped */
	double count_limit;		/* seconds of counting; 0: no limit */
	bool sync_full;
	int pwhash_level;		/* 0 min (tests), 1 interactive, 2 moderate */
	double login_lockout;		/* first lock after failed logins; 0: none */
	int address_limit;		/* registrations and failed logins from
					 * one address at once (and per hour);
					 * 0: no limit */
	int estimates;			/* dead-stone estimates made at once */
	long keep_events;		/* events kept in the database for each
					 * table and room; 0: all */
	double estimate_delay;		/* TENGEND_ESTIMATE_DELAY: seconds a dead
					 * stones' estimate waits first (tests) */
	bool quiet;
};

/* --- events (server-event.c) */

enum server_chan_kind { SERVER_CHAN_TABLE = 0, SERVER_CHAN_ROOM = 1 };

struct server_event {
	long seq;
	char *json;		/* the whole event, "seq" included; owned */
};

struct server_waiter {
	struct MHD_Connection *conn;
	struct server_chan *chan;
	long since;
	double deadline;
	struct server_table *table;	/* presence: a player at this table */
	long user;
	bool waiting;			/* on the lists below */
	bool resumed;			/* woken: answer now */
	bool counted;			/* counted in the player's presence */
	struct server_waiter *prev, *next;	/* the channel's waiters */
	struct server_waiter *gprev, *gnext;	/* all waiters */
};

/* Chat lines a user may send to one channel within SERVER_CHAT_WINDOW
 * seconds; the channel remembers the times of each user's last
 * SERVER_CHAT_BURST, whatever the others send. */
#define SERVER_CHAT_BURST 5
#define SERVER_CHAT_WINDOW 10.0

struct server_chat_marks {
	long user;
	double at[SERVER_CHAT_BURST];	/* the latest lines' times, a ring */
	int next, n;			/* the oldest's place; how many */
};

struct server_chan {
	enum server_chan_kind kind;
	long id;
	struct server_event *ev;	/* the latest events, oldest first */
	int nev, cev;
	long last_seq;
	long gone;		/* events up to this one are no longer stored */
	struct server_waiter *waiters;
	/* The users whose latest chat line is within the window; owned. */
	struct server_chat_marks *chat;
	int nchat, cchat;
};

/* --- rooms, tables, games */

enum server_status {
	SERVER_PLAYING = SERVER_DB_PLAYING,
	SERVER_COUNTING = SERVER_DB_COUNTING,
	SERVER_OVER = SERVER_DB_OVER
};

struct server_game {
	long id;
	long player[3];			/* user id by colour */
	char name[3][SERVER_NAME_MAX + 1];
	struct server_db_rules rules;
	struct game g;
	struct clock_rules clock;
	struct clock_state cs[3];
	enum server_status status;
	double turn_start;		/* monotonic time the current move began */
	uint8_t dead[BOARD_MAX_POINTS];	/* counting marks */
	bool accepted[3];
	/* The count's version: one more at every counting start, every
	 * toggle and the estimate's landing, so that an accept names the
	 * count it accepts. */
	int count_version;
	/* The count whose dead stones a worker is estimating, or will: while
	 * it is still count_version, the estimate has yet to come. */
	int estimating;
	double count_start;		/* monotonic time the counting began
					 * (or the server found it going on) */
	enum color undo_by;		/* a pending undo request, or EMPTY */
	int resumed_at;			/* moves when play last resumed after
					 * counting: passes before it do not
					 * count toward two in a row */
	char result[16], reason[16];
	long points[3];			/* over: points won or lost by colour */
	bool points_set;
	/* presence of each player */
	int polls[3];
	double seen[3];
	bool away[3];
};

struct server_room {
	struct server_db_room row;
	struct server_chan chan;
	int ntables;
};

struct server_table {
	long id;
	struct server_room *room;
	struct server_db_rules rules;
	bool rules_set, rules_fixed;
	long seat[2];
	char seat_name[2][SERVER_NAME_MAX + 1];
	bool ready[2];
	int games;
	struct server_game *game;	/* being played or the last one; owned */
	struct server_chan chan;
};

struct server {
	pthread_mutex_t lock;
	struct server_opts opt;
	struct server_db *db;
	struct server_room *rooms;
	int nrooms;
	struct server_table **tables;	/* by id; NULL where none */
	long ctables;
	struct server_waiter *waiters;	/* every suspended long-poll */
	int nwaiters;
	struct MHD_Daemon *daemon;
	int txn;			/* depth of server_begin() */
	bool stopping;
	/* failed logins by name; registrations and failed logins by
	 * client address (server-throttle.c) */
	struct server_throttle_table *throttle, *throttle_addr;
	int estimates;			/* dead-stone estimates' threads */
	pthread_cond_t estimates_done;	/* signalled when none is left */
	/* Estimates waiting for a thread, oldest first; owned.  Never any
	 * while fewer than opt.estimates threads run. */
	struct server_estimate *estimate_first, *estimate_last;
	/* Slow requests (a password to hash) waiting for a worker, oldest
	 * first, and how many wait or run; the workers (server-http.c). */
	struct server_job *job_first, *job_last;
	int jobs;
	pthread_cond_t job_ready;	/* signalled when one is queued */
	pthread_cond_t jobs_done;	/* signalled when none is left */
	pthread_t *workers;
	int nworkers;
	bool workers_stop;
	long long alive_ms;	/* the server before this one last ran (wall
				 * clock, ms), 0 unknown */
	double alive_at;	/* when this one last said it runs */
};

/* A request being answered: the handler fills STATUS and REPLY. */
struct server_call {
	struct server *srv;
	struct MHD_Connection *conn;
	cJSON *body;			/* POST body, or NULL */
	long user;			/* 0 if no valid token came */
	char user_name[SERVER_NAME_MAX + 1];
	char token_hash[SERVER_HASH_MAX];
	int status;
	int retry_after;		/* > 0: a Retry-After header, seconds */
	/* The client's address, as server_throttle_address() takes it: ""
	 * for this machine itself, unless a proxy on it names the client. */
	char addr[SERVER_ADDR_MAX];
	cJSON *reply;
	char *raw;			/* a reply already in JSON text; owned */
	struct server_waiter *waiter;	/* for GET /events */
	bool suspend;			/* set by a handler that waits */
};

/* server-main.c */
void server_fatal(struct server *srv, const char *what);
/* Begin and commit a write transaction; failures are fatal. */
void server_begin(struct server *srv);
void server_commit(struct server *srv);

/* server-throttle.c, with the lock held.  Before a login for NAME: the
 * seconds it must still wait (locked), or 0 when
 * it may be tried, counted a failure already.  After: the password was
 * right, the count is cleared. */
double server_throttle_begin(struct server *srv, const char *name);
void server_throttle_ok(struct server *srv, const char *name);
/* Before a registration or a login from ADDR (a client's address, "" for
 * none to limit): the seconds it must still wait, or 0 when it may be
 * tried, counted already.  A login that proves right is given back. */
double server_throttle_address(struct server *srv, const char *addr);
void server_throttle_address_back(struct server *srv, const char *addr);
void server_throttle_free(struct server *srv);

/* server-http.c */
int server_http_start(struct server *srv);
void server_http_stop(struct server *srv);
const char *server_http_arg(struct server_call *c, const char *name);
void server_http_resume(struct server *srv, struct server_waiter *w);

/* server-api.c: errors and the routes */
/* The bytes of the character S starts with, its code point in CP, if it is
 * valid UTF-8 (the shortest form, not a surrogate, at most U+10FFFF); 0
 * if not, or at the end. */
int server_utf8_char(const unsigned char *s, unsigned long *cp);
void server_error(struct server_call *c, int status, const char *code,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));
struct server_route {
	const char *method;
	const char *path;
	bool auth;			/* needs a valid bearer token */
	/* Runs under srv->lock; false: a slow route (it hashes a password),
	 * run by a worker off MHD's threads, that takes the lock itself. */
	bool lock;
	void (*handler)(struct server_call *c);
};
const struct server_route *server_api_route(const char *method,
		const char *path, bool *path_known);

/* server-auth.c */
int server_auth_register(struct server_call *c, const char *name,
		const char *password);
int server_auth_login(struct server_call *c, const char *name,
		const char *password, char *token, size_t len);
/* Fill C->user from an "Authorization: Bearer" value; 0, or -1 if bad. */
int server_auth_token(struct server_call *c, const char *header);
void server_auth_logout(struct server_call *c);

/* server-name.c */
bool server_name_ok(const char *name);
/* A name server_name_ok() takes, fit for a new account: without
 * characters that show as nothing, as a space, or as letters in another
 * form (U+200B, U+202E, U+3000, U+2800, "ａ", "𝚊"), nor letters of more
 * than one of Latin, Greek and Cyrillic ("а" in "аlice" is Cyrillic): one
 * name must not pass for another. */
bool server_name_new_ok(const char *name);
/* The key of the valid UTF-8 NAME into KEY (LEN bytes; SERVER_KEY_MAX + 1
 * hold any name server_name_ok() takes): what it looks like, in lower
 * case.  Names with one key look alike.  0, or -1 if it does not fit. */
int server_name_key(const char *name, char *key, size_t len);

/* server-event.c */
void server_chan_init(struct server *srv, struct server_chan *ch,
		enum server_chan_kind kind, long id);
void server_chan_free(struct server_chan *ch);
/* Add EV (consumed) to CH: numbered, stored, and waiters woken. */
void server_emit(struct server *srv, struct server_chan *ch, cJSON *ev);
/* Events after SINCE as a JSON array text; *LAST gets the newest seq. */
char *server_chan_since(struct server *srv, struct server_chan *ch,
		long since, long *last, bool *more);
bool server_chan_has(const struct server_chan *ch, long since);
/* Are some of the events after SINCE no longer stored? */
bool server_chan_gone(const struct server_chan *ch, long since);
/* The last MAX chat lines among CH's last events, oldest first, as a JSON
 * array of {"from", "text", "seq"}: what one who comes has missed. */
cJSON *server_chan_chat(struct server *srv, struct server_chan *ch, int max);
void server_waiter_add(struct server *srv, struct server_waiter *w);
void server_waiter_remove(struct server *srv, struct server_waiter *w);
/* Resume every waiter whose deadline has passed (or all, if ALL). */
void server_waiters_expire(struct server *srv, double now, bool all);

/* server-rank.c */
const char *server_rank_zh(long points);
const char *server_rank_en(long points);
cJSON *server_rank_table(void);

/* server-table.c */
int server_tables_load(struct server *srv);
/* Rooms added to the database since: read them (0, or -1 on error). */
int server_rooms_refresh(struct server *srv);
/* The room ID, looking in the database for a new one if needed. */
struct server_room *server_room_find(struct server *srv, long id);
struct server_table *server_table_find(struct server *srv, long id);
cJSON *server_table_json(struct server *srv, struct server_table *t,
		bool full);
void server_table_save(struct server *srv, struct server_table *t);
/* The seat of USER at T, or -1. */
int server_table_seat(const struct server_table *t, long user);
void server_table_new(struct server_call *c);
void server_table_sit(struct server_call *c);
void server_table_leave(struct server_call *c);
void server_table_rules(struct server_call *c);
void server_table_start(struct server_call *c);
/* Tell the table's channel that seat S did TYPE ("sit", "leave", ...). */
void server_table_event(struct server *srv, struct server_table *t,
		const char *type, int s);
/* Tell the room that T changed. */
void server_table_announce(struct server *srv, struct server_table *t);

/* server-game.c */
int server_game_load(struct server *srv, struct server_table *t);
/* Is a game being played (a clock running)? */
bool server_games_playing(const struct server *srv);
void server_game_free(struct server_game *sg);
/* Start a game at T between the seated players (both ready). */
void server_game_start(struct server *srv, struct server_table *t);
cJSON *server_game_json(struct server *srv, struct server_game *sg);
void server_game_move(struct server_call *c);
void server_game_pass(struct server_call *c);
void server_game_resign(struct server_call *c);
void server_game_undo(struct server_call *c);
void server_game_undo_accept(struct server_call *c);
void server_game_undo_decline(struct server_call *c);
void server_game_toggle(struct server_call *c);
void server_game_accept(struct server_call *c);
void server_game_resume(struct server_call *c);
/* With the lock held, once every table is loaded: the estimates of dead
 * stones that had yet to come when the server last stopped (it crashed)
 * are made again. */
void server_game_estimates_restart(struct server *srv);
/* Wait, with the lock not held, until no dead-stone estimate runs: they
 * use the server until they end. */
void server_game_estimates_wait(struct server *srv);
/* Clocks, disconnects and escapes of every game, at time NOW. */
void server_game_tick(struct server *srv, double now);
/* A player of T's game polls (DELTA +1 at the start of a wait, -1 at its
 * end, 0 for a request that does not wait). */
void server_game_presence(struct server *srv, struct server_table *t,
		long user, int delta);

/* Shared JSON helpers (server-api.c). */
/* Read a field of C->body: 0 ok, 1 missing, -1 wrong (error set). */
int server_json_long(struct server_call *c, const char *name, long min,
		long max, bool required, long *out);
int server_json_double(struct server_call *c, const char *name, double min,
		double max, bool required, double *out);
int server_json_string(struct server_call *c, const char *name, size_t max,
		bool required, const char **out);
/* The table named by the body's "table", with the caller's seat (or -1). */
struct server_table *server_call_table(struct server_call *c, int *seat);
/* The same for a player seated there: 403 not_seated otherwise. */
struct server_table *server_call_seated(struct server_call *c, int *seat);

#endif
