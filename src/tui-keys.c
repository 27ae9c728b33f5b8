/*
 * tui-keys.c: which key does what, screen by screen, and the key list.
 *
 * The one idea: bindings are data.  Each screen has a table of { key,
 * action, name, help }; the screens look keys up here, and the "?" screen
 * and the manual are written from the same rows, so the list a player sees
 * is always the one the program uses.  A row with a NULL name is another key
 * for the row above it.
 */
#include "config.h"

#include <curses.h>
#include <string.h>

#include "i18n.h"
#include "tui.h"

#define TUI_KEY_ESC 27
#define TUI_CTRL(c) ((c) & 0x1f)

const struct tui_key tui_keys_game[] = {
	{ KEY_LEFT, TUI_LEFT, N_("arrows, hjkl"), N_("move the cursor (and a preview)") },
	{ 'h', TUI_LEFT, NULL, NULL },
	{ KEY_RIGHT, TUI_RIGHT, NULL, NULL },
	{ 'l', TUI_RIGHT, NULL, NULL },
	{ KEY_UP, TUI_UP, NULL, NULL },
	{ 'k', TUI_UP, NULL, NULL },
	{ KEY_DOWN, TUI_DOWN, NULL, NULL },
	{ 'j', TUI_DOWN, NULL, NULL },
	{ '\n', TUI_PLACE, N_("Enter, Space"), N_("place a stone (with preview: preview, then place)") },
	{ '\r', TUI_PLACE, NULL, NULL },
	{ KEY_ENTER, TUI_PLACE, NULL, NULL },
	{ ' ', TUI_PLACE, NULL, NULL },
	{ 'c', TUI_CONFIRM, N_("C"), N_("place the previewed stone") },
	{ 'C', TUI_CONFIRM, NULL, NULL },
	{ TUI_KEY_ESC, TUI_CANCEL, N_("Esc"), N_("cancel the preview; the computer's move now") },
	{ 'p', TUI_PASS, N_("P"), N_("pass (two passes in a row: counting)") },
	{ 'P', TUI_PASS, NULL, NULL },
	{ 'z', TUI_UNDO, N_("Z, U"), N_("undo (against the computer: its reply and your move)") },
	{ 'Z', TUI_UNDO, NULL, NULL },
	{ 'u', TUI_UNDO, NULL, NULL },
	{ 'U', TUI_UNDO, NULL, NULL },
	{ 'g', TUI_RESIGN, N_("G"), N_("resign (asks first)") },
	{ 'G', TUI_RESIGN, NULL, NULL },
	{ 'r', TUI_RESTART, N_("R"), N_("restart (asks first if unfinished)") },
	{ 'R', TUI_RESTART, NULL, NULL },
	{ 'q', TUI_LOBBY, N_("q"), N_("back to the lobby (the game is saved)") },
	{ 'Q', TUI_QUIT, N_("Q"), N_("save and quit") },
	{ '[', TUI_BACK, N_("[ ]"), N_("look at the move before / after") },
	{ '<', TUI_BACK, NULL, NULL },
	{ KEY_PPAGE, TUI_BACK, NULL, NULL },
	{ ']', TUI_FORWARD, NULL, NULL },
	{ '>', TUI_FORWARD, NULL, NULL },
	{ KEY_NPAGE, TUI_FORWARD, NULL, NULL },
	{ KEY_HOME, TUI_FIRST, N_("Home, End"), N_("first move / back to the game") },
	{ KEY_END, TUI_LAST, NULL, NULL },
	{ '?', TUI_HELP, N_("?"), N_("this list of keys") },
	{ TUI_CTRL('l'), TUI_REDRAW, N_("Ctrl-L"), N_("redraw the screen") },
	{ 0, TUI_NONE, NULL, NULL }
};

const struct tui_key tui_keys_count[] = {
	{ KEY_LEFT, TUI_LEFT, NULL, NULL },
	{ 'h', TUI_LEFT, NULL, NULL },
	{ KEY_RIGHT, TUI_RIGHT, NULL, NULL },
	{ 'l', TUI_RIGHT, NULL, NULL },
	{ KEY_UP, TUI_UP, NULL, NULL },
	{ 'k', TUI_UP, NULL, NULL },
	{ KEY_DOWN, TUI_DOWN, NULL, NULL },
	{ 'j', TUI_DOWN, NULL, NULL },
	{ '\n', TUI_PLACE, N_("Enter, Space"), N_("mark the group dead / alive") },
	{ '\r', TUI_PLACE, NULL, NULL },
	{ KEY_ENTER, TUI_PLACE, NULL, NULL },
	{ ' ', TUI_PLACE, NULL, NULL },
	{ 'c', TUI_CONFIRM, N_("C"), N_("confirm the result") },
	{ 'C', TUI_CONFIRM, NULL, NULL },
	{ TUI_KEY_ESC, TUI_CANCEL, N_("Esc"), N_("continue playing") },
	{ 'z', TUI_UNDO, N_("Z, U"), N_("continue playing and undo") },
	{ 'Z', TUI_UNDO, NULL, NULL },
	{ 'u', TUI_UNDO, NULL, NULL },
	{ 'U', TUI_UNDO, NULL, NULL },
	{ 'r', TUI_RESTART, N_("R"), N_("restart (asks first if unfinished)") },
	{ 'R', TUI_RESTART, NULL, NULL },
	{ 'q', TUI_LOBBY, NULL, NULL },
	{ 'Q', TUI_QUIT, NULL, NULL },
	{ '?', TUI_HELP, NULL, NULL },
	{ TUI_CTRL('l'), TUI_REDRAW, NULL, NULL },
	{ 0, TUI_NONE, NULL, NULL }
};

const struct tui_key tui_keys_lobby[] = {
	{ KEY_UP, TUI_UP, N_("up, down, j, k"), N_("choose a line") },
	{ 'k', TUI_UP, NULL, NULL },
	{ KEY_DOWN, TUI_DOWN, NULL, NULL },
	{ 'j', TUI_DOWN, NULL, NULL },
	{ '\t', TUI_DOWN, NULL, NULL },
	{ KEY_LEFT, TUI_LEFT, N_("left, right, h, l"), N_("change the value") },
	{ 'h', TUI_LEFT, NULL, NULL },
	{ KEY_RIGHT, TUI_RIGHT, NULL, NULL },
	{ 'l', TUI_RIGHT, NULL, NULL },
	{ '\n', TUI_PLACE, N_("Enter, Space"), N_("start, continue, tick a box, edit") },
	{ '\r', TUI_PLACE, NULL, NULL },
	{ KEY_ENTER, TUI_PLACE, NULL, NULL },
	{ ' ', TUI_PLACE, NULL, NULL },
	{ 's', TUI_CONFIRM, N_("S"), N_("start a game") },
	{ 'S', TUI_CONFIRM, NULL, NULL },
	{ 'c', TUI_LAST, N_("C"), N_("continue the last game") },
	{ 'C', TUI_LAST, NULL, NULL },
	{ 'o', TUI_LOGOUT, N_("O"), N_("online play (the last server)") },
	{ 'O', TUI_LOGOUT, NULL, NULL },
	{ 'q', TUI_QUIT, N_("q, Q"), N_("quit") },
	{ 'Q', TUI_QUIT, NULL, NULL },
	{ '?', TUI_HELP, N_("?"), N_("this list of keys") },
	{ TUI_CTRL('l'), TUI_REDRAW, NULL, NULL },
	{ 0, TUI_NONE, NULL, NULL }
};

/* The online lobby. */
const struct tui_key tui_keys_online[] = {
	{ KEY_UP, TUI_UP, N_("up, down, j, k"), N_("choose a room or a table") },
	{ 'k', TUI_UP, NULL, NULL },
	{ KEY_DOWN, TUI_DOWN, NULL, NULL },
	{ 'j', TUI_DOWN, NULL, NULL },
	{ '\t', TUI_TAB, N_("Tab"), N_("between the rooms and the tables") },
	{ KEY_LEFT, TUI_TAB, NULL, NULL },
	{ KEY_RIGHT, TUI_TAB, NULL, NULL },
	{ '\n', TUI_PLACE, N_("Enter"), N_("open the room; sit at the table") },
	{ '\r', TUI_PLACE, NULL, NULL },
	{ KEY_ENTER, TUI_PLACE, NULL, NULL },
	{ 'n', TUI_NEW, N_("N"), N_("open a new table in this room") },
	{ 'N', TUI_NEW, NULL, NULL },
	{ 't', TUI_CHAT, N_("T"), N_("write in the room's chat (Enter sends, Esc leaves)") },
	{ 'T', TUI_CHAT, NULL, NULL },
	{ 'w', TUI_WATCH, N_("W"), N_("watch the table's game") },
	{ 'W', TUI_WATCH, NULL, NULL },
	{ 'r', TUI_REFRESH, N_("R"), N_("read the lobby again") },
	{ 'R', TUI_REFRESH, NULL, NULL },
	{ 'L', TUI_LOGOUT, N_("L"), N_("log out") },
	{ 'q', TUI_LOBBY, N_("q"), N_("back to the local lobby") },
	{ 'Q', TUI_QUIT, N_("Q"), N_("quit") },
	{ '?', TUI_HELP, N_("?"), N_("this list of keys") },
	{ TUI_CTRL('l'), TUI_REDRAW, NULL, NULL },
	{ 0, TUI_NONE, NULL, NULL }
};

/* At an online table: looked up before the game's own keys. */
const struct tui_key tui_keys_table[] = {
	{ '\t', TUI_CHAT, N_("Tab, T"), N_("write in the chat (Enter sends, Esc leaves)") },
	{ 't', TUI_CHAT, NULL, NULL },
	{ 'T', TUI_CHAT, NULL, NULL },
	{ 's', TUI_START, N_("S, R"), N_("start the game (both players press it)") },
	{ 'S', TUI_START, NULL, NULL },
	{ 'r', TUI_START, NULL, NULL },
	{ 'R', TUI_START, NULL, NULL },
	{ 'e', TUI_RULES, N_("E"), N_("the rule settings before the first game") },
	{ 'E', TUI_RULES, NULL, NULL },
	{ 0, TUI_NONE, NULL, NULL }
};

/* A game at a table has the local game's keys, but some do other things
 * there (R, above, starts): what the list says of them. */
static const struct tui_key_help {
	enum tui_action action;
	const char *help;	/* NULL: not in the list */
} tui_keys_at_table[] = {
	{ TUI_CANCEL, N_("cancel the preview; back to the game from the moves looked at") },
	{ TUI_UNDO, N_("ask the opponent to allow an undo") },
	{ TUI_RESTART, NULL },
	{ TUI_LOBBY, N_("leave the table for the online lobby") },
	{ TUI_QUIT, N_("quit (the game goes on on the server)") },
	{ TUI_NONE, NULL }
};

/* And while counting there: both accept the count, either plays on, and
 * undo waits for the game. */
static const struct tui_key_help tui_keys_count_at_table[] = {
	{ TUI_CONFIRM, N_("accept the count (it is the result once both have)") },
	{ TUI_CANCEL, N_("play on: the game goes on for both players") },
	{ TUI_UNDO, NULL },
	{ TUI_RESTART, NULL },
	{ TUI_NONE, NULL }
};

const struct tui_key tui_keys_dialog[] = {
	{ '\n', TUI_YES, N_("Enter, y"), N_("yes") },
	{ '\r', TUI_YES, NULL, NULL },
	{ KEY_ENTER, TUI_YES, NULL, NULL },
	{ 'y', TUI_YES, NULL, NULL },
	{ 'Y', TUI_YES, NULL, NULL },
	{ TUI_KEY_ESC, TUI_NO, N_("Esc, n"), N_("no") },
	{ 'n', TUI_NO, NULL, NULL },
	{ 'N', TUI_NO, NULL, NULL },
	{ 0, TUI_NONE, NULL, NULL }
};

enum tui_action
tui_keys_lookup(const struct tui_key *table, int key)
{
	for (; table->action != TUI_NONE; table++)
		if (table->key == key)
			return table->action;
	return TUI_NONE;
}

/* One section of the list, its help taken from OVER (or NULL) where OVER
 * names the action; returns the next free line. */
static int
tui_keys_section(int y, int x, int w, const char *title,
		 const struct tui_key *table, const struct tui_key_help *over)
{
	tui_put(y++, x, w, A_BOLD, title);
	for (; table->action != TUI_NONE; table++) {
		const char *help = table->help;
		const struct tui_key_help *o = over;

		for (; o != NULL && o->action != TUI_NONE; o++)
			if (o->action == table->action) {
				help = o->help;
				break;
			}
		if (table->name == NULL || help == NULL)
			continue;
		tui_put(y, x + 1, 14, 0, _(table->name));
		tui_put(y++, x + 16, w - 16, 0, _(help));
	}
	return y;
}

void
tui_keys_draw_help(struct tui *t)
{
	int w = t->cols < 78 ? t->cols - 2 : 76, x = (t->cols - w) / 2, y = 0;

	if (w < 20)
		return;
	if (t->screen == TUI_SCREEN_LOBBY)
		y = tui_keys_section(y, x, w, _("Lobby"), tui_keys_lobby, NULL);
	else if (t->screen == TUI_SCREEN_ONLINE && !t->game.online)
		y = tui_keys_section(y, x, w, _("Online lobby"),
		    tui_keys_online, NULL);
	else {
		if (t->game.online)
			y = tui_keys_section(y, x, w, _("At the table"),
			    tui_keys_table, NULL);
		y = tui_keys_section(y, x, w, _("Playing"), tui_keys_game,
		    t->game.online ? tui_keys_at_table : NULL);
		y = tui_keys_section(y, x, w,
		    _("Counting (after two passes)"), tui_keys_count,
		    t->game.online ? tui_keys_count_at_table : NULL);
	}
	tui_put(y, x, w, A_REVERSE, _(" Any key closes this list. The mouse: click a point or a button. "));
}
