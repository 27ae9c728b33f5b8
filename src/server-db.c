/*
 * server-db.c: tengend's storage in one SQLite file.
 *
 * The one idea: every statement is in the table below, prepared once at
 * open and only ever bound and stepped, so input never becomes SQL.  The
 * file runs in WAL mode; with synchronous=NORMAL a commit is in the WAL (in
 * the kernel's page cache) before server_db_commit() returns, which is what
 * "kill -9 loses no accepted move" needs, and a power cut may lose the last
 * commits.  --sync full adds an fsync per commit for that case too.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "server-db.h"

static const char server_db_schema[] =
	"CREATE TABLE IF NOT EXISTS users("
	" id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
	" name_key TEXT NOT NULL DEFAULT '', pwhash TEXT NOT NULL,"
	" points INTEGER NOT NULL DEFAULT 0,"
	" wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,"
	" draws INTEGER NOT NULL DEFAULT 0, escapes INTEGER NOT NULL DEFAULT 0,"
	" created INTEGER NOT NULL);"
	"CREATE INDEX IF NOT EXISTS users_points ON users(points DESC, id);"
	"CREATE TABLE IF NOT EXISTS tokens("
	" hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),"
	" created INTEGER NOT NULL, seq INTEGER NOT NULL DEFAULT 0)"
	" WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS rooms("
	" id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_zh TEXT NOT NULL,"
	" base INTEGER NOT NULL, escape_penalty INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS tables("
	" id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES rooms(id),"
	" size INTEGER NOT NULL, komi REAL NOT NULL, main_time REAL NOT NULL,"
	" move_limit REAL NOT NULL, overtime REAL NOT NULL,"
	" rules_set INTEGER NOT NULL, rules_fixed INTEGER NOT NULL,"
	" seat0 INTEGER NOT NULL, seat1 INTEGER NOT NULL,"
	" games INTEGER NOT NULL, ready INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE IF NOT EXISTS games("
	" id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL,"
	" black INTEGER NOT NULL, white INTEGER NOT NULL,"
	" size INTEGER NOT NULL, komi REAL NOT NULL, main_time REAL NOT NULL,"
	" move_limit REAL NOT NULL, overtime REAL NOT NULL,"
	" status INTEGER NOT NULL, black_main REAL NOT NULL,"
	" white_main REAL NOT NULL, black_over INTEGER NOT NULL,"
	" white_over INTEGER NOT NULL, dead TEXT NOT NULL,"
	" accepted INTEGER NOT NULL, result TEXT NOT NULL,"
	" reason TEXT NOT NULL, started INTEGER NOT NULL,"
	" undo_by INTEGER NOT NULL DEFAULT 0,"
	" resumed_at INTEGER NOT NULL DEFAULT 0,"
	" turn_ms INTEGER NOT NULL DEFAULT 0,"
	" estimating INTEGER NOT NULL DEFAULT 0,"
	" black_points INTEGER NOT NULL DEFAULT 0,"
	" white_points INTEGER NOT NULL DEFAULT 0,"
	" points_set INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX IF NOT EXISTS games_table ON games(table_id, id);"
	"CREATE TABLE IF NOT EXISTS moves("
	" game_id INTEGER NOT NULL, n INTEGER NOT NULL, color INTEGER NOT NULL,"
	" vertex TEXT NOT NULL, PRIMARY KEY(game_id, n)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS events("
	" kind INTEGER NOT NULL, chan INTEGER NOT NULL, seq INTEGER NOT NULL,"
	" body TEXT NOT NULL, PRIMARY KEY(kind, chan, seq)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS alive("
	" id INTEGER PRIMARY KEY CHECK (id = 1), at_ms INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS news("
	" id INTEGER PRIMARY KEY, posted INTEGER NOT NULL, title TEXT NOT NULL,"
	" body TEXT NOT NULL);"
	"INSERT INTO rooms(id, name, name_zh, base, escape_penalty)"
	" SELECT 1, 'Beginners', '新手房', 1, 3"
	" WHERE NOT EXISTS (SELECT 1 FROM rooms);"
	"INSERT INTO rooms(id, name, name_zh, base, escape_penalty)"
	" SELECT 2, 'Open', '自由房', 2, 6"
	" WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE id > 1);"
	"INSERT INTO rooms(id, name, name_zh, base, escape_penalty)"
	" SELECT 3, 'Masters', '高手房', 5, 15"
	" WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE id > 2);";

enum server_db_stmt {
	Q_BEGIN, Q_COMMIT,
	Q_USER_KEY, Q_USER_ADD, Q_USER_HASH, Q_USER_BY_NAME, Q_USER_BY_ID,
	Q_USER_RECORD,
	Q_LEADERS,
	Q_TOKEN_ADD, Q_TOKEN_TRIM, Q_TOKEN_USER, Q_TOKEN_DEL,
	Q_ROOMS, Q_ROOM_ADD,
	Q_TABLE_ADD, Q_TABLE_SAVE, Q_TABLES,
	Q_GAME_ADD, Q_GAME_SAVE, Q_GAME_GET, Q_GAME_LAST,
	Q_MOVE_ADD, Q_MOVE_TRUNC, Q_MOVES,
	Q_EVENT_ADD, Q_EVENT_LAST, Q_EVENT_FIRST, Q_EVENT_PRUNE, Q_EVENTS,
	Q_NEWS_ADD, Q_NEWS,
	Q_ALIVE_SET, Q_ALIVE_GET,
	Q_COUNT
};

#define USER_COLS "id, name, points, wins, losses, draws, escapes"
#define TABLE_COLS "room_id, size, komi, main_time, move_limit, overtime," \
	" rules_set, rules_fixed, seat0, seat1, games, ready"
#define GAME_COLS "table_id, black, white, size, komi, main_time," \
	" move_limit, overtime, status, black_main, white_main, black_over," \
	" white_over, dead, accepted, result, reason, undo_by, resumed_at," \
	" turn_ms, estimating, black_points, white_points, points_set"

static const char *const server_db_sql[Q_COUNT] = {
	[Q_BEGIN] = "BEGIN IMMEDIATE",
	[Q_COMMIT] = "COMMIT",
	[Q_USER_KEY] = "SELECT name FROM users WHERE name_key = ? ORDER BY id"
	    " LIMIT 1",
	[Q_USER_ADD] = "INSERT INTO users(name, name_key, pwhash, created)"
	    " VALUES (?, ?, ?, ?)",
	[Q_USER_HASH] = "SELECT id, pwhash FROM users WHERE name = ?",
	[Q_USER_BY_NAME] = "SELECT " USER_COLS " FROM users WHERE name = ?",
	[Q_USER_BY_ID] = "SELECT " USER_COLS " FROM users WHERE id = ?",
	[Q_USER_RECORD] = "UPDATE users SET points = points + ?,"
	    " wins = wins + ?, losses = losses + ?, draws = draws + ?,"
	    " escapes = escapes + ? WHERE id = ?",
	[Q_LEADERS] = "SELECT " USER_COLS " FROM users"
	    " ORDER BY points DESC, id LIMIT ?",
	[Q_TOKEN_ADD] = "INSERT INTO tokens(hash, user_id, created, seq)"
	    " VALUES (?1, ?2, ?3, (SELECT coalesce(max(seq), 0) + 1 FROM tokens"
	    " WHERE user_id = ?2))",
	[Q_TOKEN_TRIM] = "DELETE FROM tokens WHERE user_id = ?1 AND hash NOT IN"
	    " (SELECT hash FROM tokens WHERE user_id = ?1"
	    " ORDER BY seq DESC, created DESC LIMIT ?2)",
	[Q_TOKEN_USER] = "SELECT user_id FROM tokens WHERE hash = ?",
	[Q_TOKEN_DEL] = "DELETE FROM tokens WHERE hash = ?",
	[Q_ROOMS] = "SELECT id, name, name_zh, base, escape_penalty FROM rooms"
	    " ORDER BY id",
	[Q_ROOM_ADD] = "INSERT INTO rooms(name, name_zh, base, escape_penalty)"
	    " VALUES (?, ?, ?, ?)",
	[Q_TABLE_ADD] = "INSERT INTO tables(" TABLE_COLS ")"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	[Q_TABLE_SAVE] = "UPDATE tables SET room_id = ?, size = ?, komi = ?,"
	    " main_time = ?, move_limit = ?, overtime = ?, rules_set = ?,"
	    " rules_fixed = ?, seat0 = ?, seat1 = ?, games = ?, ready = ?"
	    " WHERE id = ?",
	[Q_TABLES] = "SELECT " TABLE_COLS ", id FROM tables ORDER BY id",
	[Q_GAME_ADD] = "INSERT INTO games(" GAME_COLS ", started)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
	    " ?, ?, ?, ?, ?, ?)",
	[Q_GAME_SAVE] = "UPDATE games SET table_id = ?, black = ?, white = ?,"
	    " size = ?, komi = ?, main_time = ?, move_limit = ?, overtime = ?,"
	    " status = ?, black_main = ?, white_main = ?, black_over = ?,"
	    " white_over = ?, dead = ?, accepted = ?, result = ?, reason = ?,"
	    " undo_by = ?, resumed_at = ?, turn_ms = ?, estimating = ?,"
	    " black_points = ?, white_points = ?, points_set = ? WHERE id = ?",
	[Q_GAME_GET] = "SELECT " GAME_COLS ", id FROM games WHERE id = ?",
	[Q_GAME_LAST] = "SELECT " GAME_COLS ", id FROM games WHERE table_id = ?"
	    " ORDER BY id DESC LIMIT 1",
	[Q_MOVE_ADD] = "INSERT INTO moves(game_id, n, color, vertex)"
	    " VALUES (?, ?, ?, ?)",
	[Q_MOVE_TRUNC] = "DELETE FROM moves WHERE game_id = ? AND n >= ?",
	[Q_MOVES] = "SELECT color, vertex FROM moves WHERE game_id = ? ORDER BY n",
	[Q_EVENT_ADD] = "INSERT INTO events(kind, chan, seq, body)"
	    " VALUES (?, ?, ?, ?)",
	[Q_EVENT_LAST] = "SELECT max(seq) FROM events WHERE kind = ? AND chan = ?",
	[Q_EVENT_FIRST] = "SELECT min(seq) FROM events WHERE kind = ? AND chan = ?",
	[Q_EVENT_PRUNE] = "DELETE FROM events WHERE kind = ? AND chan = ?"
	    " AND seq <= ?",
	[Q_EVENTS] = "SELECT seq, body FROM events WHERE kind = ? AND chan = ?"
	    " AND seq > ? ORDER BY seq LIMIT ?",
	[Q_NEWS_ADD] = "INSERT INTO news(posted, title, body) VALUES (?, ?, ?)",
	[Q_NEWS] = "SELECT id, posted, title, body FROM news"
	    " ORDER BY id DESC LIMIT ?",
	[Q_ALIVE_SET] = "INSERT OR REPLACE INTO alive(id, at_ms) VALUES (1, ?)",
	[Q_ALIVE_GET] = "SELECT at_ms FROM alive WHERE id = 1",
};

struct server_db {
	sqlite3 *h;
	sqlite3_stmt *st[Q_COUNT];
	server_db_key_fn key;
};

const char *
server_db_error(struct server_db *db)
{
	return sqlite3_errmsg(db->h);
}

/* tengen_name_key(NAME) in SQL: the key of a name, for the accounts made
 * before keys were kept (the name itself if it has none). */
static void
server_db_key_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct server_db *db = sqlite3_user_data(ctx);
	const char *name = (const char *)sqlite3_value_text(argv[0]);
	char key[SERVER_KEY_MAX + 1];

	(void)argc;
	if (name == NULL || db->key(name, key, sizeof key) < 0)
		sqlite3_result_value(ctx, argv[0]);
	else
		sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
}

/* Columns added since the first schema, for databases made before them:
 * games.undo_by, games.resumed_at, games.turn_ms, games.estimating,
 * games.black_points, games.white_points, games.points_set, tables.ready,
 * tokens.seq (0, older than any login since), users.name_key (filled in
 * from the names); then the indexes on them. */
static int
server_db_migrate(struct server_db *db, char **msg)
{
	static const char number[] = "INTEGER NOT NULL DEFAULT 0";
	static const char *const added[][3] = {
		{ "games", "undo_by", number }, { "games", "resumed_at", number },
		{ "games", "turn_ms", number }, { "games", "estimating", number },
		{ "games", "black_points", number },
		{ "games", "white_points", number },
		{ "games", "points_set", number }, { "tables", "ready", number },
		{ "tokens", "seq", number },
		{ "users", "name_key", "TEXT NOT NULL DEFAULT ''" },
	};

	for (size_t i = 0; i < sizeof added / sizeof added[0]; i++) {
		char sql[160];
		sqlite3_stmt *s;
		bool have;

		snprintf(sql, sizeof sql, "SELECT 1 FROM pragma_table_info('%s')"
		    " WHERE name = ?", added[i][0]);
		if (sqlite3_prepare_v2(db->h, sql, -1, &s, NULL) != SQLITE_OK)
			return -1;
		sqlite3_bind_text(s, 1, added[i][1], -1, SQLITE_STATIC);
		have = sqlite3_step(s) == SQLITE_ROW;
		sqlite3_finalize(s);
		if (have)
			continue;
		snprintf(sql, sizeof sql, "ALTER TABLE %s ADD COLUMN %s %s",
		    added[i][0], added[i][1], added[i][2]);
		if (sqlite3_exec(db->h, sql, NULL, NULL, msg) != SQLITE_OK)
			return -1;
	}
	/* Not unique: an older database may hold two names that look
	 * alike, and both stay; a new one may not look like either. */
	return sqlite3_exec(db->h, "CREATE INDEX IF NOT EXISTS tokens_user"
	    " ON tokens(user_id, seq);"
	    "CREATE INDEX IF NOT EXISTS users_key ON users(name_key);"
	    "UPDATE users SET name_key = tengen_name_key(name)"
	    " WHERE name_key = '';", NULL, NULL, msg) == SQLITE_OK ? 0 : -1;
}

struct server_db *
server_db_open(const char *path, bool sync_full, server_db_key_fn key,
	       char *err, size_t errlen)
{
	struct server_db *db = calloc(1, sizeof *db);
	char *msg = NULL;
	const char *pragmas = sync_full ?
	    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
	    " PRAGMA foreign_keys=ON;" :
	    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
	    " PRAGMA foreign_keys=ON;";

	if (db == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
		goto fail;
	sqlite3_busy_timeout(db->h, 5000);
	db->key = key;
	if (sqlite3_create_function(db->h, "tengen_name_key", 1, SQLITE_UTF8 |
	    SQLITE_DETERMINISTIC, db, server_db_key_sql, NULL, NULL) != SQLITE_OK)
		goto fail;
	if (sqlite3_exec(db->h, pragmas, NULL, NULL, &msg) != SQLITE_OK ||
	    sqlite3_exec(db->h, server_db_schema, NULL, NULL, &msg) != SQLITE_OK ||
	    server_db_migrate(db, &msg) < 0)
		goto fail;
	for (int i = 0; i < Q_COUNT; i++)
		if (sqlite3_prepare_v3(db->h, server_db_sql[i], -1,
		    SQLITE_PREPARE_PERSISTENT, &db->st[i], NULL) != SQLITE_OK)
			goto fail;
	return db;
fail:
	snprintf(err, errlen, "%s: %s", path,
	    msg ? msg : db->h ? sqlite3_errmsg(db->h) : "cannot open");
	sqlite3_free(msg);
	server_db_close(db);
	return NULL;
}

void
server_db_close(struct server_db *db)
{
	if (db == NULL)
		return;
	for (int i = 0; i < Q_COUNT; i++)
		sqlite3_finalize(db->st[i]);
	sqlite3_close(db->h);
	free(db);
}

/* The statement Q, reset and ready for binding. */
static sqlite3_stmt *
server_db_stmt(struct server_db *db, enum server_db_stmt q)
{
	sqlite3_reset(db->st[q]);
	sqlite3_clear_bindings(db->st[q]);
	return db->st[q];
}

/* Step a statement that returns no rows. */
static int
server_db_done(sqlite3_stmt *s)
{
	int rc = sqlite3_step(s);

	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : -1;
}

static void
server_db_text(sqlite3_stmt *s, int col, char *buf, size_t len)
{
	const unsigned char *t = sqlite3_column_text(s, col);

	snprintf(buf, len, "%s", t ? (const char *)t : "");
}

int
server_db_begin(struct server_db *db)
{
	return server_db_done(server_db_stmt(db, Q_BEGIN));
}

int
server_db_commit(struct server_db *db)
{
	return server_db_done(server_db_stmt(db, Q_COMMIT));
}

/* --- accounts */

int
server_db_user_add(struct server_db *db, const char *name, const char *pwhash,
		long *id, char *taken, size_t len)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_USER_KEY);
	char key[SERVER_KEY_MAX + 1];
	int rc;

	if (db->key(name, key, sizeof key) < 0)
		return -1;
	sqlite3_bind_text(s, 1, key, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		server_db_text(s, 0, taken, len);
	sqlite3_reset(s);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc != SQLITE_DONE)
		return -1;
	s = server_db_stmt(db, Q_USER_ADD);
	sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 2, key, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 3, pwhash, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(s, 4, (sqlite3_int64)time(NULL));
	rc = sqlite3_step(s);
	sqlite3_reset(s);
	if (rc == SQLITE_CONSTRAINT) {
		snprintf(taken, len, "%s", name);
		return 1;
	}
	if (rc != SQLITE_DONE)
		return -1;
	*id = (long)sqlite3_last_insert_rowid(db->h);
	return 0;
}

int
server_db_user_hash(struct server_db *db, const char *name, long *id,
		char *hash, size_t len)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_USER_HASH);
	int rc;

	sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*id = (long)sqlite3_column_int64(s, 0);
		server_db_text(s, 1, hash, len);
	}
	sqlite3_reset(s);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

static void
server_db_user_row(sqlite3_stmt *s, struct server_db_user *u)
{
	u->id = (long)sqlite3_column_int64(s, 0);
	server_db_text(s, 1, u->name, sizeof u->name);
	u->points = (long)sqlite3_column_int64(s, 2);
	u->wins = (long)sqlite3_column_int64(s, 3);
	u->losses = (long)sqlite3_column_int64(s, 4);
	u->draws = (long)sqlite3_column_int64(s, 5);
	u->escapes = (long)sqlite3_column_int64(s, 6);
}

static int
server_db_user_one(sqlite3_stmt *s, struct server_db_user *u)
{
	int rc = sqlite3_step(s);

	if (rc == SQLITE_ROW)
		server_db_user_row(s, u);
	sqlite3_reset(s);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

int
server_db_user_by_name(struct server_db *db, const char *name,
		struct server_db_user *u)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_USER_BY_NAME);

	sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
	return server_db_user_one(s, u);
}

int
server_db_user_by_id(struct server_db *db, long id, struct server_db_user *u)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_USER_BY_ID);

	sqlite3_bind_int64(s, 1, id);
	return server_db_user_one(s, u);
}

int
server_db_user_record(struct server_db *db, long id, long points, int win,
		int loss, int draw, int escape)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_USER_RECORD);

	sqlite3_bind_int64(s, 1, points);
	sqlite3_bind_int(s, 2, win);
	sqlite3_bind_int(s, 3, loss);
	sqlite3_bind_int(s, 4, draw);
	sqlite3_bind_int(s, 5, escape);
	sqlite3_bind_int64(s, 6, id);
	return server_db_done(s);
}

int
server_db_leaderboard(struct server_db *db, struct server_db_user *out,
		int limit)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_LEADERS);
	int n = 0, rc = SQLITE_DONE;

	sqlite3_bind_int(s, 1, limit);
	while (n < limit && (rc = sqlite3_step(s)) == SQLITE_ROW)
		server_db_user_row(s, &out[n++]);
	sqlite3_reset(s);
	/* A step that failed is not the end of the list. */
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? n : -1;
}

int
server_db_token_add(struct server_db *db, const char *hash, long user)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TOKEN_ADD);

	sqlite3_bind_text(s, 1, hash, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(s, 2, user);
	sqlite3_bind_int64(s, 3, (sqlite3_int64)time(NULL));
	if (server_db_done(s) < 0)
		return -1;
	/* Beyond the SERVER_DB_TOKENS latest, the user's oldest logins end:
	 * logging in again and again does not fill the table. */
	s = server_db_stmt(db, Q_TOKEN_TRIM);
	sqlite3_bind_int64(s, 1, user);
	sqlite3_bind_int(s, 2, SERVER_DB_TOKENS);
	return server_db_done(s);
}

int
server_db_token_user(struct server_db *db, const char *hash, long *user)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TOKEN_USER);
	int rc;

	sqlite3_bind_text(s, 1, hash, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*user = (long)sqlite3_column_int64(s, 0);
	sqlite3_reset(s);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

int
server_db_token_del(struct server_db *db, const char *hash)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TOKEN_DEL);

	sqlite3_bind_text(s, 1, hash, -1, SQLITE_TRANSIENT);
	return server_db_done(s);
}

/* --- rooms and tables */

int
server_db_rooms(struct server_db *db, struct server_db_room *out, int max)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_ROOMS);
	int n = 0, rc = SQLITE_DONE;

	while (n < max && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct server_db_room *r = &out[n++];

		r->id = (long)sqlite3_column_int64(s, 0);
		server_db_text(s, 1, r->name, sizeof r->name);
		server_db_text(s, 2, r->name_zh, sizeof r->name_zh);
		r->base = sqlite3_column_int(s, 3);
		r->penalty = sqlite3_column_int(s, 4);
	}
	sqlite3_reset(s);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? n : -1;
}

int
server_db_room_add(struct server_db *db, const struct server_db_room *r,
		long *id)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_ROOM_ADD);

	sqlite3_bind_text(s, 1, r->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 2, r->name_zh, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(s, 3, r->base);
	sqlite3_bind_int(s, 4, r->penalty);
	if (server_db_done(s) < 0)
		return -1;
	*id = (long)sqlite3_last_insert_rowid(db->h);
	return 0;
}

static void
server_db_table_bind(sqlite3_stmt *s, const struct server_db_table *t)
{
	sqlite3_bind_int64(s, 1, t->room);
	sqlite3_bind_int(s, 2, t->rules.size);
	sqlite3_bind_double(s, 3, t->rules.komi);
	sqlite3_bind_double(s, 4, t->rules.main_time);
	sqlite3_bind_double(s, 5, t->rules.move_limit);
	sqlite3_bind_double(s, 6, t->rules.overtime);
	sqlite3_bind_int(s, 7, t->rules_set);
	sqlite3_bind_int(s, 8, t->rules_fixed);
	sqlite3_bind_int64(s, 9, t->seat[0]);
	sqlite3_bind_int64(s, 10, t->seat[1]);
	sqlite3_bind_int(s, 11, t->games);
	sqlite3_bind_int(s, 12, (t->ready[0] ? 1 : 0) | (t->ready[1] ? 2 : 0));
}

int
server_db_table_add(struct server_db *db, struct server_db_table *t)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TABLE_ADD);

	server_db_table_bind(s, t);
	if (server_db_done(s) < 0)
		return -1;
	t->id = (long)sqlite3_last_insert_rowid(db->h);
	return 0;
}

int
server_db_table_save(struct server_db *db, const struct server_db_table *t)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TABLE_SAVE);

	server_db_table_bind(s, t);
	sqlite3_bind_int64(s, 13, t->id);
	return server_db_done(s);
}

int
server_db_tables(struct server_db *db,
		void (*fn)(void *arg, const struct server_db_table *t), void *arg)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_TABLES);
	int rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct server_db_table t;

		t.room = (long)sqlite3_column_int64(s, 0);
		t.rules.size = sqlite3_column_int(s, 1);
		t.rules.komi = sqlite3_column_double(s, 2);
		t.rules.main_time = sqlite3_column_double(s, 3);
		t.rules.move_limit = sqlite3_column_double(s, 4);
		t.rules.overtime = sqlite3_column_double(s, 5);
		t.rules_set = sqlite3_column_int(s, 6) != 0;
		t.rules_fixed = sqlite3_column_int(s, 7) != 0;
		t.seat[0] = (long)sqlite3_column_int64(s, 8);
		t.seat[1] = (long)sqlite3_column_int64(s, 9);
		t.games = sqlite3_column_int(s, 10);
		t.ready[0] = (sqlite3_column_int(s, 11) & 1) != 0;
		t.ready[1] = (sqlite3_column_int(s, 11) & 2) != 0;
		t.id = (long)sqlite3_column_int64(s, 12);
		fn(arg, &t);
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* --- games and moves */

static void
server_db_game_bind(sqlite3_stmt *s, const struct server_db_game *g)
{
	sqlite3_bind_int64(s, 1, g->table);
	sqlite3_bind_int64(s, 2, g->black);
	sqlite3_bind_int64(s, 3, g->white);
	sqlite3_bind_int(s, 4, g->rules.size);
	sqlite3_bind_double(s, 5, g->rules.komi);
	sqlite3_bind_double(s, 6, g->rules.main_time);
	sqlite3_bind_double(s, 7, g->rules.move_limit);
	sqlite3_bind_double(s, 8, g->rules.overtime);
	sqlite3_bind_int(s, 9, g->status);
	sqlite3_bind_double(s, 10, g->main_left[0]);
	sqlite3_bind_double(s, 11, g->main_left[1]);
	sqlite3_bind_int(s, 12, g->overtime[0]);
	sqlite3_bind_int(s, 13, g->overtime[1]);
	sqlite3_bind_text(s, 14, g->dead, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(s, 15, g->accepted);
	sqlite3_bind_text(s, 16, g->result, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 17, g->reason, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(s, 18, g->undo_by);
	sqlite3_bind_int(s, 19, g->resumed_at);
	sqlite3_bind_int64(s, 20, (sqlite3_int64)g->turn_ms);
	sqlite3_bind_int(s, 21, g->estimating);
	sqlite3_bind_int64(s, 22, g->points[0]);
	sqlite3_bind_int64(s, 23, g->points[1]);
	sqlite3_bind_int(s, 24, g->points_set);
}

int
server_db_game_add(struct server_db *db, struct server_db_game *g)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_GAME_ADD);

	server_db_game_bind(s, g);
	sqlite3_bind_int64(s, 25, (sqlite3_int64)time(NULL));
	if (server_db_done(s) < 0)
		return -1;
	g->id = (long)sqlite3_last_insert_rowid(db->h);
	return 0;
}

int
server_db_game_save(struct server_db *db, const struct server_db_game *g)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_GAME_SAVE);

	server_db_game_bind(s, g);
	sqlite3_bind_int64(s, 25, g->id);
	return server_db_done(s);
}

static int
server_db_game_one(sqlite3_stmt *s, struct server_db_game *g)
{
	int rc = sqlite3_step(s);

	if (rc == SQLITE_ROW) {
		g->table = (long)sqlite3_column_int64(s, 0);
		g->black = (long)sqlite3_column_int64(s, 1);
		g->white = (long)sqlite3_column_int64(s, 2);
		g->rules.size = sqlite3_column_int(s, 3);
		g->rules.komi = sqlite3_column_double(s, 4);
		g->rules.main_time = sqlite3_column_double(s, 5);
		g->rules.move_limit = sqlite3_column_double(s, 6);
		g->rules.overtime = sqlite3_column_double(s, 7);
		g->status = sqlite3_column_int(s, 8);
		g->main_left[0] = sqlite3_column_double(s, 9);
		g->main_left[1] = sqlite3_column_double(s, 10);
		g->overtime[0] = sqlite3_column_int(s, 11) != 0;
		g->overtime[1] = sqlite3_column_int(s, 12) != 0;
		server_db_text(s, 13, g->dead, sizeof g->dead);
		g->accepted = sqlite3_column_int(s, 14);
		server_db_text(s, 15, g->result, sizeof g->result);
		server_db_text(s, 16, g->reason, sizeof g->reason);
		g->undo_by = sqlite3_column_int(s, 17);
		g->resumed_at = sqlite3_column_int(s, 18);
		g->turn_ms = (long long)sqlite3_column_int64(s, 19);
		g->estimating = sqlite3_column_int(s, 20);
		g->points[0] = (long)sqlite3_column_int64(s, 21);
		g->points[1] = (long)sqlite3_column_int64(s, 22);
		g->points_set = sqlite3_column_int(s, 23) != 0;
		g->id = (long)sqlite3_column_int64(s, 24);
	}
	sqlite3_reset(s);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

int
server_db_game_get(struct server_db *db, long id, struct server_db_game *g)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_GAME_GET);

	sqlite3_bind_int64(s, 1, id);
	return server_db_game_one(s, g);
}

int
server_db_game_last(struct server_db *db, long table, struct server_db_game *g)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_GAME_LAST);

	sqlite3_bind_int64(s, 1, table);
	return server_db_game_one(s, g);
}

int
server_db_move_add(struct server_db *db, long game, int n, int color,
		const char *vertex)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_MOVE_ADD);

	sqlite3_bind_int64(s, 1, game);
	sqlite3_bind_int(s, 2, n);
	sqlite3_bind_int(s, 3, color);
	sqlite3_bind_text(s, 4, vertex, -1, SQLITE_TRANSIENT);
	return server_db_done(s);
}

int
server_db_move_truncate(struct server_db *db, long game, int n)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_MOVE_TRUNC);

	sqlite3_bind_int64(s, 1, game);
	sqlite3_bind_int(s, 2, n);
	return server_db_done(s);
}

int
server_db_moves(struct server_db *db, long game,
		void (*fn)(void *arg, int color, const char *vertex), void *arg)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_MOVES);
	int rc;

	sqlite3_bind_int64(s, 1, game);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *v = sqlite3_column_text(s, 1);

		fn(arg, sqlite3_column_int(s, 0), v ? (const char *)v : "");
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* --- events */

int
server_db_event_add(struct server_db *db, int kind, long chan, long seq,
		const char *json)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_EVENT_ADD);

	sqlite3_bind_int(s, 1, kind);
	sqlite3_bind_int64(s, 2, chan);
	sqlite3_bind_int64(s, 3, seq);
	sqlite3_bind_text(s, 4, json, -1, SQLITE_TRANSIENT);
	return server_db_done(s);
}

/* max(seq) or min(seq) of a channel, by statement Q. */
static long
server_db_event_bound(struct server_db *db, int q, int kind, long chan)
{
	sqlite3_stmt *s = server_db_stmt(db, q);
	long seq = -1;
	int rc;

	sqlite3_bind_int(s, 1, kind);
	sqlite3_bind_int64(s, 2, chan);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
		seq = (long)sqlite3_column_int64(s, 0);
	else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		seq = -2;
	sqlite3_reset(s);
	return seq;
}

long
server_db_event_last(struct server_db *db, int kind, long chan)
{
	return server_db_event_bound(db, Q_EVENT_LAST, kind, chan);
}

long
server_db_event_first(struct server_db *db, int kind, long chan)
{
	return server_db_event_bound(db, Q_EVENT_FIRST, kind, chan);
}

int
server_db_events_prune(struct server_db *db, int kind, long chan, long upto)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_EVENT_PRUNE);

	sqlite3_bind_int(s, 1, kind);
	sqlite3_bind_int64(s, 2, chan);
	sqlite3_bind_int64(s, 3, upto);
	return server_db_done(s);
}

int
server_db_events(struct server_db *db, int kind, long chan, long since,
		int limit, void (*fn)(void *arg, long seq, const char *json),
		void *arg)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_EVENTS);
	int rc;

	sqlite3_bind_int(s, 1, kind);
	sqlite3_bind_int64(s, 2, chan);
	sqlite3_bind_int64(s, 3, since);
	sqlite3_bind_int(s, 4, limit);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *j = sqlite3_column_text(s, 1);

		fn(arg, (long)sqlite3_column_int64(s, 0), j ? (const char *)j : "{}");
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* --- news */

int
server_db_news_add(struct server_db *db, const char *title, const char *body)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_NEWS_ADD);

	sqlite3_bind_int64(s, 1, (sqlite3_int64)time(NULL));
	sqlite3_bind_text(s, 2, title, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 3, body, -1, SQLITE_TRANSIENT);
	return server_db_done(s);
}

int
server_db_news(struct server_db *db, int limit,
		void (*fn)(void *arg, long id, long posted, const char *title,
			const char *body), void *arg)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_NEWS);
	int rc;

	sqlite3_bind_int(s, 1, limit);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(s, 2);
		const unsigned char *b = sqlite3_column_text(s, 3);

		fn(arg, (long)sqlite3_column_int64(s, 0),
		    (long)sqlite3_column_int64(s, 1),
		    t ? (const char *)t : "", b ? (const char *)b : "");
	}
	sqlite3_reset(s);
	return rc == SQLITE_DONE ? 0 : -1;
}

int
server_db_alive_set(struct server_db *db, long long ms)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_ALIVE_SET);

	sqlite3_bind_int64(s, 1, (sqlite3_int64)ms);
	return server_db_done(s);
}

long long
server_db_alive_get(struct server_db *db)
{
	sqlite3_stmt *s = server_db_stmt(db, Q_ALIVE_GET);
	long long ms = 0;
	int rc = sqlite3_step(s);

	if (rc == SQLITE_ROW)
		ms = (long long)sqlite3_column_int64(s, 0);
	sqlite3_reset(s);
	return rc == SQLITE_ROW ? ms : rc == SQLITE_DONE ? 0 : -1;
}
