/*
 * tui.c: starting and stopping curses, and the main loop.
 *
 * The one idea: one thread owns the screen and sleeps in poll() on two
 * things, the terminal and a self-pipe.  The computer's thread and the
 * signal handlers write a byte to the pipe, so a found move, a hang-up or a
 * termination wakes the loop at once, and the loop alone acts on them: it
 * draws, saves and exits.  The signal handlers only set a flag; the pipe's
 * write end and that flag are the only state outside struct tui, because a
 * handler can reach nothing else.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "i18n.h"
#include "net-client.h"
#include "tui.h"
#include "tui-online.h"
#include "util.h"

static volatile sig_atomic_t tui_signal_caught;
static int tui_signal_fd = -1;

static void
tui_signal_handler(int sig)
{
	int saved = errno;

	tui_signal_caught = sig;
	if (tui_signal_fd >= 0 && write(tui_signal_fd, "s", 1) < 0) {
		/* The pipe is full: the loop is awake anyway. */
	}
	errno = saved;
}

/* A resize wakes the loop too: curses' own handler only marks it, and a
 * resize that comes after the loop's last getch() and before its poll()
 * would wait for the next key. */
static struct sigaction tui_winch_curses;

static void
tui_winch_handler(int sig)
{
	int saved = errno;

	if (!(tui_winch_curses.sa_flags & SA_SIGINFO) &&
	    tui_winch_curses.sa_handler != SIG_DFL &&
	    tui_winch_curses.sa_handler != SIG_IGN &&
	    tui_winch_curses.sa_handler != NULL)
		tui_winch_curses.sa_handler(sig);
	if (tui_signal_fd >= 0 && write(tui_signal_fd, "w", 1) < 0) {
		/* The pipe is full: the loop is awake anyway. */
	}
	errno = saved;
}

/* HANDLER for SIG, the one before into OLD (or NULL). */
static void
tui_sigaction(int sig, void (*handler)(int), int flags, struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = flags;
	sigaction(sig, &sa, old);
}

void
tui_bell(struct tui *t)
{
	if (t->set.sound)
		beep();
}

/* The next character of S (not at its end) into *WC and its columns into
 * *CW; returns its bytes.  A byte that starts no character is a '?' of
 * one byte and one column. */
static size_t
tui_char(const char *s, mbstate_t *st, wchar_t *wc, int *cw)
{
	size_t n = mbrtowc(wc, s, MB_CUR_MAX, st);

	if (n == (size_t)-1 || n == (size_t)-2) {
		memset(st, 0, sizeof *st);
		*wc = L'?';
		*cw = 1;
		return 1;
	}
	*cw = wcwidth(*wc);
	if (*cw < 0)
		*cw = 0;
	return n;
}

int
tui_text_width(const char *s)
{
	mbstate_t st;
	wchar_t wc;
	int w = 0, cw;

	memset(&st, 0, sizeof st);
	while (*s != '\0') {
		s += tui_char(s, &st, &wc, &cw);
		w += cw;
	}
	return w;
}

int
tui_put(int y, int x, int w, int attr, const char *s)
{
	mbstate_t st;
	int used = 0;

	if (y < 0 || x < 0 || w <= 0 || y >= LINES || x >= COLS)
		return 0;
	if (x + w > COLS)
		w = COLS - x;
	memset(&st, 0, sizeof st);
	attrset(attr);
	move(y, x);
	while (*s != '\0') {
		wchar_t wc[2] = { 0, 0 };
		int cw;
		size_t n = tui_char(s, &st, &wc[0], &cw);

		if (used + cw > w)
			break;
		addwstr(wc);
		used += cw;
		s += n;
	}
	attrset(A_NORMAL);
	return used;
}

/* Bytes of S that fit in W columns: up to the last space that fits when
 * the text goes on, or as many characters as fit when one word is wider. */
static size_t
tui_fit(const char *s, int w)
{
	mbstate_t st;
	size_t off = 0, space = 0;
	int used = 0;

	memset(&st, 0, sizeof st);
	while (s[off] != '\0') {
		wchar_t wc;
		int cw;
		size_t n = tui_char(s + off, &st, &wc, &cw);

		if (used + cw > w)
			return space ? space : off;
		if (s[off] == ' ')
			space = off;
		used += cw;
		off += n;
	}
	return off;
}

int
tui_put_wrap(int y, int x, int w, int lines, int attr, const char *s)
{
	char line[1024];
	int n = 0;

	while (*s != '\0' && n < lines) {
		size_t fit = n == lines - 1 ? strlen(s) : tui_fit(s, w);

		if (fit == 0)
			fit = strlen(s);
		if (fit >= sizeof line)
			fit = sizeof line - 1;
		memcpy(line, s, fit);
		line[fit] = '\0';
		tui_put(y + n++, x, w, attr, line);
		s += fit;
		while (*s == ' ')
			s++;
	}
	return n;
}

int
tui_put_tail(int y, int x, int w, int attr, const char *s)
{
	mbstate_t st;
	int width = tui_text_width(s);

	if (width <= w || w < 2)
		return tui_put(y, x, w, attr, s);
	/* Drop characters from the front until the rest fits after "<". */
	memset(&st, 0, sizeof st);
	while (*s != '\0' && width > w - 1) {
		wchar_t wc;
		int cw;

		s += tui_char(s, &st, &wc, &cw);
		width -= cw;
	}
	tui_put(y, x, 1, attr, "<");
	return 1 + tui_put(y, x + 1, w - 1, attr, s);
}

int
tui_put_keys(int y, int x, int w, int attr, const char *s)
{
	char line[1024], item[1024];
	const char *last = s, *p, *end;
	size_t n = 0;
	int room;

	if (tui_text_width(s) <= w)
		return tui_put(y, x, w, attr, s);
	/* The items are apart by two spaces; the last says where the others
	 * are, and keeps its room. */
	for (p = strstr(s, "  "); p; p = strstr(p + 2, "  "))
		last = p + 2;
	while (*last == ' ')
		last++;
	room = w - tui_text_width(last);
	for (p = s; (end = strstr(p, "  ")) != NULL && end < last;) {
		size_t len = (size_t)(end - p);

		if (len + 2 >= sizeof item || n + len + 2 >= sizeof line)
			break;
		memcpy(item, p, len);
		memcpy(item + len, "  ", 3);
		room -= tui_text_width(item);
		if (room < 0)
			break;
		memcpy(line + n, item, len + 2);
		n += len + 2;
		for (p = end; *p == ' '; p++)
			;
	}
	snprintf(line + n, sizeof line - n, "%s", last);
	return tui_put(y, x, w, attr, line);
}

bool
tui_plain_text(const struct tui *t)
{
	return t->ascii || t->wide;
}

bool
tui_fits(const struct tui *t, int cols, int rows)
{
	return t->cols >= cols && t->rows >= rows;
}

bool
tui_too_small(const struct tui *t, int cols, int rows, const char *hint)
{
	char buf[256];
	int y;

	if (tui_fits(t, cols, rows))
		return false;
	snprintf(buf, sizeof buf,
	    _("The terminal is %dx%d; tengen needs at least %dx%d."),
	    t->cols, t->rows, cols, rows);
	y = tui_put_wrap(0, 0, t->cols, t->rows, A_BOLD, buf);
	tui_put_wrap(y, 0, t->cols, t->rows - y, 0, hint);
	return true;
}

/* Leave the game in a state that survives us, then stop; -1 (the reason
 * in t->error, for the terminal left behind) if it could not be saved. */
static int
tui_shutdown_game(struct tui *t)
{
	int rc = 0;

	if (t->in_game) {
		tui_player_cancel(&t->game.player);
		if ((rc = tui_game_save_on_leave(t)) < 0)
			snprintf(t->error, sizeof t->error, "tengen: %s",
			    t->game.msg);
		tui_game_end(t);
	}
	return rc;
}

static void
tui_click(struct tui *t, int y, int x)
{
	if (t->help) {
		t->help = false;
		return;
	}
	if (t->dialog.open)
		tui_dialog_click(t, y, x);
	else if (t->screen == TUI_SCREEN_LOBBY)
		tui_lobby_click(t, y, x);
	else if (t->screen == TUI_SCREEN_ONLINE)
		tui_online_click(t, y, x);
	else
		tui_game_click(t, y, x);
}

static void
tui_key(struct tui *t, int key)
{
	if (key == KEY_RESIZE) {
		getmaxyx(stdscr, t->rows, t->cols);
		clear();
		return;
	}
	if (key == KEY_MOUSE) {
		MEVENT ev;

		if (getmouse(&ev) != OK)
			return;
		/* Act on the press; a release acts only if its press never
		 * came through (some terminals send just one of them). */
		if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
			t->mouse_down = (ev.bstate & BUTTON1_PRESSED) != 0;
			tui_click(t, ev.y, ev.x);
		} else if (ev.bstate & BUTTON1_RELEASED) {
			if (!t->mouse_down)
				tui_click(t, ev.y, ev.x);
			t->mouse_down = false;
		}
		return;
	}
	if (key == ('l' & 0x1f)) {
		clearok(curscr, TRUE);
		return;
	}
	if (t->help) {
		t->help = false;
		return;
	}
	if (t->dialog.open)
		tui_dialog_key(t, key);
	else if (t->screen == TUI_SCREEN_LOBBY)
		tui_lobby_key(t, key);
	else if (t->screen == TUI_SCREEN_ONLINE)
		tui_online_key(t, key);
	else
		tui_game_key(t, key);
}

static void
tui_draw(struct tui *t)
{
	erase();
	if (t->help)
		tui_keys_draw_help(t);
	else {
		if (t->screen == TUI_SCREEN_LOBBY)
			tui_lobby_draw(t);
		else if (t->screen == TUI_SCREEN_ONLINE)
			tui_online_draw(t);
		else
			tui_board_draw(t);
		if (t->dialog.open)
			tui_dialog_draw(t);
	}
	move(t->rows - 1, t->cols - 1);
	wnoutrefresh(stdscr);
	doupdate();
}

/*
 * A cursor-position report (ESC [ row ; col R) is the terminal's answer to
 * the width probe (tui-term.c).  Over a slow link it can come after the
 * probe has stopped waiting, and its bytes would act as Esc, [, digits and
 * R on the game.  No player types one, so the keys that begin one are held
 * back until it is complete (then dropped) or broken (then passed on).
 */
#define TUI_REPORT_MAX 16

struct tui_report {
	int keys[TUI_REPORT_MAX];
	int n;
	int state;	/* 0 none, 1 Esc, 2 [, 3 row, 4 ;, 5 column */
};

/* The state after KEY in state STATE, or -1 if KEY ends no report
 * begun; 6: the report is complete. */
static int
tui_report_next(int state, int key)
{
	bool digit = key >= '0' && key <= '9';

	switch (state) {
	case 0:
		return key == 27 ? 1 : -1;
	case 1:
		return key == '[' ? 2 : -1;
	case 2:
		return digit ? 3 : -1;
	case 3:
		return digit ? 3 : key == ';' ? 4 : -1;
	case 4:
		return digit ? 5 : -1;
	case 5:
		return digit ? 5 : key == 'R' ? 6 : -1;
	}
	return -1;
}

/* The keys held back are keys after all. */
static void
tui_report_flush(struct tui *t, struct tui_report *r)
{
	for (int i = 0; i < r->n && !t->quit; i++)
		tui_key(t, r->keys[i]);
	r->n = 0;
	r->state = 0;
}

/* KEY, unless it is part of a cursor-position report. */
static void
tui_report_key(struct tui *t, struct tui_report *r, int key)
{
	int next = tui_report_next(r->state, key);

	if (next < 0 && r->state != 0) {
		tui_report_flush(t, r);
		next = tui_report_next(0, key);
	}
	if (next < 0) {
		tui_key(t, key);
		return;
	}
	if (next == 6) {
		r->n = 0;
		r->state = 0;
		return;
	}
	r->keys[r->n++] = key;
	r->state = next;
	if (r->n == TUI_REPORT_MAX)
		tui_report_flush(t, r);
}

#define TUI_NET_FDS 64		/* net-http.c's NET_HTTP_MAX_SOCKETS */

static int
tui_loop(struct tui *t)
{
	struct tui_report report = { .n = 0 };

	while (!t->quit) {
		struct pollfd pfd[2 + TUI_NET_FDS] = {
			{ STDIN_FILENO, POLLIN, 0 },
			{ t->wake[0], POLLIN, 0 },
		};
		struct net_client *nc = t->online ? t->online->nc : NULL;
		char buf[64];
		int key, timeout, n = 0;

		if (tui_signal_caught)
			break;
		tui_game_tick(t);
		if (t->quit)
			break;
		tui_draw(t);
		timeout = tui_game_timeout(t);
		if (t->online != NULL) {
			/* The clocks count down once a second. */
			if (t->screen == TUI_SCREEN_ONLINE &&
			    (timeout < 0 || timeout > 1000))
				timeout = 1000;
			if (nc != NULL)
				n = net_client_pollfds(nc, pfd + 2,
				    TUI_NET_FDS, &timeout);
		}
		if (poll(pfd, 2 + (nfds_t)n, timeout) < 0 && errno != EINTR)
			return -1;
		if (nc != NULL && t->online != NULL && t->online->nc == nc)
			net_client_dispatch(nc, pfd + 2, n);
		while (read(t->wake[0], buf, sizeof buf) > 0)
			continue;
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break;	/* the terminal is gone: save and leave */
		while (!t->quit && (key = getch()) != ERR)
			tui_report_key(t, &report, key);
		/* What came so far and began a report but did not end it
		 * was typed: a report comes in one piece. */
		tui_report_flush(t, &report);
	}
	return 0;
}

static void
tui_signals(void)
{
	tui_sigaction(SIGHUP, tui_signal_handler, 0, NULL);
	tui_sigaction(SIGTERM, tui_signal_handler, 0, NULL);
	tui_sigaction(SIGINT, tui_signal_handler, 0, NULL);
	tui_sigaction(SIGPIPE, SIG_IGN, 0, NULL);
}

static int
tui_paths(struct tui *t)
{
	size_t n;

	if (settings_xdg_path("XDG_CONFIG_HOME", ".config", "settings",
	    t->config_path, sizeof t->config_path) < 0 ||
	    settings_xdg_path("XDG_DATA_HOME", ".local/share", "",
	    t->data_dir, sizeof t->data_dir) < 0) {
		snprintf(t->error, sizeof t->error,
		    "tengen: set HOME or XDG_CONFIG_HOME and XDG_DATA_HOME");
		return -1;
	}
	n = strlen(t->data_dir);
	if (n > 1 && t->data_dir[n - 1] == '/')
		t->data_dir[n - 1] = '\0';
	return 0;
}

int
tui_settings_save(struct tui *t)
{
	settings_merge(&t->saved, &t->set_seen, &t->set);
	t->set_seen = t->set;
	return settings_save(&t->saved, t->config_path);
}

/* The command line's choices over the saved settings, for this run only:
 * t->saved keeps the file's. */
static void
tui_apply_start(struct tui *t, const struct tui_start *st)
{
	static const struct {
		unsigned flag;
		size_t offset, len;
	} fields[] = {
		{ TUI_HAVE_SIZE, offsetof(struct settings, size), sizeof(int) },
		{ TUI_HAVE_LEVEL, offsetof(struct settings, level), sizeof(int) },
		{ TUI_HAVE_COLOR, offsetof(struct settings, color), sizeof(int) },
		{ TUI_HAVE_KOMI, offsetof(struct settings, komi), sizeof(double) },
		{ TUI_HAVE_HANDICAP, offsetof(struct settings, handicap), sizeof(int) },
		{ TUI_HAVE_PACE, offsetof(struct settings, pace), sizeof(int) },
		{ TUI_HAVE_ENGINE, offsetof(struct settings, engine), SETTINGS_ENGINE_LEN },
	};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (st->have & fields[i].flag)
			memcpy((char *)&t->set + fields[i].offset,
			    (const char *)&st->set + fields[i].offset,
			    fields[i].len);
	if (st->have & (TUI_HAVE_LEVEL | TUI_HAVE_COLOR))
		t->set.opponent = SETTINGS_COMPUTER;
	if (st->have & TUI_HAVE_ENGINE)
		t->set.opponent = SETTINGS_ENGINE;
	if (st->have & TUI_HAVE_HOTSEAT)
		t->set.opponent = SETTINGS_HOTSEAT;
	if ((st->have & TUI_HAVE_HANDICAP) && !(st->have & TUI_HAVE_KOMI))
		t->set.komi = t->set.handicap ? 0.5 : 7.5;
	if (st->width >= 0)
		t->set.width = st->width;
}

static int
tui_open(struct tui *t, const struct tui_start *st)
{
	const char *seed = getenv("TENGEN_SEED"), *nc = getenv("NO_COLOR");

	t->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	t->ascii = st->ascii || !t->utf8;
	t->color = !st->no_color && (nc == NULL || *nc == '\0');
	t->lang = i18n_lang();
	t->seed = seed != NULL ? strtoull(seed, NULL, 10) : 0;
	t->resign = !st->no_resign;
	t->max_memory = st->max_memory ? st->max_memory : (size_t)128 << 20;
	if (t->set.width == SETTINGS_WIDTH_AUTO && !t->ascii)
		t->wide = tui_term_probe_wide() == 1;
	else
		t->wide = t->set.width == SETTINGS_WIDTH_WIDE;
	if (pipe(t->wake) < 0) {
		snprintf(t->error, sizeof t->error, "tengen: pipe: %s",
		    strerror(errno));
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(t->wake[i], F_SETFL, fcntl(t->wake[i], F_GETFL) |
		    O_NONBLOCK);
		fcntl(t->wake[i], F_SETFD, FD_CLOEXEC);
	}
	tui_signal_fd = t->wake[1];
	tui_signals();
	if (newterm(NULL, stdout, stdin) == NULL) {
		snprintf(t->error, sizeof t->error,
		    "tengen: cannot use the terminal (TERM=%s)",
		    getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	set_escdelay(25);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	/* Presses and releases as they come: asking for clicks would make
	 * curses hold a press back until it knows what follows. */
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
	mouseinterval(0);
	if (t->color && has_colors()) {
		start_color();
		use_default_colors();
		tui_board_colors();
	} else
		t->color = false;
	/* After curses has set its own handler, which ours calls. */
	tui_sigaction(SIGWINCH, tui_winch_handler, SA_RESTART,
	    &tui_winch_curses);
	/* A resize between curses reading the size and its handler would
	 * go unseen: ask the terminal once more. */
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0 && (ws.ws_row != LINES || ws.ws_col != COLS))
		resizeterm(ws.ws_row, ws.ws_col);
	getmaxyx(stdscr, t->rows, t->cols);
	return 0;
}

int
tui_run(struct tui_start *st)
{
	struct tui *t = calloc(1, sizeof *t);
	char bad[PATH_MAX + 160];
	int rc = 0, nbad;

	if (t == NULL)
		return 1;
	t->lock_fd = -1;
	settings_default(&t->set);
	if (tui_paths(t) < 0) {
		fprintf(stderr, "%s\n", t->error);
		free(t);
		return 1;
	}
	nbad = settings_load(&t->set, t->config_path, bad, sizeof bad);
	tui_lobby_fit(t);
	/* A line it cannot read is said (and kept in the file), unless
	 * the lobby has a word on the settings already. */
	if (nbad > 0 && t->lobby.msg[0] == '\0')
		snprintf(t->lobby.msg, sizeof t->lobby.msg,
		    _("%s: not read, kept in the file"), bad);
	t->saved = t->set;
	tui_apply_start(t, st);
	t->set_seen = t->set;
	if (tui_open(t, st) < 0) {
		fprintf(stderr, "%s\n", t->error);
		free(t);
		return 1;
	}
	if (st->file != NULL) {
		char err[400];
		struct settings s = t->set;

		/* The opponent the command line names; or else the computer
		 * the record names (a game tengen kept), or two players. */
		bool named = st->have & (TUI_HAVE_LEVEL | TUI_HAVE_ENGINE |
		    TUI_HAVE_COLOR | TUI_HAVE_HOTSEAT);

		if (tui_game_claim(t, err, sizeof err) < 0 ||
		    tui_game_load(t, st->file, &s, named ? TUI_LOAD_FILE :
		    TUI_LOAD_GUESS, err, sizeof err) < 0) {
			snprintf(t->error, sizeof t->error, "tengen: %s", err);
			t->quit = true;
			rc = 1;
		}
	} else if (st->server != NULL)
		tui_online_enter(t, st->server);
	else if (st->have & TUI_HAVE_GAME) {
		char note[PATH_MAX + 200];

		if (tui_game_claim(t, note, sizeof note) < 0 ||
		    tui_game_keep_unfinished(t, note, sizeof note) < 0) {
			snprintf(t->error, sizeof t->error, "tengen: %.*s",
			    (int)sizeof t->error - 9, note);
			t->quit = true;
			rc = 1;
		} else if (tui_game_new(t, &t->set) == 0 && note[0] != '\0')
			tui_game_message(&t->game, false, "%s", note);
	} else
		tui_lobby_enter(t);
	if (tui_loop(t) < 0)
		rc = 1;
	if (tui_shutdown_game(t) < 0)
		rc = 1;
	tui_online_leave(t);
	endwin();
	if (t->error[0] != '\0')
		fprintf(stderr, "%s\n", t->error);
	close(t->wake[0]);
	close(t->wake[1]);
	tui_signal_fd = -1;
	free(t);
	return rc;
}
