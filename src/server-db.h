/*
 * server-db.h: tengend's storage, the one module that knows SQL.
 *
 * Everything the server must not forget lives behind these functions:
 * accounts and tokens, rooms, tables, games and their moves, the events of
 * every channel, news.  The rest of the server sees plain rows, so that a
 * second implementation of this header (PostgreSQL through libpq, for a
 * multi-node deployment) can replace server-db.c without touching the rest.
 *
 * Every statement is prepared once and bound; no SQL is ever built from
 * input.  Writes happen between server_db_begin() and server_db_commit();
 * tengend treats a failed write as fatal and restarts from the last commit
 * (crash-only), so there is no rollback path to keep in step with memory.
 *
 * Ownership: struct server_db is opaque, made by server_db_open() and freed
 * by server_db_close().  Strings in rows are copied into the rows' arrays.
 */
#ifndef TENGEN_SERVER_DB_H
#define TENGEN_SERVER_DB_H

#include <stdbool.h>
#include <stddef.h>

#define SERVER_NAME_MAX 32
#define SERVER_KEY_MAX (2 * SERVER_NAME_MAX)	/* "m" is "rn" */
#define SERVER_HASH_MAX 160

struct server_db;

/* The key of a name (server_name_key): names with one key look alike. */
typedef int (*server_db_key_fn)(const char *name, char *key, size_t len);

struct server_db_user {
	long id;
	char name[SERVER_NAME_MAX + 1];
	long points, wins, losses, draws, escapes;
};

struct server_db_room {
	long id;
	char name[64];
	char name_zh[64];
	int base;		/* points won or lost per game */
	int penalty;		/* points lost by an escaper */
};

struct server_db_rules {
	int size;
	double komi;
	double main_time;	/* seconds per side */
	double move_limit;	/* per move while main time lasts; 0: none */
	double overtime;	/* per move once main time is used up */
};

struct server_db_table {
	long id, room;
	struct server_db_rules rules;
	bool rules_set, rules_fixed;
	long seat[2];		/* user ids, 0 for an empty seat */
	int games;		/* games started at this table */
	bool ready[2];		/* the seats' start pressed */
};

enum server_db_status {
	SERVER_DB_PLAYING = 1,
	SERVER_DB_COUNTING = 2,
	SERVER_DB_OVER = 3
};

struct server_db_game {
	long id, table;
	long black, white;
	struct server_db_rules rules;
	int status;		/* enum server_db_status */
	double main_left[2];	/* black, white: main time left after the last move */
	bool overtime[2];	/* black, white: in overtime */
	char dead[2048];	/* counting: dead stones as "D4 E5 ..." */
	int accepted;		/* counting: bit 1 black, bit 2 white; the
				 * count's version above them (times 4) */
	char result[16];	/* "B+3.5", "W+R", "0", ... */
	char reason[16];	/* score, resign, time, escape */
	int undo_by;		/* the colour whose undo request waits, or 0 */
	int resumed_at;		/* moves when play last resumed after counting */
	long long turn_ms;	/* wall clock (ms since 1970) the move to
				 * play began, 0 unknown */
	int estimating;		/* counting: the count version whose dead
				 * stones' estimate has yet to come, or 0 */
	long points[2];		/* over: black's, white's points won (lost) */
	bool points_set;	/* points known (not for games ended before
				 * they were kept) */
};

/* Open (creating if needed) the database at PATH in WAL mode; SYNC_FULL
 * fsyncs every commit, otherwise commits survive a killed process but not a
 * power cut.  KEY gives the names' keys.  Returns NULL and a message in ERR
 * (ERRLEN bytes) on failure. */
struct server_db *server_db_open(const char *path, bool sync_full,
		server_db_key_fn key, char *err, size_t errlen);
void server_db_close(struct server_db *db);
/* The last error message, for logs. */
const char *server_db_error(struct server_db *db);

/* Transactions.  Return 0 or -1. */
int server_db_begin(struct server_db *db);
int server_db_commit(struct server_db *db);

/* Accounts.  user_add returns 0, or 1 if the name is taken or looks like
 * one that is (its key is another name's), that name into TAKEN (LEN
 * bytes); -1 on error. */
int server_db_user_add(struct server_db *db, const char *name,
		const char *pwhash, long *id, char *taken, size_t len);
/* 0 found, 1 not found, -1 error. */
int server_db_user_hash(struct server_db *db, const char *name, long *id,
		char *hash, size_t len);
int server_db_user_by_name(struct server_db *db, const char *name,
		struct server_db_user *u);
int server_db_user_by_id(struct server_db *db, long id,
		struct server_db_user *u);
/* Add a game's outcome to a user's record. */
int server_db_user_record(struct server_db *db, long id, long points,
		int win, int loss, int draw, int escape);
/* The LIMIT users with the most points; returns how many, or -1. */
int server_db_leaderboard(struct server_db *db, struct server_db_user *out,
		int limit);

/* A login's token; a user keeps the SERVER_DB_TOKENS latest logins. */
#define SERVER_DB_TOKENS 16
int server_db_token_add(struct server_db *db, const char *hash, long user);
int server_db_token_user(struct server_db *db, const char *hash, long *user);
int server_db_token_del(struct server_db *db, const char *hash);

/* Rooms (a few default rooms are made in an empty database). */
int server_db_rooms(struct server_db *db, struct server_db_room *out,
		int max);

int server_db_room_add(struct server_db *db, const struct server_db_room *r,
		long *id);

/* Tables. */
int server_db_table_add(struct server_db *db, struct server_db_table *t);
int server_db_table_save(struct server_db *db, const struct server_db_table *t);
/* Calls FN for every table; returns 0 or -1. */
int server_db_tables(struct server_db *db,
		void (*fn)(void *arg, const struct server_db_table *t), void *arg);

/* Games and moves. */
int server_db_game_add(struct server_db *db, struct server_db_game *g);
int server_db_game_save(struct server_db *db, const struct server_db_game *g);
/* 0 found, 1 not found, -1 error. */
int server_db_game_get(struct server_db *db, long id, struct server_db_game *g);
/* The latest game of TABLE (0 found, 1 none, -1 error). */
int server_db_game_last(struct server_db *db, long table,
		struct server_db_game *g);
int server_db_move_add(struct server_db *db, long game, int n, int color,
		const char *vertex);
/* Drop the moves numbered N and later. */
int server_db_move_truncate(struct server_db *db, long game, int n);
int server_db_moves(struct server_db *db, long game,
		void (*fn)(void *arg, int color, const char *vertex), void *arg);

/* Events of channel (KIND, CHAN); KIND 0 tables, 1 rooms. */
int server_db_event_add(struct server_db *db, int kind, long chan, long seq,
		const char *json);
/* The last sequence number of a channel: -1 if it has none, -2 if the
 * database failed. */
long server_db_event_last(struct server_db *db, int kind, long chan);
/* The first sequence number still stored: -1 if none, -2 if the
 * database failed. */
long server_db_event_first(struct server_db *db, int kind, long chan);
/* Deletes the events of a channel up to UPTO. */
int server_db_events_prune(struct server_db *db, int kind, long chan,
		long upto);
/* Calls FN for at most LIMIT events with seq > SINCE, in order. */
int server_db_events(struct server_db *db, int kind, long chan, long since,
		int limit, void (*fn)(void *arg, long seq, const char *json),
		void *arg);

/* News, newest first. */
int server_db_news_add(struct server_db *db, const char *title,
		const char *body);
int server_db_news(struct server_db *db, int limit,
		void (*fn)(void *arg, long id, long posted, const char *title,
			const char *body), void *arg);

/* The last moment the server was known to run (wall clock, ms since
 * 1970), written while games are played: after a crash, the time a player
 * thought before it is charged, the time the server was down is not.
 * _get returns 0 when never written, -1 on error. */
int server_db_alive_set(struct server_db *db, long long ms);
long long server_db_alive_get(struct server_db *db);

#endif
