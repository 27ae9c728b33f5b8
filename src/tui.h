/*
 * tui.h: the terminal client: lobby, board, counting, dialogs.
 *
 * The one idea: state and drawing are apart.  Every screen is a struct that
 * key and mouse actions change (tui-lobby.c, tui-game.c, tui-count.c), and
 * a draw function that paints the whole screen from that struct into
 * stdscr (tui-board.c, tui-lobby.c).  Curses then compares the new picture
 * with the old one and sends the terminal only the cells that changed, so a
 * cursor move over SSH costs tens of bytes while the code stays simple.
 *
 * The main loop (tui.c) sleeps in poll() on the terminal and on a self-pipe
 * that the computer's thread (tui-player.c) and the signal handlers write to,
 * so the screen never waits for the computer.
 */
#ifndef TENGEN_TUI_H
#define TENGEN_TUI_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "game.h"
#include "score.h"
#include "settings.h"
#include "sgf.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Everything a key or a click can ask for. */
enum tui_action {
	TUI_NONE = 0,
	TUI_UP, TUI_DOWN, TUI_LEFT, TUI_RIGHT,
	TUI_PLACE,		/* Enter, Space: place, confirm, toggle */
	TUI_CANCEL,		/* Esc: cancel a preview or a dialog */
	TUI_PASS,
	TUI_UNDO,
	TUI_RESIGN,
	TUI_RESTART,
	TUI_LOBBY,
	TUI_QUIT,
	TUI_HELP,
	TUI_CONFIRM,		/* confirm the count */
	TUI_BACK,		/* look at the move before */
	TUI_FORWARD,		/* and after */
	TUI_FIRST,
	TUI_LAST,
	TUI_REDRAW,
	TUI_YES,		/* dialog buttons */
	TUI_NO,
	TUI_CHAT,		/* online: the chat line */
	TUI_START,		/* online: ready to start */
	TUI_RULES,		/* online: the rule settings */
	TUI_NEW,		/* online: a new table */
	TUI_WATCH,		/* online: watch a table */
	TUI_TAB,		/* online: rooms or tables */
	TUI_REFRESH,		/* online: read the lobby again */
	TUI_LOGOUT
};

/* A key and what it does on one screen. */
struct tui_key {
	int key;
	enum tui_action action;
	const char *name;	/* shown in help ("Enter"), NULL: same as above */
	const char *help;	/* N_() text, NULL: not listed */
};

/* A clickable area of the screen. */
struct tui_button {
	int y, x, w;
	enum tui_action action;
};
#define TUI_MAX_BUTTONS 16

/* Who plays a colour. */
enum tui_player_kind {
	TUI_HUMAN = 0,
	TUI_AI,
	TUI_ENGINE
};

/* The computer's side: a thread that answers "your move in this game". */
struct tui_player {
	enum tui_player_kind kind;
	struct ai *ai;
	struct gtp_client *gtp;
	char *engine;			/* command line, heap */
	int wake_fd;			/* write end of the main loop's pipe */
	bool running;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	/* Guarded by lock. */
	bool quit, has_request, busy, has_result;
	unsigned gen;			/* current request number */
	unsigned result_gen;
	unsigned hurry_gen;		/* the request to answer at once */
	struct game request;		/* a private copy of the game */
	enum color request_color;
	point_t result;
	char error[256];
	int failure;			/* with RESULT BOARD_NONE: how */
	pid_t engine_pid;		/* the engine's process while it runs, or 0 */
	char refusal[160];		/* the engine's last "?" (worker only) */
	/* The engine's view of the game (worker thread only). */
	struct game_move *synced;
	int nsynced, csynced;
	int synced_size;
	double synced_komi;
	uint64_t synced_setup;
};

enum tui_mode {
	TUI_PLAY = 0,		/* moves are being played */
	TUI_COUNT,		/* after two passes: marking dead stones */
	TUI_OVER		/* finished: the result is shown */
};

struct tui;

/* The game screen's state. */
struct tui_game {
	struct game g;
	/* The record the game was opened or resumed from, whose players,
	 * date, names and comments what is saved keeps (HAS_FROM). */
	struct sgf_record from;
	bool has_from;
	struct settings set;		/* what this game was started with */
	enum color human;		/* against the computer: the player's colour */
	enum tui_mode mode;
	int cx, cy;			/* cursor, 0-based from the top left */
	bool has_preview;		/* a stone waiting for confirmation */
	point_t preview;
	uint8_t dead[BOARD_MAX_POINTS];
	bool has_count;			/* dead holds the count of the position */
	struct score score;
	int view;			/* -1: the live game; else moves shown */
	int play_on_at;			/* counting declined at this many moves */
	char msg[512];			/* status line */
	bool msg_error;
	/* The computer's move. */
	struct tui_player player;
	bool thinking;			/* asked, not yet shown */
	bool have_move;			/* found, waiting for the pace delay */
	point_t move;
	double show_at;			/* monotonic time to show it */
	unsigned long pace_rng;
	bool saved_final;		/* the finished game has been archived */
	bool leave_unsaved;		/* a save on leaving failed: the next
					 * q or Q leaves all the same */
	bool not_current;		/* a finished record opened by name:
					 * current.sgf is another game's, to
					 * be kept before this one is saved */
	char archive[PATH_MAX + 128];	/* as this file, "" not yet */
	bool online;			/* a game on a server (tui-online*.c) */
	struct tui_button buttons[TUI_MAX_BUTTONS];
	int nbuttons;
};

enum tui_lobby_row {
	TUI_ROW_CONTINUE = 0,
	TUI_ROW_SIZE,
	TUI_ROW_OPPONENT,
	TUI_ROW_LEVEL,
	TUI_ROW_ENGINE,
	TUI_ROW_COLOR,
	TUI_ROW_HANDICAP,
	TUI_ROW_KOMI,
	TUI_ROW_PREVIEW,
	TUI_ROW_MARKS,
	TUI_ROW_NUMBERS,
	TUI_ROW_PACE,
	TUI_ROW_SOUND,
	TUI_ROW_START,
	TUI_ROW_ONLINE,
	TUI_ROW_QUIT,
	TUI_NROWS
};

/* The smallest terminal a lobby is drawn in, the local and the online. */
#define TUI_LOBBY_COLS 40
#define TUI_LOBBY_ROWS 20

struct tui_lobby {
	int row;			/* selected row */
	bool can_continue;		/* a saved unfinished game exists */
	bool editing;			/* typing the engine command */
	char edit[SETTINGS_ENGINE_LEN];
	int rowy[TUI_NROWS];		/* screen line of each row, -1 hidden */
	int valx[TUI_NROWS][4];		/* screen column of each choice */
	int nvals[TUI_NROWS];
	bool arrows[TUI_NROWS];		/* drawn "< [choice] >": valx holds
					 * the "<" and the choice */
	char msg[256];
};

struct tui_dialog {
	bool open;
	char text[512];
	void (*yes)(struct tui *);	/* Enter */
	void (*no)(struct tui *);	/* Esc, may be NULL */
	struct tui_button buttons[2];
};

enum tui_screen {
	TUI_SCREEN_LOBBY = 0,
	TUI_SCREEN_GAME,
	TUI_SCREEN_ONLINE		/* login, online lobby, a table */
};

struct tui_online;

/* The whole program. */
struct tui {
	struct settings set;		/* the player's settings, with the
					 * command line's choices over them */
	struct settings saved;		/* the settings file's: the lobby's
					 * choices alone */
	struct settings set_seen;	/* set as last saved (or started) */
	char config_path[PATH_MAX];	/* settings file */
	char data_dir[PATH_MAX];	/* games */
	bool ascii;			/* GNU Go's showboard characters */
	bool color;			/* colours allowed */
	bool wide;			/* ambiguous-width characters take 2 columns */
	bool utf8;
	const char *lang;		/* "en" or "zh" for results in stones */
	uint64_t seed;			/* TENGEN_SEED, 0: from the clock */
	bool resign;			/* the computer may resign */
	size_t max_memory;		/* the computer's tree, bytes */
	int wake[2];			/* self-pipe: read end, write end */
	enum tui_screen screen;
	struct tui_lobby lobby;
	struct tui_game game;
	bool in_game;			/* game is initialised */
	struct tui_dialog dialog;
	struct tui_online *online;	/* NULL until the player goes online */
	bool help;			/* the key list is shown */
	bool mouse_down;		/* a press was handled, its release is due */
	bool quit;
	int rows, cols;
	char error[640];		/* printed after endwin */
	int lock_fd;			/* tui_save_claim(), -1 none */
};

/* What the command line asks for. */
struct tui_start {
	bool lobby;			/* no game option: open the lobby */
	const char *file;		/* an SGF file to open */
	const char *server;		/* --server URL: go online */
	bool ascii, no_color;
	bool no_resign;			/* the computer plays every game out */
	size_t max_memory;		/* the computer's tree, 0: 128 MiB */
	int width;			/* enum settings_width, -1: from settings */
	struct settings set;		/* the game to start */
	unsigned have;			/* which options were given: TUI_HAVE_* */
};
enum {
	TUI_HAVE_SIZE = 1 << 0,
	TUI_HAVE_LEVEL = 1 << 1,
	TUI_HAVE_COLOR = 1 << 2,
	TUI_HAVE_HOTSEAT = 1 << 3,
	TUI_HAVE_ENGINE = 1 << 4,
	TUI_HAVE_KOMI = 1 << 5,
	TUI_HAVE_HANDICAP = 1 << 6,
	TUI_HAVE_PACE = 1 << 7,
	TUI_HAVE_GAME = 0x7f		/* any of these starts a game at once */
};

/* tui.c */
int tui_run(struct tui_start *start);
/* Write to the settings file what changed in t->set since the last time;
 * the command line's choices not changed since are not written. */
int tui_settings_save(struct tui *t);
void tui_bell(struct tui *t);
/* Text helpers: display width of UTF-8 text, and drawing it clipped to W
 * columns at Y, X with ATTR.  Return the columns used. */
int tui_text_width(const char *s);
int tui_put(int y, int x, int w, int attr, const char *s);
/* The same, going on to the next lines (at most LINES) at spaces where the
 * text is wider than W; the last line is clipped.  Returns the lines used. */
int tui_put_wrap(int y, int x, int w, int lines, int attr, const char *s);
/* The same, showing the end of S after a "<" where S is wider than W: a
 * field whose end is being typed, a server's port. */
int tui_put_tail(int y, int x, int w, int attr, const char *s);
/* A line of keys, "P pass  Z undo  ? keys", in W columns: where it is
 * wider, the items that fit whole, and always the last. */
int tui_put_keys(int y, int x, int w, int attr, const char *s);
/* Is the terminal at least COLS x ROWS? */
bool tui_fits(const struct tui *t, int cols, int rows);
/* Text in ASCII alone: fractions of a stone as "3 3/4", not with the
 * ambiguous-width "¾" (drawn in two columns where those are wide). */
bool tui_plain_text(const struct tui *t);
/* Where the terminal is under COLS x ROWS, the message saying so over the
 * whole window in place of a screen, and under it HINT, the one key that
 * still acts; true when it is shown. */
bool tui_too_small(const struct tui *t, int cols, int rows, const char *hint);

/* tui-keys.c */
enum tui_action tui_keys_lookup(const struct tui_key *table, int key);
extern const struct tui_key tui_keys_game[];
extern const struct tui_key tui_keys_count[];
extern const struct tui_key tui_keys_lobby[];
extern const struct tui_key tui_keys_dialog[];
extern const struct tui_key tui_keys_online[];
extern const struct tui_key tui_keys_table[];
void tui_keys_draw_help(struct tui *t);

/* tui-term.c */
int tui_term_probe_wide(void);

/* tui-dialog.c */
void tui_dialog_open(struct tui *t, const char *text,
		     void (*yes)(struct tui *), void (*no)(struct tui *));
void tui_dialog_key(struct tui *t, int key);
void tui_dialog_click(struct tui *t, int y, int x);
void tui_dialog_draw(struct tui *t);

/* tui-lobby.c */
/* Settings the lobby cannot offer (a board other than 9, 13 and 19, a
 * handicap of one stone) become ones it can, with a message saying so
 * in the lobby. */
void tui_lobby_fit(struct tui *t);
void tui_lobby_enter(struct tui *t);
void tui_lobby_key(struct tui *t, int key);
void tui_lobby_click(struct tui *t, int y, int x);
void tui_lobby_draw(struct tui *t);

/* tui-game.c */
int tui_game_new(struct tui *t, const struct settings *set);
/* How tui_game_load() opens a record. */
enum tui_load {
	TUI_LOAD_FILE,		/* a record by name, opponent as SET says */
	TUI_LOAD_GUESS,		/* the same, against the computer it names */
	TUI_LOAD_RESUME		/* current.sgf, with current.conf */
};
int tui_game_load(struct tui *t, const char *path, const struct settings *set,
		  enum tui_load how, char *err, size_t errlen);
void tui_game_end(struct tui *t);
void tui_game_key(struct tui *t, int key);
void tui_game_click(struct tui *t, int y, int x);
void tui_game_tick(struct tui *t);
int tui_game_timeout(struct tui *t);
/* 0, or -1 with the reason in the game's message. */
int tui_game_save(struct tui *t);
int tui_game_save_on_leave(struct tui *t);
/* Keep an unfinished saved game that a new one is about to replace: 0
 * with a note for the new game's status line (or ""), or -1 with the
 * reason it could not be kept (the new game must not replace it then). */
int tui_game_keep_unfinished(struct tui *t, char *note, size_t len);
void tui_game_message(struct tui_game *gm, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool tui_game_human_turn(const struct tui_game *gm);
void tui_game_refuse(struct tui_game *gm, point_t p, enum board_verdict v);
/* With "preview, then confirm": a first Enter or click at P only sets the
 * preview there (or says why P is refused).  True when P is to be played. */
bool tui_game_preview(struct tui_game *gm, point_t p, bool click);
/* An arrow (TUI_UP, TUI_DOWN, TUI_LEFT, TUI_RIGHT) moves the cursor,
 * wrapping at the edges, and the preview stone with it. */
void tui_game_arrow(struct tui_game *gm, enum tui_action a);
enum tui_player_kind tui_game_kind(const struct tui_game *gm, enum color c);
void tui_game_after_move(struct tui *t);
/* Is the board on the screen?  When the terminal is too small for it,
 * only leaving acts: a key pressed blind must not play. */
bool tui_game_visible(const struct tui *t);
/* The result in words: "B+2.5: Black wins by 1¼ stones". */
void tui_game_result(const struct tui *t, char *buf, size_t len);

/* tui-count.c */
/* DEAD: the marks to start from, or NULL for the computer's estimate. */
void tui_count_begin(struct tui *t, const uint8_t *dead);
void tui_count_toggle(struct tui *t, point_t p);
void tui_count_confirm(struct tui *t);
void tui_count_resume(struct tui *t);

/* tui-board.c */
struct tui_layout {
	int top, left;			/* screen position of the first point */
	int cw;				/* columns per point */
	int panel;			/* first column of the side panel */
	bool fits;
	int need_rows, need_cols;
};
void tui_board_layout(const struct tui *t, const struct tui_game *gm,
		      struct tui_layout *l);
void tui_board_draw(struct tui *t);
void tui_board_colors(void);
point_t tui_board_hit(const struct tui *t, int y, int x);
void tui_board_button(struct tui_game *gm, int *y, int *x, int x0, int w,
		      const char *label, enum tui_action action);
int tui_board_attr(const struct tui *t, int what);
/* Lines the status takes at the bottom of the game screen: 1, or 2 for a
 * long one where the screen has a line to spare. */
int tui_board_status_lines(const struct tui *t, const struct tui_layout *l);
enum { TUI_ATTR_TITLE, TUI_ATTR_ERROR };

/* tui-player.c */
int tui_player_start(struct tui_player *p, enum tui_player_kind kind,
		     int level, bool resign, size_t max_memory,
		     const char *engine, uint64_t seed, int wake_fd, char *err,
		     size_t errlen);
void tui_player_ask(struct tui_player *p, const struct game *g, enum color c);
/* Forget the question: the AI is stopped, an external engine busy with it
 * killed (started again by the next question). */
void tui_player_cancel(struct tui_player *p);
/* The computer's answer to the last question, at once: the best move it
 * has found (Esc while it thinks). */
void tui_player_hurry(struct tui_player *p);
/* How an engine failed to answer: broken (started again when asked
 * again), refusing the game (asking again will not help), or with an
 * illegal move (it may play it again). */
enum tui_player_failure {
	TUI_PLAYER_BROKE = -1,
	TUI_PLAYER_REFUSED = -2,
	TUI_PLAYER_ILLEGAL = -3
};
/* 1 and *MOVE when the answer to the last question is in, 0 if not yet,
 * a tui_player_failure with ERR when the computer failed. */
int tui_player_take(struct tui_player *p, point_t *move, char *err,
		    size_t errlen);
void tui_player_stop(struct tui_player *p);

/* tui-save.c */
/* DEAD, when not NULL, marks the dead stones of the count (TB/TW).  FROM,
 * when not NULL, is the record the game was opened from: its players,
 * ranks, date, name, event and comments carry over (a move's comment as
 * long as the moves up to it are still the record's). */
int tui_save_write(const char *dir, const struct game *g,
		   const struct settings *set, enum color human,
		   const uint8_t *dead, const struct sgf_record *from);
/* Write G as a finished game: to PATH when it is not "", else to a new
 * DIR/game-DATE.sgf whose name then goes into PATH (LEN bytes). */
int tui_save_archive(const char *dir, const struct game *g,
		     const struct settings *set, enum color human,
		     const uint8_t *dead, const struct sgf_record *from,
		     char *path, size_t len);
/* Read PATH into G: 1 when it holds a count, whose dead stones go into
 * DEAD (if not NULL), 0 when not, -1 with ERR.  *PLAY_ON (if not NULL):
 * the moves at which the players went on after two passes, or -1.  The
 * record read goes into FROM when not NULL (to be freed), as read. */
int tui_save_read(const char *path, struct game *g, uint8_t *dead,
		  int *play_on, struct sgf_record *from, char *err,
		  size_t errlen);
int tui_save_read_meta(const char *dir, struct settings *set);
/* Is current.sgf an unfinished game, or a file that cannot be read (kept
 * aside, never written over, and its error shown when continued)? */
bool tui_save_unfinished(const char *dir);
/* The computer a record names, as tengen writes it: one player "tengen
 * LEVEL", the other someone else.  True with SET's opponent, level and
 * colour (the other player's) made so; false, SET as it was, if not. */
bool tui_save_opponent(const struct sgf_record *rec, struct settings *set);
/* Before another game takes the place of an unfinished DIR/current.sgf:
 * move it to DIR/unfinished-DATE.sgf (its name into KEPT, "" when there
 * was none to keep).  0, or -1 with errno. */
int tui_save_keep_unfinished(const char *dir, char *kept, size_t len);
/* Is PATH the file DIR/current.sgf? */
bool tui_save_is_current(const char *dir, const char *path);
/* Claim DIR's current game for this process (an exclusive lock on
 * DIR/current.lock, its descriptor into *FD, held until released or the
 * process ends), so that two tengen never write over each other's game:
 * 0 claimed (or already ours), 1 another process holds it, -1 no lock
 * can be taken here (the caller goes on without). */
int tui_save_claim(const char *dir, int *fd);
void tui_save_release(int *fd);
/* tui_save_claim() for the game about to begin: -1, the reason in ERR,
 * when another tengen plays the folder's game. */
int tui_game_claim(struct tui *t, char *err, size_t errlen);
void tui_save_path(const char *dir, const char *name, char *buf, size_t len);

#endif
