/*
 * tui-board.c: painting the game screen: the board, the side panel with its
 * buttons, the status line and the one-line key help.
 *
 * The one idea: paint everything, send little.  The whole screen is painted
 * from the game state into stdscr at every turn of the main loop, never
 * cleared; curses compares it with what the terminal shows and sends only
 * the difference, so moving the cursor costs a few bytes over SSH.
 *
 * Every point is CW columns wide: its glyph, then the line to its right
 * neighbour.  Wide glyphs (劫, numbers of two or three digits) take the
 * line's columns too.  Three sets of glyphs: Unicode lines and stones;
 * GNU Go's showboard characters (--ascii); and, for terminals that draw
 * ambiguous-width characters in two columns, the ASCII board with colours,
 * so the columns always line up.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "gtp-client.h"
#include "i18n.h"
#include "tui.h"
#include "tui-online.h"

enum {
	TUI_PAIR_BOARD = 1,	/* black on yellow: lines, black stones */
	TUI_PAIR_WHITE,		/* white on yellow: white stones */
	TUI_PAIR_MARK,		/* red on yellow: forbidden points, last number */
	TUI_PAIR_ERROR,		/* red: error messages */
	TUI_PAIR_TITLE		/* cyan: headings */
};

/* What one point shows. */
struct tui_cell {
	char text[16];
	int attr;
};

/* Lines the side panel takes at its tallest (counting, in 30 columns:
 * nine lines of the game, the count's three, the buttons over three),
 * and the status line under it. */
#define TUI_PANEL_ROWS 17

void
tui_board_layout(const struct tui *t, const struct tui_game *gm,
		 struct tui_layout *l)
{
	int size = gm->g.size;
	static const int widths[] = { 3, 2, 1 };

	memset(l, 0, sizeof *l);
	l->top = 1;
	l->left = 3;
	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		l->cw = widths[i];
		if (l->cw == 3 && !t->set.numbers)
			continue;
		l->panel = l->left + size * l->cw + 4;
		l->need_cols = l->panel + 30;
		l->need_rows = size + 3 > TUI_PANEL_ROWS + 1 ? size + 3 :
		    TUI_PANEL_ROWS + 1;
		if (l->need_cols <= t->cols)
			break;
	}
	l->fits = l->need_cols <= t->cols && l->need_rows <= t->rows;
}

point_t
tui_board_hit(const struct tui *t, int y, int x)
{
	const struct tui_game *gm = &t->game;
	struct tui_layout l;
	int px, py;

	tui_board_layout(t, gm, &l);
	if (!l.fits || x < l.left || y < l.top)
		return BOARD_NONE;
	px = (x - l.left) / l.cw;
	py = y - l.top;
	if (px >= gm->g.size || py >= gm->g.size)
		return BOARD_NONE;
	return board_point(&gm->g.board, px, py);
}

static bool
tui_board_star(int size, int x, int y)
{
	int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
	bool sx = x == lo || x == hi || (size % 2 && size >= 13 && x == mid);
	bool sy = y == lo || y == hi || (size % 2 && size >= 13 && y == mid);

	if (size < 7)
		return false;
	if (size % 2 && x == mid && y == mid)
		return true;
	return sx && sy;
}

static bool
tui_board_unicode(const struct tui *t)
{
	return !t->ascii && !t->wide;
}

/* The empty intersection's line glyph. */
static const char *
tui_board_line(const struct tui *t, int size, int x, int y)
{
	static const char *const grid[3][3] = {
		{ "┌", "┬", "┐" },
		{ "├", "┼", "┤" },
		{ "└", "┴", "┘" },
	};
	int r = y == 0 ? 0 : y == size - 1 ? 2 : 1;
	int c = x == 0 ? 0 : x == size - 1 ? 2 : 1;

	if (!tui_board_unicode(t))
		return tui_board_star(size, x, y) ? "+" : ".";
	if (tui_board_star(size, x, y))
		return "╋";
	return grid[r][c];
}

static int
tui_board_pair(const struct tui *t, int pair)
{
	return t->color ? COLOR_PAIR(pair) : 0;
}

static int
tui_board_stone_attr(const struct tui *t, enum color c)
{
	if (!t->color)
		return 0;
	return c == WHITE ? COLOR_PAIR(TUI_PAIR_WHITE) | A_BOLD :
	    COLOR_PAIR(TUI_PAIR_BOARD);
}

static const char *
tui_board_stone(const struct tui *t, enum color c)
{
	if (!tui_board_unicode(t))
		return c == WHITE ? "O" : "X";
	/* With colours, both stones are solid discs in their colour. */
	return c == WHITE && !t->color ? "○" : "●";
}

/* The board shows a count: while counting, and on the final position of
 * a game the count decided. */
static bool
tui_board_counted(const struct tui_game *gm)
{
	return gm->mode == TUI_COUNT || (gm->mode == TUI_OVER &&
	    gm->has_count && gm->g.end == GAME_END_SCORE && gm->view < 0);
}

/* Move number of the stone on every point (0: none or a setup stone). */
static void
tui_board_numbers(const struct game *g, int upto, int *num)
{
	memset(num, 0, sizeof(int) * BOARD_MAX_POINTS);
	for (int i = 0; i < upto; i++)
		if (g->moves[i].point > 0)
			num[g->moves[i].point] = i + 1;
}

static void
tui_board_cell(const struct tui *t, const struct tui_game *gm,
	       const struct board *b, const int *num, int cw, int x, int y,
	       struct tui_cell *cell)
{
	point_t p = board_point(b, x, y);
	enum color c = board_at(b, p), to_move = game_to_move(&gm->g);
	bool live = gm->view < 0, uni = tui_board_unicode(t);
	bool cursor = gm->cx == x && gm->cy == y;
	/* A preview moved onto a point where the stone may not go is not
	 * drawn there: the stone or the mark of the point shows. */
	bool preview = live && gm->has_preview && gm->preview == p &&
	    game_check(&gm->g, to_move, p) == MOVE_OK;
	int board = tui_board_pair(t, TUI_PAIR_BOARD);

	cell->attr = board;
	snprintf(cell->text, sizeof cell->text, "%s",
	    tui_board_line(t, gm->g.size, x, y));
	if (c == BLACK || c == WHITE) {
		cell->attr = tui_board_stone_attr(t, c);
		snprintf(cell->text, sizeof cell->text, "%s",
		    tui_board_stone(t, c));
		if (tui_board_counted(gm) && gm->dead[p]) {
			snprintf(cell->text, sizeof cell->text, "%s", uni ?
			    (c == BLACK ? "▲" : "△") : (c == BLACK ? "x" : "o"));
			cell->attr |= A_DIM;
		} else if (t->set.numbers && num[p] > 0 && cw >= 2) {
			int n = num[p], wrap = cw == 2 ? 100 : 1000;
			const char *fmt = "%d";

			/* A number wider than the point shows its last
			 * digits, all of them (move 105 is "05", not "5"),
			 * underlined. */
			if (n >= wrap) {
				n %= wrap;
				fmt = cw == 2 ? "%02d" : "%03d";
				cell->attr |= A_UNDERLINE;
			}
			snprintf(cell->text, sizeof cell->text, fmt, n);
			if (p == b->last_move)
				cell->attr = t->color ? (int)(COLOR_PAIR(TUI_PAIR_MARK) |
				    A_BOLD) : (int)(A_BOLD | A_UNDERLINE);
			else if (!t->color && c == BLACK)
				cell->attr |= A_BOLD;
		}
	} else if (tui_board_counted(gm)) {
		static const char *const own_uni[] = { NULL, "▪", "▫", "·" };
		static const char *const own_ascii[] = { NULL, "b", "w", "=" };
		int own = gm->score.owner[p];

		if (own != OWN_NONE) {
			snprintf(cell->text, sizeof cell->text, "%s",
			    uni ? own_uni[own] : own_ascii[own]);
			cell->attr = tui_board_stone_attr(t,
			    own == OWN_WHITE ? WHITE : BLACK);
		}
	} else if (live && tui_game_human_turn(gm) && !preview) {
		enum board_verdict v = MOVE_OK;
		bool mark = t->set.marks;

		if (mark || cursor)
			v = game_check(&gm->g, to_move, p);
		if (mark && (v == MOVE_KO || v == MOVE_SUPERKO)) {
			snprintf(cell->text, sizeof cell->text, "%s",
			    t->ascii || cw < 2 ? "@" : "劫");
			cell->attr = tui_board_pair(t, TUI_PAIR_MARK) | A_BOLD;
		} else if (mark && v == MOVE_SUICIDE) {
			snprintf(cell->text, sizeof cell->text, "%s",
			    uni ? "×" : "#");
			cell->attr = tui_board_pair(t, TUI_PAIR_MARK) | A_BOLD;
		} else if (cursor && v == MOVE_OK) {
			/* The preview stone under the cursor. */
			snprintf(cell->text, sizeof cell->text, "%s", uni ?
			    (to_move == BLACK ? "◆" : "◇") :
			    (to_move == BLACK ? "x" : "o"));
			cell->attr = tui_board_stone_attr(t, to_move);
		}
	}
	if (preview) {
		snprintf(cell->text, sizeof cell->text, "%s", uni ?
		    (to_move == BLACK ? "◆" : "◇") :
		    (to_move == BLACK ? "x" : "o"));
		cell->attr = tui_board_stone_attr(t, to_move) | A_BOLD;
	}
	if (cursor)
		cell->attr |= A_REVERSE;
}

static void
tui_board_grid(struct tui *t, const struct tui_layout *l,
	       const struct board *b, const int *num)
{
	struct tui_game *gm = &t->game;
	int size = gm->g.size, board = tui_board_pair(t, TUI_PAIR_BOARD);
	const char *sep = tui_board_unicode(t) ? "─" : " ";
	char label[16];

	for (int x = 0; x < size; x++) {
		char letter[2] = { (char)('A' + x + (x >= 8)), '\0' };

		tui_put(0, l->left + x * l->cw, 1, 0, letter);
		tui_put(size + 1, l->left + x * l->cw, 1, 0, letter);
	}
	for (int y = 0; y < size; y++) {
		int row = l->top + y;

		snprintf(label, sizeof label, "%2d", size - y);
		tui_put(row, 0, 2, 0, label);
		tui_put(row, l->left + size * l->cw, 3, 0, label);
		for (int x = 0; x < size; x++) {
			struct tui_cell cell;
			int col = l->left + x * l->cw, w;

			tui_board_cell(t, gm, b, num, l->cw, x, y, &cell);
			w = tui_put(row, col, l->cw, cell.attr, cell.text);
			for (; w < l->cw; w++)
				tui_put(row, col + w, 1, board,
				    x < size - 1 ? sep : " ");
		}
	}
}

void
tui_board_button(struct tui_game *gm, int *y, int *x, int x0, int w,
		 const char *label, enum tui_action action)
{
	char text[128];
	int tw;

	snprintf(text, sizeof text, "[%s]", label);
	tw = tui_text_width(text);
	if (*x > x0 && *x + tw > x0 + w) {
		(*y)++;
		*x = x0;
	}
	tui_put(*y, *x, x0 + w - *x, A_REVERSE, text);
	if (gm->nbuttons < TUI_MAX_BUTTONS)
		gm->buttons[gm->nbuttons++] = (struct tui_button){ *y, *x, tw,
		    action };
	*x += tw + 1;
}

static const char *
tui_board_who(const struct tui_game *gm, enum color c, char *buf, size_t len)
{
	static const char *const levels[] = {
		N_("beginner"), N_("intermediate"), N_("advanced")
	};
	char name[SETTINGS_ENGINE_LEN];

	switch (tui_game_kind(gm, c)) {
	case TUI_HUMAN:
		snprintf(buf, len, "%s", gm->set.opponent == SETTINGS_HOTSEAT ?
		    _("player") : _("you"));
		break;
	case TUI_AI:
		snprintf(buf, len, _("computer, %s"),
		    _(levels[gm->set.level >= 0 && gm->set.level < 3 ?
		    gm->set.level : 0]));
		break;
	case TUI_ENGINE:
		snprintf(buf, len, _("engine %s"), gtp_client_program(
		    gm->set.engine, name, sizeof name));
		break;
	}
	return buf;
}

static void
tui_board_panel(struct tui *t, const struct tui_layout *l,
		const struct board *b)
{
	struct tui_game *gm = &t->game;
	const struct game *g = &gm->g;
	int x = l->panel, w = t->cols - l->panel, y = 0, bx;
	char buf[256], who[128], vs[32];
	/* B is the position shown: looking back, whoever was to play
	 * there. */
	enum color c = (enum color)b->to_move;

	snprintf(buf, sizeof buf, _("tengen  %dx%d"), g->size, g->size);
	tui_put(y++, x, w, A_BOLD | tui_board_pair(t, TUI_PAIR_TITLE), buf);
	snprintf(buf, sizeof buf, "%s %s: %s", tui_board_stone(t, BLACK),
	    _("Black"), tui_board_who(gm, BLACK, who, sizeof who));
	tui_put(y++, x, w, 0, buf);
	snprintf(buf, sizeof buf, "%s %s: %s", t->color &&
	    tui_board_unicode(t) ? "○" : tui_board_stone(t, WHITE),
	    _("White"), tui_board_who(gm, WHITE, who, sizeof who));
	tui_put(y++, x, w, 0, buf);
	snprintf(buf, sizeof buf, _("Komi %g   Handicap %d"), g->komi,
	    g->handicap);
	tui_put(y++, x, w, 0, buf);
	if (gm->view >= 0)
		snprintf(buf, sizeof buf, _("Move %d (of %d)"), gm->view,
		    g->nmoves);
	else
		snprintf(buf, sizeof buf, _("Move %d"), g->nmoves);
	tui_put(y++, x, w, 0, buf);
	if (gm->mode == TUI_COUNT)
		snprintf(buf, sizeof buf, "%s", _("Counting: mark dead groups"));
	else if (gm->mode == TUI_OVER)
		snprintf(buf, sizeof buf, "%s", _("Game over"));
	else if (gm->thinking)
		snprintf(buf, sizeof buf, _("%s to play: thinking..."),
		    c == WHITE ? _("White") : _("Black"));
	else
		snprintf(buf, sizeof buf, _("%s to play"),
		    c == WHITE ? _("White") : _("Black"));
	tui_put(y++, x, w, A_BOLD, buf);
	snprintf(buf, sizeof buf, _("Black captured %d"), b->captures[BLACK]);
	tui_put(y++, x, w, 0, buf);
	snprintf(buf, sizeof buf, _("White captured %d"), b->captures[WHITE]);
	tui_put(y++, x, w, 0, buf);
	if (b->last_move > 0 || b->last_move == BOARD_PASS) {
		snprintf(buf, sizeof buf, _("Last move: %s"),
		    board_vertex_str(b, b->last_move, vs));
		tui_put(y, x, w, 0, buf);
	}
	y++;
	if (tui_board_counted(gm)) {
		snprintf(buf, sizeof buf, _("Black %g  White %g"),
		    gm->score.black, gm->score.white);
		tui_put(++y, x, w, A_BOLD, buf);
		score_result_sgf(gm->score.margin, vs, sizeof vs);
		snprintf(buf, sizeof buf, "%s  %s", vs, score_result_stones(
		    gm->score.margin, i18n_catalog(), tui_plain_text(t), who,
		    sizeof who));
		tui_put(++y, x, w, A_BOLD, buf);
		y++;
	} else if (gm->mode == TUI_OVER) {
		tui_game_result(t, buf, sizeof buf);
		tui_put(++y, x, w, A_BOLD, buf);
		y++;
	}
	y++;
	gm->nbuttons = 0;
	bx = x;
	switch (gm->mode) {
	case TUI_PLAY:
		if (gm->has_preview) {
			tui_board_button(gm, &y, &bx, x, w, _("Place C"),
			    TUI_CONFIRM);
			tui_board_button(gm, &y, &bx, x, w, _("Cancel Esc"),
			    TUI_CANCEL);
		}
		tui_board_button(gm, &y, &bx, x, w, _("Pass P"), TUI_PASS);
		tui_board_button(gm, &y, &bx, x, w, _("Undo Z"), TUI_UNDO);
		tui_board_button(gm, &y, &bx, x, w, _("Resign G"), TUI_RESIGN);
		tui_board_button(gm, &y, &bx, x, w, _("Restart R"),
		    TUI_RESTART);
		break;
	case TUI_COUNT:
		tui_board_button(gm, &y, &bx, x, w, _("Confirm result C"),
		    TUI_CONFIRM);
		tui_board_button(gm, &y, &bx, x, w, _("Continue playing Esc"),
		    TUI_CANCEL);
		break;
	case TUI_OVER:
		tui_board_button(gm, &y, &bx, x, w, _("New game R"),
		    TUI_RESTART);
		tui_board_button(gm, &y, &bx, x, w, _("Undo Z"), TUI_UNDO);
		break;
	}
	tui_board_button(gm, &y, &bx, x, w, _("Lobby q"), TUI_LOBBY);
	tui_board_button(gm, &y, &bx, x, w, _("Keys ?"), TUI_HELP);
}

int
tui_board_status_lines(const struct tui *t, const struct tui_layout *l)
{
	/* A status too long for its line takes a second one where there is
	 * room, before the key help (which "?" also shows). */
	return t->rows > l->need_rows &&
	    tui_text_width(t->game.msg) > t->cols ? 2 : 1;
}

static const char *
tui_board_help_line(const struct tui *t, const struct tui_game *gm)
{
	if (gm->online)
		return tui_online_help_line(t);
	if (gm->mode == TUI_COUNT)
		return _("Enter: dead/alive  C: confirm result  Esc: continue playing  ?: keys");
	if (gm->mode == TUI_OVER)
		return _("R: new game  Z: undo  [ ]: look through  q: lobby  Q: quit  ?: keys");
	if (gm->has_preview)
		return _("Arrows: nudge  Enter/C: place  Esc: cancel  ?: keys");
	return _("Arrows move  Enter place  P pass  Z undo  G resign  R restart  q lobby  ? keys");
}

void
tui_board_draw(struct tui *t)
{
	struct tui_game *gm = &t->game;
	struct tui_layout l;
	struct board view;
	const struct board *b = &gm->g.board;
	int num[BOARD_MAX_POINTS];
	int size = gm->g.size, upto = gm->g.nmoves, lines, help;

	tui_board_layout(t, gm, &l);
	if (!l.fits) {
		char buf[256];
		int y = t->rows / 3;	/* on as many lines as a narrow
					 * window needs */

		gm->nbuttons = 0;
		snprintf(buf, sizeof buf,
		    _("The terminal is %dx%d; a %dx%d board needs %dx%d."),
		    t->cols, t->rows, size, size, l.need_cols, l.need_rows);
		y += tui_put_wrap(y, 0, t->cols, t->rows - y, A_BOLD, buf);
		tui_put_wrap(y, 0, t->cols, t->rows - y, 0, gm->online ?
		    tui_online_too_small_hint(t) :
		    _("Enlarge the window, or press q for the lobby (the game is saved)."));
		return;
	}
	if (gm->view >= 0) {
		view = gm->g.initial;
		for (int i = 0; i < gm->view; i++)
			board_play(&view, gm->g.moves[i].color,
			    gm->g.moves[i].point);
		b = &view;
		upto = gm->view;
	}
	tui_board_numbers(&gm->g, upto, num);
	tui_board_grid(t, &l, b, num);
	if (gm->online)
		tui_online_panel(t, &l);
	else
		tui_board_panel(t, &l, b);
	/* The status line and the key help at the bottom, under the board
	 * and under the panel's buttons. */
	lines = tui_board_status_lines(t, &l);
	help = t->rows - l.need_rows >= lines;
	tui_put_wrap(t->rows - lines - help, 0, t->cols, lines, gm->msg_error ?
	    (int)(tui_board_pair(t, TUI_PAIR_ERROR) | A_BOLD) : 0, gm->msg);
	if (help)
		tui_put_keys(t->rows - 1, 0, t->cols, A_DIM,
		    tui_board_help_line(t, gm));
}

int
tui_board_attr(const struct tui *t, int what)
{
	if (what == TUI_ATTR_ERROR)
		return tui_board_pair(t, TUI_PAIR_ERROR) | A_BOLD;
	return tui_board_pair(t, TUI_PAIR_TITLE) | A_BOLD;
}

void
tui_board_colors(void)
{
	init_pair(TUI_PAIR_BOARD, COLOR_BLACK, COLOR_YELLOW);
	init_pair(TUI_PAIR_WHITE, COLOR_WHITE, COLOR_YELLOW);
	init_pair(TUI_PAIR_MARK, COLOR_RED, COLOR_YELLOW);
	init_pair(TUI_PAIR_ERROR, COLOR_RED, -1);
	init_pair(TUI_PAIR_TITLE, COLOR_CYAN, -1);
}
