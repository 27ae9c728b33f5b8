/*
 * tui-lobby.c: the first screen: choose a game, change settings, continue.
 *
 * The one idea: the lobby is a list of rows, described by a table (label,
 * kind of control, choices).  The arrow keys choose a row and change its
 * value, Enter activates it, and a click does the same on the row or on
 * one of its choices, so every control works with keys alone and with the
 * mouse.  Every change is written to the settings file at once.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "tui.h"
#include "tui-online.h"

enum tui_lobby_kind {
	TUI_LOBBY_CHOICE,	/* one of a few words */
	TUI_LOBBY_CHECK,	/* a box to tick */
	TUI_LOBBY_STEP,		/* a number, left and right step it */
	TUI_LOBBY_TEXT,		/* typed text */
	TUI_LOBBY_BUTTON
};

struct tui_lobby_item {
	enum tui_lobby_row row;
	const char *label;
	enum tui_lobby_kind kind;
	const char *choices[3];
};

static const struct tui_lobby_item tui_lobby_items[TUI_NROWS] = {
	{ TUI_ROW_CONTINUE, N_("Continue last game"), TUI_LOBBY_BUTTON, { 0 } },
	{ TUI_ROW_SIZE, N_("Board size"), TUI_LOBBY_CHOICE,
	  { "9x9", "13x13", "19x19" } },
	{ TUI_ROW_OPPONENT, N_("Opponent"), TUI_LOBBY_CHOICE,
	  { N_("Computer"), N_("Two players"), N_("GTP engine") } },
	{ TUI_ROW_LEVEL, N_("Level"), TUI_LOBBY_CHOICE,
	  { N_("Beginner"), N_("Intermediate"), N_("Advanced") } },
	{ TUI_ROW_ENGINE, N_("Engine command"), TUI_LOBBY_TEXT, { 0 } },
	{ TUI_ROW_COLOR, N_("Your colour"), TUI_LOBBY_CHOICE,
	  { N_("Black"), N_("White"), NULL } },
	{ TUI_ROW_HANDICAP, N_("Handicap"), TUI_LOBBY_STEP, { 0 } },
	{ TUI_ROW_KOMI, N_("Komi"), TUI_LOBBY_STEP, { 0 } },
	{ TUI_ROW_PREVIEW, N_("Preview, then confirm"), TUI_LOBBY_CHECK, { 0 } },
	{ TUI_ROW_MARKS, N_("Mark forbidden points and ko"), TUI_LOBBY_CHECK, { 0 } },
	{ TUI_ROW_NUMBERS, N_("Show move numbers"), TUI_LOBBY_CHECK, { 0 } },
	{ TUI_ROW_PACE, N_("Computer pace"), TUI_LOBBY_CHOICE,
	  { N_("Real (2-5 s)"), N_("Fast (1-2 s)"), N_("Off") } },
	{ TUI_ROW_SOUND, N_("Sound (bell)"), TUI_LOBBY_CHECK, { 0 } },
	{ TUI_ROW_START, N_("Start game"), TUI_LOBBY_BUTTON, { 0 } },
	{ TUI_ROW_ONLINE, N_("Online play"), TUI_LOBBY_BUTTON, { 0 } },
	{ TUI_ROW_QUIT, N_("Quit"), TUI_LOBBY_BUTTON, { 0 } },
};

static const int tui_lobby_sizes[] = { 9, 13, 19 };

void
tui_lobby_fit(struct tui *t)
{
	struct settings *s = &t->set;
	char size[160] = "", handicap[96] = "";

	if (s->size != 9 && s->size != 13 && s->size != 19) {
		snprintf(size, sizeof size, _("Board size %d from the settings "
		    "is not offered here: 19x19 (other sizes open from SGF "
		    "files)"), s->size);
		s->size = 19;
	}
	if (s->handicap == 1) {
		snprintf(handicap, sizeof handicap, _("A handicap of 1 stone "
		    "from the settings is no handicap: 0"));
		s->handicap = 0;
	}
	if (size[0] != '\0' || handicap[0] != '\0')
		snprintf(t->lobby.msg, sizeof t->lobby.msg, "%s%s%s", size,
		    size[0] != '\0' && handicap[0] != '\0' ? "  " : "",
		    handicap);
}

static bool
tui_lobby_visible(const struct tui *t, enum tui_lobby_row row)
{
	switch (row) {
	case TUI_ROW_CONTINUE:
		return t->lobby.can_continue;
	case TUI_ROW_LEVEL:
		return t->set.opponent == SETTINGS_COMPUTER;
	case TUI_ROW_ENGINE:
		return t->set.opponent == SETTINGS_ENGINE;
	case TUI_ROW_COLOR:
		return t->set.opponent != SETTINGS_HOTSEAT;
	default:
		return true;
	}
}

static int
tui_lobby_nchoices(const struct tui_lobby_item *it)
{
	int n = 0;

	while (n < 3 && it->choices[n] != NULL)
		n++;
	return n;
}

/* The index of the current choice of a CHOICE row. */
static int
tui_lobby_choice(const struct tui *t, enum tui_lobby_row row)
{
	const struct settings *s = &t->set;

	switch (row) {
	case TUI_ROW_SIZE:
		return s->size == 9 ? 0 : s->size == 13 ? 1 : 2;
	case TUI_ROW_OPPONENT:
		return s->opponent;
	case TUI_ROW_LEVEL:
		return s->level;
	case TUI_ROW_COLOR:
		return s->color == WHITE;
	case TUI_ROW_PACE:
		return s->pace;
	default:
		return 0;
	}
}

static void
tui_lobby_set_choice(struct tui *t, enum tui_lobby_row row, int i)
{
	struct settings *s = &t->set;

	switch (row) {
	case TUI_ROW_SIZE:
		s->size = tui_lobby_sizes[i];
		break;
	case TUI_ROW_OPPONENT:
		s->opponent = i;
		break;
	case TUI_ROW_LEVEL:
		s->level = i;
		break;
	case TUI_ROW_COLOR:
		s->color = i ? WHITE : BLACK;
		break;
	case TUI_ROW_PACE:
		s->pace = i;
		break;
	default:
		break;
	}
}

static bool *
tui_lobby_check(struct tui *t, enum tui_lobby_row row)
{
	switch (row) {
	case TUI_ROW_PREVIEW:
		return &t->set.preview;
	case TUI_ROW_MARKS:
		return &t->set.marks;
	case TUI_ROW_NUMBERS:
		return &t->set.numbers;
	case TUI_ROW_SOUND:
		return &t->set.sound;
	default:
		return NULL;
	}
}

static void
tui_lobby_saved(struct tui *t)
{
	if (tui_settings_save(t) < 0)
		snprintf(t->lobby.msg, sizeof t->lobby.msg,
		    _("Cannot write the settings to %.200s"), t->config_path);
}

static void
tui_lobby_step(struct tui *t, enum tui_lobby_row row, int d)
{
	const struct tui_lobby_item *it = &tui_lobby_items[row];
	struct settings *s = &t->set;
	bool *b;
	int n;

	switch (it->kind) {
	case TUI_LOBBY_CHOICE:
		n = tui_lobby_nchoices(it);
		tui_lobby_set_choice(t, row,
		    (tui_lobby_choice(t, row) + d + n) % n);
		break;
	case TUI_LOBBY_CHECK:
		b = tui_lobby_check(t, row);
		*b = !*b;
		break;
	case TUI_LOBBY_STEP:
		if (row == TUI_ROW_HANDICAP) {
			/* 0, 2, 3, ... 9: one handicap stone is no handicap. */
			n = s->handicap + d;
			if (n == 1)
				n = d > 0 ? 2 : 0;
			s->handicap = n < 0 ? 9 : n > 9 ? 0 : n;
			s->komi = s->handicap ? 0.5 : 7.5;
		} else if (s->komi + d >= -GAME_KOMI_MAX &&
		    s->komi + d <= GAME_KOMI_MAX)
			/* Any komi the command line and the settings take. */
			s->komi += d;
		break;
	default:
		return;
	}
	tui_lobby_saved(t);
}

void
tui_lobby_enter(struct tui *t)
{
	struct tui_lobby *lb = &t->lobby;

	t->screen = TUI_SCREEN_LOBBY;
	/* No game of ours here: another tengen may play the folder's. */
	tui_save_release(&t->lock_fd);
	lb->can_continue = tui_save_unfinished(t->data_dir);
	lb->row = lb->can_continue ? TUI_ROW_CONTINUE : TUI_ROW_START;
	lb->editing = false;
}

/* TEXT as the lobby's message, cut to its room. */
static void
tui_lobby_say(struct tui *t, const char *text)
{
	snprintf(t->lobby.msg, sizeof t->lobby.msg, "%.*s",
	    (int)sizeof t->lobby.msg - 1, text);
}

static void
tui_lobby_start(struct tui *t)
{
	char note[PATH_MAX + 200];

	/* A game that does not begin leaves the folder to another tengen:
	 * the lock goes with the failure. */
	if (tui_game_claim(t, note, sizeof note) < 0 ||
	    tui_game_keep_unfinished(t, note, sizeof note) < 0) {
		tui_save_release(&t->lock_fd);
		tui_lobby_say(t, note);
		return;
	}
	if (tui_game_new(t, &t->set) < 0) {
		tui_save_release(&t->lock_fd);
		snprintf(t->lobby.msg, sizeof t->lobby.msg,
		    _("Cannot start a game of that size"));
	} else if (note[0] != '\0')
		tui_game_message(&t->game, false, "%s", note);
}

static void
tui_lobby_continue(struct tui *t)
{
	char path[PATH_MAX + 32], err[PATH_MAX + 256];
	size_t dl = strlen(t->data_dir);

	if (!t->lobby.can_continue) {
		snprintf(t->lobby.msg, sizeof t->lobby.msg,
		    _("There is no unfinished game to continue"));
		return;
	}
	if (tui_game_claim(t, err, sizeof err) < 0) {
		tui_lobby_say(t, err);
		return;
	}
	tui_save_path(t->data_dir, "current.sgf", path, sizeof path);
	/* Named without its folder (the lobby's message has two lines):
	 * "current.sgf:3:7: what is wrong" keeps the where and the why. */
	if (tui_game_load(t, path, &t->set, TUI_LOAD_RESUME, err, sizeof err) < 0) {
		tui_save_release(&t->lock_fd);
		tui_lobby_say(t, strncmp(err, t->data_dir, dl) == 0 &&
		    err[dl] == '/' ? err + dl + 1 : err);
	}
}

static void
tui_lobby_activate(struct tui *t, enum tui_lobby_row row)
{
	struct tui_lobby *lb = &t->lobby;

	t->lobby.msg[0] = '\0';
	switch (row) {
	case TUI_ROW_CONTINUE:
		tui_lobby_continue(t);
		break;
	case TUI_ROW_START:
		tui_lobby_start(t);
		break;
	case TUI_ROW_ONLINE:
		tui_online_enter(t, t->set.server);
		break;
	case TUI_ROW_QUIT:
		t->quit = true;
		break;
	case TUI_ROW_ENGINE:
		lb->editing = true;
		snprintf(lb->edit, sizeof lb->edit, "%s", t->set.engine);
		break;
	default:
		tui_lobby_step(t, row, 1);
		break;
	}
}

static void
tui_lobby_move(struct tui *t, int d)
{
	struct tui_lobby *lb = &t->lobby;

	for (int i = 0; i < TUI_NROWS; i++) {
		lb->row = (lb->row + d + TUI_NROWS) % TUI_NROWS;
		if (tui_lobby_visible(t, (enum tui_lobby_row)lb->row))
			return;
	}
}

/* The engine's command as typed, kept (an empty one keeps the old). */
static void
tui_lobby_edit_done(struct tui *t)
{
	struct tui_lobby *lb = &t->lobby;

	if (lb->edit[0] != '\0')
		snprintf(t->set.engine, sizeof t->set.engine, "%s", lb->edit);
	lb->editing = false;
	tui_lobby_saved(t);
}

static void
tui_lobby_edit_key(struct tui *t, int key)
{
	struct tui_lobby *lb = &t->lobby;
	size_t len = strlen(lb->edit);

	if (key == '\n' || key == '\r' || key == KEY_ENTER)
		tui_lobby_edit_done(t);
	else if (key == 27)
		lb->editing = false;
	else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (len > 0)
			lb->edit[len - 1] = '\0';
	} else if (key >= ' ' && key < 127 && len + 1 < sizeof lb->edit) {
		lb->edit[len] = (char)key;
		lb->edit[len + 1] = '\0';
	}
}

void
tui_lobby_key(struct tui *t, int key)
{
	struct tui_lobby *lb = &t->lobby;

	/* Nothing done blind: where the lobby cannot be seen, q alone acts
	 * (it quits, even over the engine's command being edited). */
	if (!tui_fits(t, TUI_LOBBY_COLS, TUI_LOBBY_ROWS)) {
		if (tui_keys_lookup(tui_keys_lobby, key) == TUI_QUIT)
			t->quit = true;
		return;
	}
	if (lb->editing) {
		tui_lobby_edit_key(t, key);
		return;
	}
	if (!tui_lobby_visible(t, (enum tui_lobby_row)lb->row))
		tui_lobby_move(t, 1);
	switch (tui_keys_lookup(tui_keys_lobby, key)) {
	case TUI_UP:
		tui_lobby_move(t, -1);
		break;
	case TUI_DOWN:
		tui_lobby_move(t, 1);
		break;
	case TUI_LEFT:
		tui_lobby_step(t, (enum tui_lobby_row)lb->row, -1);
		break;
	case TUI_RIGHT:
		tui_lobby_step(t, (enum tui_lobby_row)lb->row, 1);
		break;
	case TUI_PLACE:
		tui_lobby_activate(t, (enum tui_lobby_row)lb->row);
		break;
	case TUI_CONFIRM:
		tui_lobby_start(t);
		break;
	case TUI_LAST:
		tui_lobby_continue(t);
		break;
	case TUI_LOGOUT:
		tui_online_enter(t, t->set.server);
		break;
	case TUI_QUIT:
		t->quit = true;
		break;
	case TUI_HELP:
		t->help = true;
		break;
	default:
		break;
	}
}

void
tui_lobby_click(struct tui *t, int y, int x)
{
	struct tui_lobby *lb = &t->lobby;

	/* A click ends the typing as Enter does, then acts: [ Start game ]
	 * starts with the command just typed. */
	if (lb->editing)
		tui_lobby_edit_done(t);
	for (int r = 0; r < TUI_NROWS; r++) {
		const struct tui_lobby_item *it = &tui_lobby_items[r];

		if (lb->rowy[r] != y || y < 0)
			continue;
		lb->row = r;
		if (it->kind == TUI_LOBBY_CHOICE && lb->arrows[r]) {
			/* "< [choice] >": the arrow steps back, the choice
			 * and the other arrow forward, as Enter does. */
			if (x >= lb->valx[r][0])
				tui_lobby_step(t, (enum tui_lobby_row)r,
				    x >= lb->valx[r][1] ? 1 : -1);
		} else if (it->kind == TUI_LOBBY_CHOICE) {
			for (int i = lb->nvals[r] - 1; i >= 0; i--)
				if (x >= lb->valx[r][i]) {
					tui_lobby_set_choice(t,
					    (enum tui_lobby_row)r, i);
					tui_lobby_saved(t);
					break;
				}
		} else if (it->kind == TUI_LOBBY_STEP) {
			if (lb->nvals[r] == 2 && x >= lb->valx[r][0])
				tui_lobby_step(t, (enum tui_lobby_row)r,
				    x >= lb->valx[r][1] ? 1 : -1);
		} else
			tui_lobby_activate(t, (enum tui_lobby_row)r);
		return;
	}
}

/* The rules line, with the komi the game will have, also in stones (two
 * points each): "komi 7.5 = 3¾ stones". */
static const char *
tui_lobby_rules(const struct tui *t, char *buf, size_t len)
{
	char st[32];
	double stones = t->set.komi / 2;

	score_stones_str(stones, tui_plain_text(t), st, sizeof st);
	snprintf(buf, len, ngettext(
	    "Chinese rules, area counting, komi %g = %s stone",
	    "Chinese rules, area counting, komi %g = %s stones",
	    fabs(stones) > 1 ? 2 : 1), t->set.komi, st);
	return buf;
}

/* The value part of a row at Y from column X. */
static void
tui_lobby_draw_value(struct tui *t, int r, int y, int x)
{
	struct tui_lobby *lb = &t->lobby;
	const struct tui_lobby_item *it = &tui_lobby_items[r];
	char buf[SETTINGS_ENGINE_LEN + 16];
	int w = t->cols - x;

	lb->nvals[r] = 0;
	lb->arrows[r] = false;
	switch (it->kind) {
	case TUI_LOBBY_CHOICE: {
		int cur = tui_lobby_choice(t, (enum tui_lobby_row)r), all = 0;

		for (int i = 0; i < tui_lobby_nchoices(it); i++)
			all += tui_text_width(_(it->choices[i])) + 3;
		if (all > w) {
			/* Too narrow for all the choices: the one chosen, whole,
			 * between the arrows that change it. */
			snprintf(buf, sizeof buf, "< [%s] >",
			    _(it->choices[cur]));
			tui_put(y, x, w, A_BOLD, buf);
			lb->valx[r][0] = x;
			lb->valx[r][1] = x + 2;
			lb->nvals[r] = 2;
			lb->arrows[r] = true;
			break;
		}
		for (int i = 0; i < tui_lobby_nchoices(it) && w > 0; i++) {
			int used;

			snprintf(buf, sizeof buf, i == cur ? "[%s]" : " %s ",
			    _(it->choices[i]));
			lb->valx[r][lb->nvals[r]++] = x;
			used = tui_put(y, x, w, i == cur ? A_BOLD : 0, buf);
			x += used + 1;
			w -= used + 1;
		}
		break;
	}
	case TUI_LOBBY_STEP:
		if (r == TUI_ROW_HANDICAP)
			snprintf(buf, sizeof buf, "%d", t->set.handicap);
		else
			snprintf(buf, sizeof buf, "%g", t->set.komi);
		lb->valx[r][0] = x;
		tui_put(y, x, w, 0, "<");
		tui_put(y, x + 2, w - 2, A_BOLD, buf);
		lb->valx[r][1] = x + 3 + tui_text_width(buf);
		tui_put(y, lb->valx[r][1], 1, 0, ">");
		lb->nvals[r] = 2;
		break;
	case TUI_LOBBY_TEXT:
		/* While typing, the end and the cursor stay in sight. */
		if (lb->editing) {
			snprintf(buf, sizeof buf, "%s_", lb->edit);
			tui_put_tail(y, x, w, A_UNDERLINE, buf);
		} else
			tui_put(y, x, w, 0, t->set.engine);
		break;
	default:
		break;
	}
}

void
tui_lobby_draw(struct tui *t)
{
	struct tui_lobby *lb = &t->lobby;
	/* Blank lines under the rules and over the buttons where the screen
	 * has room for them (22 lines); the message goes under the last row,
	 * on two lines where it can. */
	bool gaps = t->rows >= 22;
	int y = gaps ? 3 : 2, x = 4, vx = 36, my, lines;
	char buf[256];

	/* No row is where a click could find it until drawn. */
	for (int r = 0; r < TUI_NROWS; r++)
		lb->rowy[r] = -1;
	if (tui_too_small(t, TUI_LOBBY_COLS, TUI_LOBBY_ROWS,
	    _("Enlarge the window, or press q to quit.")))
		return;
	if (vx > t->cols / 2)
		vx = t->cols / 2;
	/* The name in characters only where the terminal shows them. */
	tui_put(0, 2, t->cols - 2, A_BOLD, t->ascii ?
	    _("tengen: Go, Weiqi, Baduk") : _("tengen (天元): Go, Weiqi, Baduk"));
	tui_put(1, 2, t->cols - 2, A_DIM, tui_lobby_rules(t, buf, sizeof buf));
	if (!tui_lobby_visible(t, (enum tui_lobby_row)lb->row))
		tui_lobby_move(t, 1);
	for (int r = 0; r < TUI_NROWS; r++) {
		const struct tui_lobby_item *it = &tui_lobby_items[r];
		bool sel = lb->row == r;
		int attr = sel ? A_REVERSE : 0;

		lb->rowy[r] = -1;
		if (!tui_lobby_visible(t, (enum tui_lobby_row)r))
			continue;
		if (r == TUI_ROW_SIZE || (r == TUI_ROW_START && gaps))
			y++;
		lb->rowy[r] = y;
		tui_put(y, 1, 2, A_BOLD, sel ? ">" : " ");
		switch (it->kind) {
		case TUI_LOBBY_CHECK:
			snprintf(buf, sizeof buf, "[%s] %s",
			    *tui_lobby_check(t, (enum tui_lobby_row)r) ?
			    "x" : " ", _(it->label));
			tui_put(y, x, t->cols - x, attr, buf);
			break;
		case TUI_LOBBY_BUTTON:
			snprintf(buf, sizeof buf, "[ %s ]", _(it->label));
			tui_put(y, x, t->cols - x, attr | A_BOLD, buf);
			break;
		default:
			tui_put(y, x, vx - x - 1, attr, _(it->label));
			tui_lobby_draw_value(t, r, y, vx);
			break;
		}
		y++;
	}
	my = t->rows - 3 > y ? t->rows - 3 : y;
	lines = t->rows - 1 - my < 2 ? t->rows - 1 - my : 2;
	if (lb->editing)
		tui_put(my, 2, t->cols - 2, 0,
		    _("Type the engine's command line; Enter keeps it, Esc cancels."));
	else
		tui_put_wrap(my, 2, t->cols - 2, lines, A_BOLD, lb->msg);
	tui_put_keys(t->rows - 1, 0, t->cols, A_DIM,
	    _("Up/down choose  Left/right change  Enter select  S start  C continue  O online  q quit  ? keys"));
}
