/*
 * server-table.c: rooms, the tables in them, seats and the rule settings.
 *
 * A table (游戏桌) has two seats and its rule settings: board size, komi,
 * total time per side, the limit per move while main time lasts and the
 * limit per move after it.  The first game asks for them; once a game has
 * started they are fixed, and later games at the table reuse them, so the
 * players only press start or leave.  A game starts when both seats are
 * taken and both players pressed start.  A player sits at one table at a
 * time.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "util.h"

#define SERVER_MAX_ROOMS 64

static struct server_room *
server_room_known(struct server *srv, long id)
{
	for (int i = 0; i < srv->nrooms; i++)
		if (srv->rooms[i].row.id == id)
			return &srv->rooms[i];
	return NULL;
}

/* Take in the rooms the database has and the server does not know yet:
 * `tengend --add-room` writes them from another process while the server
 * runs.  The array never moves, so tables keep pointing into it. */
int
server_rooms_refresh(struct server *srv)
{
	struct server_db_room rows[SERVER_MAX_ROOMS];
	int n = server_db_rooms(srv->db, rows, SERVER_MAX_ROOMS);

	if (n < 0)
		return -1;
	for (int i = 0; i < n && srv->nrooms < SERVER_MAX_ROOMS; i++) {
		struct server_room *r;

		if (server_room_known(srv, rows[i].id))
			continue;
		r = &srv->rooms[srv->nrooms++];
		memset(r, 0, sizeof *r);
		r->row = rows[i];
		server_chan_init(srv, &r->chan, SERVER_CHAN_ROOM, rows[i].id);
	}
	return 0;
}

struct server_room *
server_room_find(struct server *srv, long id)
{
	struct server_room *r = server_room_known(srv, id);

	if (r == NULL && server_rooms_refresh(srv) == 0)
		r = server_room_known(srv, id);
	return r;
}

struct server_table *
server_table_find(struct server *srv, long id)
{
	return id > 0 && id < srv->ctables ? srv->tables[id] : NULL;
}

int
server_table_seat(const struct server_table *t, long user)
{
	for (int s = 0; s < 2; s++)
		if (user != 0 && t->seat[s] == user)
			return s;
	return -1;
}

static void
server_table_put(struct server *srv, struct server_table *t)
{
	if (t->id >= srv->ctables) {
		long n = srv->ctables ? srv->ctables : 64;

		while (n <= t->id)
			n *= 2;
		srv->tables = xreallocarray(srv->tables, (size_t)n,
		    sizeof srv->tables[0]);
		memset(srv->tables + srv->ctables, 0,
		    (size_t)(n - srv->ctables) * sizeof srv->tables[0]);
		srv->ctables = n;
	}
	srv->tables[t->id] = t;
	t->room->ntables++;
}

static void
server_table_row(const struct server_table *t, struct server_db_table *row)
{
	memset(row, 0, sizeof *row);
	row->id = t->id;
	row->room = t->room->row.id;
	row->rules = t->rules;
	row->rules_set = t->rules_set;
	row->rules_fixed = t->rules_fixed;
	row->seat[0] = t->seat[0];
	row->seat[1] = t->seat[1];
	row->games = t->games;
	row->ready[0] = t->ready[0];
	row->ready[1] = t->ready[1];
}

void
server_table_save(struct server *srv, struct server_table *t)
{
	struct server_db_table row;

	server_table_row(t, &row);
	if (server_db_table_save(srv->db, &row) < 0)
		server_fatal(srv, "saving a table");
}

struct server_load {
	struct server *srv;
	int failed;
};

static void
server_table_loaded(void *arg, const struct server_db_table *row)
{
	struct server_load *l = arg;
	struct server *srv = l->srv;
	struct server_table *t;
	struct server_room *room = server_room_find(srv, row->room);

	if (room == NULL)
		return;
	t = xcalloc(1, sizeof *t);
	t->id = row->id;
	t->room = room;
	t->rules = row->rules;
	t->rules_set = row->rules_set;
	t->rules_fixed = row->rules_fixed;
	t->games = row->games;
	for (int s = 0; s < 2; s++) {
		struct server_db_user u;

		t->seat[s] = row->seat[s];
		if (t->seat[s] && server_db_user_by_id(srv->db, t->seat[s], &u) == 0)
			snprintf(t->seat_name[s], sizeof t->seat_name[s], "%s",
			    u.name);
		else
			t->seat[s] = 0;
		t->ready[s] = t->seat[s] != 0 && row->ready[s];
	}
	server_chan_init(srv, &t->chan, SERVER_CHAN_TABLE, t->id);
	server_table_put(srv, t);
}

int
server_tables_load(struct server *srv)
{
	struct server_load l = { srv, 0 };

	srv->rooms = xcalloc(SERVER_MAX_ROOMS, sizeof srv->rooms[0]);
	srv->nrooms = 0;
	if (server_rooms_refresh(srv) < 0)
		return -1;
	if (server_db_tables(srv->db, server_table_loaded, &l) < 0)
		return -1;
	/* The games' rows saved again at load (their clocks) and the time
	 * this server runs go in together: a crash in between would charge
	 * the time down twice, or give it back. */
	server_begin(srv);
	for (long id = 1; id < srv->ctables; id++)
		if (srv->tables[id] && server_game_load(srv, srv->tables[id]) < 0)
			return -1;
	if (server_db_alive_set(srv->db, util_wall_ms()) < 0)
		return -1;
	srv->alive_at = util_now();
	server_commit(srv);
	pthread_mutex_lock(&srv->lock);
	server_game_estimates_restart(srv);
	pthread_mutex_unlock(&srv->lock);
	return 0;
}

static cJSON *
server_rules_json(const struct server_db_rules *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "size", r->size);
	cJSON_AddNumberToObject(o, "komi", r->komi);
	cJSON_AddNumberToObject(o, "main_time", r->main_time);
	cJSON_AddNumberToObject(o, "move_limit", r->move_limit);
	cJSON_AddNumberToObject(o, "overtime", r->overtime);
	return o;
}

static const char *
server_table_status(const struct server_table *t)
{
	if (t->game && t->game->status == SERVER_PLAYING)
		return "playing";
	if (t->game && t->game->status == SERVER_COUNTING)
		return "counting";
	return t->seat[0] || t->seat[1] ? "waiting" : "empty";
}

cJSON *
server_table_json(struct server *srv, struct server_table *t, bool full)
{
	cJSON *o = cJSON_CreateObject(), *seats = cJSON_CreateArray();

	cJSON_AddNumberToObject(o, "id", (double)t->id);
	cJSON_AddNumberToObject(o, "room", (double)t->room->row.id);
	cJSON_AddStringToObject(o, "status", server_table_status(t));
	if (t->rules_set)
		cJSON_AddItemToObject(o, "rules", server_rules_json(&t->rules));
	else
		cJSON_AddNullToObject(o, "rules");
	cJSON_AddBoolToObject(o, "rules_fixed", t->rules_fixed);
	for (int s = 0; s < 2; s++) {
		cJSON *seat;

		if (t->seat[s] == 0) {
			cJSON_AddItemToArray(seats, cJSON_CreateNull());
			continue;
		}
		seat = cJSON_CreateObject();
		cJSON_AddStringToObject(seat, "name", t->seat_name[s]);
		cJSON_AddBoolToObject(seat, "ready", t->ready[s]);
		cJSON_AddItemToArray(seats, seat);
	}
	cJSON_AddItemToObject(o, "seats", seats);
	cJSON_AddNumberToObject(o, "games", t->games);
	if (full) {
		cJSON_AddNumberToObject(o, "seq", (double)t->chan.last_seq);
		if (t->game)
			cJSON_AddItemToObject(o, "game",
			    server_game_json(srv, t->game));
		else
			cJSON_AddNullToObject(o, "game");
	}
	return o;
}

void
server_table_announce(struct server *srv, struct server_table *t)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "type", "table");
	cJSON_AddItemToObject(ev, "table", server_table_json(srv, t, false));
	server_emit(srv, &t->room->chan, ev);
}

/* An event at table T about seat S. */
void
server_table_event(struct server *srv, struct server_table *t,
		const char *type, int s)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "type", type);
	cJSON_AddNumberToObject(ev, "seat", s);
	cJSON_AddStringToObject(ev, "name", t->seat_name[s]);
	if (strcmp(type, "rules") == 0)
		cJSON_AddItemToObject(ev, "rules", server_rules_json(&t->rules));
	server_emit(srv, &t->chan, ev);
}

/* The table USER sits at, if any. */
static struct server_table *
server_table_of(struct server *srv, long user)
{
	for (long id = 1; id < srv->ctables; id++)
		if (srv->tables[id] && server_table_seat(srv->tables[id], user) >= 0)
			return srv->tables[id];
	return NULL;
}

static bool
server_game_live(const struct server_table *t)
{
	return t->game && t->game->status != SERVER_OVER;
}

/* A table of ROOM with nobody seated and no game going on, or NULL. */
static struct server_table *
server_table_empty(struct server *srv, struct server_room *room)
{
	for (long id = 1; id < srv->ctables; id++) {
		struct server_table *t = srv->tables[id];

		if (t != NULL && t->room == room && t->seat[0] == 0 &&
		    t->seat[1] == 0 && !server_game_live(t))
			return t;
	}
	return NULL;
}

/* Read the rule settings from the body into R: 0, or -1 with the error
 * set.  Size 9, 13 or 19; times in seconds. */
static int
server_rules_read(struct server_call *c, struct server_db_rules *r)
{
	long size;
	const cJSON *v = c->body ? cJSON_GetObjectItemCaseSensitive(c->body,
	    "size") : NULL;

	/* One message for every size refused, whole or not, in range or
	 * not. */
	if (cJSON_IsNumber(v) && v->valuedouble != 9 && v->valuedouble != 13 &&
	    v->valuedouble != 19) {
		server_error(c, 400, "bad_field", "\"size\" must be 9, 13 or 19");
		return -1;
	}
	if (server_json_long(c, "size", 9, 19, true, &size) != 0)
		return -1;
	r->size = (int)size;
	r->komi = GAME_DEFAULT_KOMI;
	if (server_json_double(c, "komi", -150, 150, false, &r->komi) < 0 ||
	    server_json_double(c, "main_time", 0, 86400, true,
	    &r->main_time) != 0 ||
	    server_json_double(c, "move_limit", 0, 3600, true,
	    &r->move_limit) != 0 ||
	    server_json_double(c, "overtime", 1, 3600, true,
	    &r->overtime) != 0)
		return -1;
	if (r->komi * 2 != floor(r->komi * 2)) {
		server_error(c, 400, "bad_field", "komi must be a multiple of 0.5");
		return -1;
	}
	return 0;
}

void
server_table_new(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_db_table row;
	struct server_table *t, *other;
	struct server_room *room;
	long room_id;

	if (server_json_long(c, "room", 1, 1L << 30, true, &room_id) != 0)
		return;
	room = server_room_find(srv, room_id);
	if (room == NULL) {
		server_error(c, 404, "no_room", "there is no room %ld", room_id);
		return;
	}
	other = server_table_of(srv, c->user);
	if (other) {
		server_error(c, 409, "already_seated",
		    "you sit at table %ld; leave it first", other->id);
		cJSON_AddNumberToObject(c->reply, "table", (double)other->id);
		return;
	}
	struct server_db_rules rules;
	bool rules_set = false;

	if (cJSON_GetObjectItemCaseSensitive(c->body, "size")) {
		if (server_rules_read(c, &rules) < 0)
			return;
		rules_set = true;
	}
	/* An empty table of the room is taken again before a new one is
	 * made: the tables stay as many as were ever in use at once, not as
	 * many as were ever asked for. */
	t = server_table_empty(srv, room);
	server_begin(srv);
	if (t != NULL) {
		server_game_free(t->game);
		t->game = NULL;
		t->games = 0;
		t->rules_fixed = false;
		t->ready[0] = t->ready[1] = false;
	} else {
		t = xcalloc(1, sizeof *t);
		t->room = room;
	}
	memset(&t->rules, 0, sizeof t->rules);
	if (rules_set)
		t->rules = rules;
	t->rules_set = rules_set;
	t->seat[0] = c->user;
	snprintf(t->seat_name[0], sizeof t->seat_name[0], "%s", c->user_name);
	if (t->id != 0) {
		server_table_save(srv, t);
	} else {
		server_table_row(t, &row);
		if (server_db_table_add(srv->db, &row) < 0)
			server_fatal(srv, "adding a table");
		t->id = row.id;
		server_chan_init(srv, &t->chan, SERVER_CHAN_TABLE, t->id);
		server_table_put(srv, t);
	}
	server_table_event(srv, t, "sit", 0);
	if (t->rules_set)
		server_table_event(srv, t, "rules", 0);
	server_table_announce(srv, t);
	server_commit(srv);
	c->reply = server_table_json(srv, t, true);
}

void
server_table_sit(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_table *t, *other;
	int seat, s;

	t = server_call_table(c, &seat);
	if (t == NULL)
		return;
	if (seat >= 0) {
		c->reply = server_table_json(srv, t, true);
		return;
	}
	other = server_table_of(srv, c->user);
	if (other) {
		server_error(c, 409, "already_seated",
		    "you sit at table %ld; leave it first", other->id);
		cJSON_AddNumberToObject(c->reply, "table", (double)other->id);
		return;
	}
	s = t->seat[0] == 0 ? 0 : t->seat[1] == 0 ? 1 : -1;
	if (s < 0 || server_game_live(t)) {
		server_error(c, 409, "table_full", "both seats at table %ld are taken",
		    t->id);
		return;
	}
	server_begin(srv);
	t->seat[s] = c->user;
	t->ready[s] = false;
	snprintf(t->seat_name[s], sizeof t->seat_name[s], "%s", c->user_name);
	server_table_save(srv, t);
	server_table_event(srv, t, "sit", s);
	server_table_announce(srv, t);
	server_commit(srv);
	c->reply = server_table_json(srv, t, true);
}

void
server_table_leave(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_table *t;
	int seat;

	t = server_call_seated(c, &seat);
	if (t == NULL)
		return;
	if (server_game_live(t)) {
		server_error(c, 409, "game_in_progress",
		    "the game is not over: resign first");
		return;
	}
	server_begin(srv);
	server_table_event(srv, t, "leave", seat);
	t->seat[seat] = 0;
	t->seat_name[seat][0] = '\0';
	t->ready[0] = t->ready[1] = false;
	server_table_save(srv, t);
	server_table_announce(srv, t);
	server_commit(srv);
	c->reply = cJSON_CreateObject();
	cJSON_AddBoolToObject(c->reply, "ok", true);
}

void
server_table_rules(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_db_rules r;
	struct server_table *t;
	int seat;

	t = server_call_seated(c, &seat);
	if (t == NULL)
		return;
	if (t->rules_fixed) {
		server_error(c, 409, "rules_fixed", "the rules of table %ld are "
		    "fixed since its first game", t->id);
		return;
	}
	if (server_rules_read(c, &r) < 0)
		return;
	/* The same rules again change nothing: no event, and the start
	 * presses stand. */
	if (t->rules_set && r.size == t->rules.size &&
	    r.komi == t->rules.komi && r.main_time == t->rules.main_time &&
	    r.move_limit == t->rules.move_limit &&
	    r.overtime == t->rules.overtime) {
		c->reply = server_table_json(srv, t, true);
		return;
	}
	server_begin(srv);
	t->rules = r;
	t->rules_set = true;
	t->ready[0] = t->ready[1] = false;
	server_table_save(srv, t);
	server_table_event(srv, t, "rules", seat);
	server_table_announce(srv, t);
	server_commit(srv);
	c->reply = server_table_json(srv, t, true);
}

void
server_table_start(struct server_call *c)
{
	struct server *srv = c->srv;
	struct server_table *t;
	int seat;

	t = server_call_seated(c, &seat);
	if (t == NULL)
		return;
	if (!t->rules_set) {
		server_error(c, 409, "no_rules", "set the rules of table %ld first",
		    t->id);
		return;
	}
	if (server_game_live(t)) {
		server_error(c, 409, "game_in_progress", "the game has started");
		return;
	}
	/* Pressed already: nothing changes, and nothing is announced. */
	if (t->ready[seat]) {
		c->reply = server_table_json(srv, t, true);
		return;
	}
	server_begin(srv);
	t->ready[seat] = true;
	server_table_event(srv, t, "ready", seat);
	if (t->seat[0] && t->seat[1] && t->ready[0] && t->ready[1]) {
		server_game_start(srv, t);
	} else {
		server_table_save(srv, t);
		server_table_announce(srv, t);
	}
	server_commit(srv);
	c->reply = server_table_json(srv, t, true);
}
