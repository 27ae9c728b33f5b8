/*
 * tui-online.h: the online screens' state: login, the online lobby, and a
 * table with its game, clocks and chat.
 *
 * The one idea: the server is the truth, and this struct is a copy of it
 * that net-client keeps fresh (a full state, then events).  Keys do not
 * change the copy; they send requests, and the change comes back as an
 * event, so two clients and a spectator always show the same game.  The
 * board itself is the local game screen's struct tui_game, rebuilt from
 * the server's move list, so it is drawn by the same code with the same
 * keys.
 */
#ifndef TENGEN_TUI_ONLINE_H
#define TENGEN_TUI_ONLINE_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "net-client.h"
#include "tui.h"

#define TUI_ONLINE_NAME 96
/* The smallest terminal the login form is drawn in: its message and key
 * line under the last button, and 10 columns of what is typed. */
#define TUI_LOGIN_COLS 30
#define TUI_LOGIN_ROWS 14
#define TUI_ONLINE_ROOMS 16
#define TUI_ONLINE_TABLES 64
#define TUI_ONLINE_LEADERS 5
#define TUI_CHAT_LINES 64

#define TUI_CHAT_FLIGHT 8		/* lines on their way at once */

/* A line on its way, the argument of its answer's callback: each line
 * sent has its own, so that the answers, in whatever order they come, each
 * know their line. */
struct tui_chat_flight {
	struct tui *t;
	struct tui_chat *chat;
	unsigned epoch;			/* the chat's when it was sent */
	bool busy;
	char text[501];
};

/* A chat: the room's in the lobby, the table's beside the board. */
struct tui_chat {
	char line[TUI_CHAT_LINES][600];
	int n;				/* lines kept (the last ones) */
	long seq;			/* of the last line from the server */
	bool editing;			/* the input line has the keys */
	char edit[501];
	unsigned epoch;			/* one more at every clear: another
					 * table's or room's chat */
	struct tui_chat_flight flight[TUI_CHAT_FLIGHT];
};

enum tui_chat_result { TUI_CHAT_KEEP = 0, TUI_CHAT_SEND };

/* tui-chat.c */
void tui_chat_clear(struct tui_chat *c);
void tui_chat_add(struct tui_chat *c, const char *from, const char *text);
/* A chat event's line ("from", "text", "seq"), unless it is there
 * already. */
void tui_chat_event(struct tui_chat *c, const cJSON *ev);
/* The lines said before one came, from a state's "chat": those not there
 * already, up to the event UPTO from which the watch goes on; the lines
 * after it come as events, all of them, even after a drop longer than the
 * state's last lines (UPTO 0: no such event, every line). */
void tui_chat_past(struct tui_chat *c, const cJSON *state, long upto);
/* A key while editing: TUI_CHAT_SEND when Enter sends c->edit (the caller
 * posts it and empties it); Esc, or Enter on nothing, stops editing. */
enum tui_chat_result tui_chat_key(struct tui_chat *c, int key);
/* The line leaves: kept in a flight of its own for the answer, the input
 * line empty for the next one.  NULL, the line left where it is, when
 * TUI_CHAT_FLIGHT lines are on their way already. */
struct tui_chat_flight *tui_chat_sending(struct tui_chat *c, struct tui *t);
/* It arrived. */
void tui_chat_arrived(struct tui_chat_flight *f);
/* It did not: back on the input line if that is empty, else shown among
 * the lines as not sent, so that nothing typed is lost. */
void tui_chat_failed(struct tui_chat_flight *f);
/* The last lines from row Y down to row INPUT, the input line (IDLE when
 * not editing), in columns X to X+W. */
void tui_chat_draw(const struct tui_chat *c, int y, int input, int x, int w,
		   const char *idle);

enum tui_online_view {
	TUI_ONLINE_LOGIN = 0,
	TUI_ONLINE_LOBBY,
	TUI_ONLINE_TABLE
};

/* Login form rows. */
enum tui_online_field {
	TUI_FIELD_URL = 0,
	TUI_FIELD_NAME,
	TUI_FIELD_PASSWORD,
	TUI_FIELD_LOGIN,
	TUI_FIELD_REGISTER,
	TUI_FIELD_BACK,
	TUI_NFIELDS
};

/* Rule settings rows. */
enum tui_rules_row {
	TUI_RULES_SIZE = 0,
	TUI_RULES_MAIN,
	TUI_RULES_LIMIT,
	TUI_RULES_OVERTIME,
	TUI_RULES_KOMI,
	TUI_RULES_SEND,
	TUI_NRULES
};

struct tui_online_rules {
	bool set;
	int size, main_time, move_limit, overtime;
	double komi;
};

struct tui_online_room {
	long id;
	char name[TUI_ONLINE_NAME], name_zh[TUI_ONLINE_NAME];
	int base, penalty;
};

struct tui_online_table {
	long id;
	char status[16];
	char seat[2][TUI_ONLINE_NAME];
	bool ready[2];
	struct tui_online_rules rules;
	bool rules_fixed;
};

struct tui_online_player {
	char name[TUI_ONLINE_NAME];
	char rank[TUI_ONLINE_NAME];
	long points;
	int wins, losses, draws, escapes;
};

struct tui_online_clock {
	double main_left;	/* main time left */
	double left;		/* for this move, at clock_at */
	bool overtime;
};

struct tui_online {
	struct net_client *nc;
	char token_path[PATH_MAX];
	char name[TUI_ONLINE_NAME];	/* logged in as; "" before */
	enum tui_online_view view;
	char msg[512];
	bool msg_error;
	bool busy;			/* a login or a sit is on its way */

	/* Login. */
	int field;
	char url[SETTINGS_ENGINE_LEN];
	char user[TUI_ONLINE_NAME];
	char password[260];
	int fieldy[TUI_NFIELDS];

	/* The lobby. */
	struct tui_online_room rooms[TUI_ONLINE_ROOMS];
	int nrooms, room;		/* the room shown */
	struct tui_chat room_chat;	/* the room's, since it was opened */
	struct tui_online_table tables[TUI_ONLINE_TABLES];
	int ntables, sel;		/* the selected table */
	struct tui_online_player record;	/* the player's own */
	struct tui_online_player leaders[TUI_ONLINE_LEADERS];
	int nleaders;
	char news[3][200];
	int nnews;
	bool auto_joined;		/* went back to a running game once */
	int tabley;			/* screen line of the first table */
	int tablex;			/* and its first column */
	int table_top;			/* the first table drawn */
	int tables_shown;		/* the tables drawn from there */

	/* The table. */
	struct tui_online_table table;	/* id 0: none */
	bool have_game;
	char black[TUI_ONLINE_NAME], white[TUI_ONLINE_NAME];
	char rank[3][TUI_ONLINE_NAME];	/* by colour */
	enum color me;			/* EMPTY: watching */
	struct tui_online_clock clock[3];	/* by colour */
	double clock_at;		/* when the clocks were read */
	bool connected[3];
	double away_at[3];		/* when a player dropped */
	double escape_at[3];		/* when that drop becomes an escape, 0 unknown */
	bool accepted[3];
	int count_version;	/* of the count shown, sent with an accept */
	double count_black, count_white;
	char count_result[32];
	double count_ends;	/* util_now() when the count is final; 0: never */
	long game_id;			/* the game on the board (its "id") */
	long start_table;		/* the table of the last start sent */
	bool sat;			/* seated at this table: by its state,
					 * or, before it came, by the sit */
	char result[256];		/* the end, in words */
	long result_game;		/* the game RESULT tells of */
	bool down;			/* our connection dropped */
	char down_msg[300];
	char pending[8];		/* a move on its way */
	int pending_n;			/* the moves of the game when it left */
	bool pending_in;		/* the server took it */

	struct tui_chat chat;		/* the table's */

	/* The rule settings form. */
	bool rules_open;
	int rules_row;
	struct tui_online_rules form;
	int rulesy[TUI_NRULES];
};

/* tui-online.c: login and the lobby. */
void tui_online_enter(struct tui *t, const char *url);
void tui_online_leave(struct tui *t);
void tui_online_message(struct tui *t, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A reply that needs no more than its error, if any, on the screen. */
void tui_online_reply_cb(void *arg, const struct net_reply *r);
/* The line written in C leaves in a flight of its own (NULL, with a
 * message, when too many are on their way); tui_online_chat_cb, given the
 * flight, takes the answer: refused or lost, the line comes back. */
struct tui_chat_flight *tui_online_chat_send(struct tui *t, struct tui_chat *c);
void tui_online_chat_cb(void *arg, const struct net_reply *r);
void tui_online_lobby(struct tui *t);
/* The server no longer knows our token: forget it, back to the login. */
void tui_online_expired(struct tui *t);
void tui_online_login_key(struct tui *t, int key);
void tui_online_lobby_key(struct tui *t, int key);
void tui_online_login_click(struct tui *t, int y, int x);
void tui_online_lobby_click(struct tui *t, int y, int x);
void tui_online_refresh_me(struct tui *t);
void tui_online_key(struct tui *t, int key);
void tui_online_click(struct tui *t, int y, int x);

/* tui-online-game.c: the table and its game. */
void tui_online_table_open(struct tui *t, long id, bool seated);
/* Is the player at the open table only watching it (in no seat)? */
bool tui_online_watching(const struct tui_online *o);
/* What a table's window too small for its board may do, in words. */
const char *tui_online_too_small_hint(const struct tui *t);
void tui_online_table_close(struct tui *t);
/* Stop watching the table and forget its game (close without the lobby). */
void tui_online_table_drop(struct tui *t);
void tui_online_table_key(struct tui *t, int key);
void tui_online_table_click(struct tui *t, int y, int x);
void tui_online_table_from_json(struct tui_online_table *tb, const cJSON *o);
double tui_online_clock_left(const struct tui *t, enum color c, bool main);

/* tui-online-draw.c: painting. */
void tui_online_draw(struct tui *t);
void tui_online_panel(struct tui *t, const struct tui_layout *l);
const char *tui_online_help_line(const struct tui *t);

#endif
