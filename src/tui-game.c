/*
 * tui-game.c: the game screen's state and what every action does to it.
 *
 * The one idea: the game (struct game) is the truth and everything else is
 * derived from it or waits on it.  An action changes the game through
 * game_*() and then calls tui_game_after_move(), the one place that decides
 * what comes next: counting after two passes, the computer's turn, the end;
 * and that saves the game, so that the file on disk never lags behind the
 * screen by more than the move being made.  Nothing here draws; tui-board.c
 * paints the screen from this state.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "i18n.h"
#include "tui.h"
#include "util.h"

void
tui_game_message(struct tui_game *gm, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(gm->msg, sizeof gm->msg, fmt, ap);
	va_end(ap);
	gm->msg_error = error;
}

enum tui_player_kind
tui_game_kind(const struct tui_game *gm, enum color c)
{
	if (gm->set.opponent == SETTINGS_HOTSEAT || c == gm->human)
		return TUI_HUMAN;
	return gm->set.opponent == SETTINGS_ENGINE ? TUI_ENGINE : TUI_AI;
}

bool
tui_game_human_turn(const struct tui_game *gm)
{
	if (gm->online)
		return gm->mode == TUI_PLAY && gm->view < 0 &&
		    gm->g.end == GAME_END_NONE &&
		    game_to_move(&gm->g) == gm->human;
	return gm->mode == TUI_PLAY && gm->view < 0 &&
	    gm->g.end == GAME_END_NONE &&
	    tui_game_kind(gm, game_to_move(&gm->g)) == TUI_HUMAN;
}

static const char *
tui_game_color_name(enum color c)
{
	return c == WHITE ? _("White") : _("Black");
}

/* The pace delay in seconds, drawn from a small generator of our own so
 * that TENGEN_SEED makes it reproducible. */
static double
tui_game_pace_delay(struct tui *t)
{
	struct tui_game *gm = &t->game;
	double lo, hi;

	switch (t->set.pace) {
	case SETTINGS_PACE_REAL:
		lo = 2;
		hi = 5;
		break;
	case SETTINGS_PACE_FAST:
		lo = 1;
		hi = 2;
		break;
	default:
		return 0;
	}
	gm->pace_rng = gm->pace_rng * 6364136223846793005UL +
	    1442695040888963407UL;
	return lo + (hi - lo) * (double)(gm->pace_rng >> 11 & 0xfffff) /
	    (double)0xfffff;
}

int
tui_game_save(struct tui *t)
{
	struct tui_game *gm = &t->game;
	int rc = 0;

	if (!t->in_game)
		return 0;
	if (gm->not_current) {
		/* A record opened to be looked through, played on (its
		 * result taken back): the unfinished game it now replaces
		 * is kept first, or this one is not saved. */
		char note[PATH_MAX + 160];

		if (tui_game_keep_unfinished(t, note, sizeof note) < 0) {
			tui_game_message(gm, true, "%s", note);
			return -1;
		}
		gm->not_current = false;
		if (note[0] != '\0') {
			char msg[sizeof gm->msg];

			snprintf(msg, sizeof msg, "%s", gm->msg);
			tui_game_message(gm, gm->msg_error, "%s  %s", msg,
			    note);
		}
	}
	const uint8_t *dead = gm->mode == TUI_COUNT ||
	    (gm->g.end == GAME_END_SCORE && gm->has_count) ? gm->dead : NULL;
	struct settings meta = gm->set;

	/* Players who went on after two passes and left come back to the
	 * board, not to counting. */
	meta.play_on = gm->play_on_at;
	if (tui_save_write(t->data_dir, &gm->g, &meta, gm->human, dead,
	    gm->has_from ? &gm->from : NULL) < 0) {
		tui_game_message(gm, true, _("Cannot save the game in %s: %s"),
		    t->data_dir, strerror(errno));
		rc = -1;
	}
	/* Once per result: a result taken back (an undo after the end),
	 * which removes the archived file, and given again writes it again
	 * under the same name. */
	if (gm->g.end != GAME_END_NONE && !gm->saved_final) {
		if (tui_save_archive(t->data_dir, &gm->g, &meta, gm->human,
		    dead, gm->has_from ? &gm->from : NULL, gm->archive,
		    sizeof gm->archive) < 0) {
			tui_game_message(gm, true,
			    _("Cannot save the game in %s: %s"), t->data_dir,
			    strerror(errno));
			rc = -1;
		} else
			gm->saved_final = true;
	}
	if (rc == 0)
		gm->leave_unsaved = false;
	return rc;
}

/* Save on leaving: an unfinished game, or a finished one whose record
 * could not be written when it ended (a full disk since freed).  A record
 * opened to be looked through is never saved over the unfinished game. */
int
tui_game_save_on_leave(struct tui *t)
{
	if (t->game.g.end == GAME_END_NONE || !t->game.saved_final)
		return tui_game_save(t);
	return 0;
}

/* Leaving the game (q or Q): saved first; a save that fails keeps the
 * player in the game, the reason shown, until q or Q again. */
static bool
tui_game_may_leave(struct tui *t)
{
	struct tui_game *gm = &t->game;
	char why[sizeof gm->msg];

	if (tui_game_save_on_leave(t) == 0 || gm->leave_unsaved)
		return true;
	gm->leave_unsaved = true;
	snprintf(why, sizeof why, "%s", gm->msg);
	tui_game_message(gm, true, _("%s; q or Q again leaves without saving"),
	    why);
	return false;
}

int
tui_game_keep_unfinished(struct tui *t, char *note, size_t len)
{
	char kept[PATH_MAX + 128];

	note[0] = '\0';
	if (tui_save_keep_unfinished(t->data_dir, kept, sizeof kept) < 0) {
		snprintf(note, len, _("Cannot keep the unfinished game: %s"),
		    strerror(errno));
		return -1;
	}
	if (kept[0] != '\0')
		snprintf(note, len, _("The unfinished game was kept as %s"),
		    strrchr(kept, '/') ? strrchr(kept, '/') + 1 : kept);
	return 0;
}

void
tui_game_result(const struct tui *t, char *buf, size_t len)
{
	const struct game *g = &t->game.g;
	char sgf[32], stones[128];

	switch (g->end) {
	case GAME_END_SCORE:
		snprintf(buf, len, "%s: %s",
		    score_result_sgf(g->score, sgf, sizeof sgf),
		    score_result_stones(g->score, i18n_catalog(),
		    tui_plain_text(t), stones, sizeof stones));
		break;
	case GAME_END_RESIGN:
		snprintf(buf, len, g->winner == BLACK ?
		    _("B+R: White resigned, Black wins") :
		    _("W+R: Black resigned, White wins"));
		break;
	case GAME_END_TIME:
		snprintf(buf, len, g->winner == BLACK ?
		    _("B+T: White lost on time, Black wins") :
		    _("W+T: Black lost on time, White wins"));
		break;
	case GAME_END_FORFEIT:
		snprintf(buf, len, g->winner == BLACK ?
		    _("B+F: White forfeited, Black wins") :
		    _("W+F: Black forfeited, White wins"));
		break;
	case GAME_END_DRAW:
		snprintf(buf, len, _("Draw: neither side wins"));
		break;
	case GAME_END_WIN:
		snprintf(buf, len, g->winner == BLACK ?
		    _("B+: Black wins") : _("W+: White wins"));
		break;
	case GAME_END_VOID:
		snprintf(buf, len, _("Void: the game has no result"));
		break;
	default:
		snprintf(buf, len, _("The game is over"));
		break;
	}
}

/* Two passes in a row, both since the players last went on after two
 * passes: the counting begins. */
static bool
tui_game_counts(const struct tui_game *gm)
{
	return game_two_passes(&gm->g) && gm->g.nmoves - 2 >= gm->play_on_at;
}

void
tui_game_after_move(struct tui *t)
{
	struct tui_game *gm = &t->game;
	enum color c = game_to_move(&gm->g);

	if (gm->g.end != GAME_END_NONE) {
		char res[256];

		gm->mode = TUI_OVER;
		tui_game_result(t, res, sizeof res);
		tui_game_message(gm, false, "%s", res);
		tui_game_save(t);
		tui_bell(t);
		return;
	}
	tui_game_save(t);
	if (gm->mode == TUI_PLAY && tui_game_counts(gm)) {
		tui_count_begin(t, NULL);
		return;
	}
	if (gm->mode == TUI_PLAY && tui_game_kind(gm, c) != TUI_HUMAN) {
		gm->thinking = true;
		gm->have_move = false;
		gm->show_at = util_now() + tui_game_pace_delay(t);
		tui_player_ask(&gm->player, &gm->g, c);
	}
}

/* Start the computer's side of the game in GM->set, if there is one. */
static int
tui_game_start_player(struct tui *t, char *err, size_t errlen)
{
	struct tui_game *gm = &t->game;
	enum tui_player_kind kind = TUI_HUMAN;

	if (gm->set.opponent == SETTINGS_COMPUTER)
		kind = TUI_AI;
	else if (gm->set.opponent == SETTINGS_ENGINE)
		kind = TUI_ENGINE;
	return tui_player_start(&gm->player, kind, gm->set.level, t->resign,
	    t->max_memory, gm->set.engine, t->seed, t->wake[1], err, errlen);
}

int
tui_game_claim(struct tui *t, char *err, size_t errlen)
{
	if (tui_save_claim(t->data_dir, &t->lock_fd) != 1)
		return 0;
	snprintf(err, errlen, _("Another tengen is playing the game kept in "
	    "%s: leave it there first (each would write over the other's)"),
	    t->data_dir);
	return -1;
}

static void
tui_game_begin(struct tui *t, const struct settings *set)
{
	struct tui_game *gm = &t->game;

	gm->set = *set;
	gm->human = set->opponent == SETTINGS_HOTSEAT ? BLACK :
	    (enum color)set->color;
	gm->mode = TUI_PLAY;
	gm->cx = gm->cy = gm->g.size / 2;
	gm->view = -1;
	gm->play_on_at = -1;
	gm->pace_rng = t->seed ? t->seed : (unsigned long)util_now() * 1000003UL;
	t->in_game = true;
	t->screen = TUI_SCREEN_GAME;
}

int
tui_game_new(struct tui *t, const struct settings *set)
{
	struct tui_game *gm = &t->game;
	struct settings s = *set;
	char err[256];

	if (t->in_game)
		tui_game_end(t);
	memset(gm, 0, sizeof *gm);
	if (game_init(&gm->g, s.size, s.komi) < 0)
		return -1;
	if (s.handicap >= 2 && game_fixed_handicap(&gm->g, s.handicap,
	    NULL) < 0) {
		s.handicap = 0;
		tui_game_message(gm, true,
		    _("No fixed handicap of that size on this board"));
	}
	tui_game_begin(t, &s);
	if (tui_game_start_player(t, err, sizeof err) < 0) {
		tui_game_message(gm, true, "%s", err);
		gm->set.opponent = SETTINGS_HOTSEAT;
	} else if (gm->msg[0] == '\0')
		tui_game_message(gm, false, _("New game: %s to play"),
		    tui_game_color_name(game_to_move(&gm->g)));
	tui_game_after_move(t);
	return 0;
}

/* A file of more than one game: the message says which one is shown. */
static void
tui_game_first_of_more(struct tui_game *gm)
{
	size_t n = strlen(gm->msg);

	if (!gm->from.more_games)
		return;
	snprintf(gm->msg + n, sizeof gm->msg - n, "%s%s", n > 0 ? "  " : "",
	    _("The file holds more than one game; this is the first."));
}

int
tui_game_load(struct tui *t, const char *path, const struct settings *set,
	      enum tui_load how, char *err, size_t errlen)
{
	bool resume = how == TUI_LOAD_RESUME;
	struct tui_game *gm = &t->game;
	struct settings s = *set;
	struct game g;
	struct sgf_record from;
	char note[200] = "";
	uint8_t dead[BOARD_MAX_POINTS];
	int play_on, count = tui_save_read(path, &g, dead, &play_on, &from,
	    err, errlen);

	if (count < 0)
		return -1;
	if (resume) {
		tui_save_read_meta(t->data_dir, &s);
		/* How the board looks and answers comes from the settings of
		 * the moment, not from when the game was left. */
		s.preview = set->preview;
		s.marks = set->marks;
		s.numbers = set->numbers;
		s.pace = set->pace;
		s.sound = set->sound;
	} else if (how == TUI_LOAD_GUESS && !tui_save_opponent(&from, &s)) {
		s.opponent = SETTINGS_HOTSEAT;
	}
	if (!resume && g.end == GAME_END_NONE && !tui_save_is_current(t->data_dir,
	    path) && tui_game_keep_unfinished(t, note, sizeof note) < 0) {
		/* Another unfinished game would take the place of the one
		 * saved, which could not be kept. */
		snprintf(err, errlen, "%s", note);
		game_free(&g);
		sgf_record_free(&from);
		return -1;
	}
	if (t->in_game)
		tui_game_end(t);
	memset(gm, 0, sizeof *gm);
	gm->g = g;
	gm->from = from;
	gm->has_from = true;
	s.size = g.size;
	s.komi = g.komi;
	s.handicap = g.handicap;
	/* Where the players went on after two passes: the record says it
	 * (PO[]); a record of an older version leaves it to current.conf. */
	if (play_on < 0 && resume)
		play_on = s.play_on;
	s.play_on = -1;
	tui_game_begin(t, &s);
	gm->saved_final = g.end != GAME_END_NONE;
	gm->not_current = !resume && g.end != GAME_END_NONE &&
	    !tui_save_is_current(t->data_dir, path);
	if (play_on >= 0 && play_on <= g.nmoves)
		gm->play_on_at = play_on;
	if (count > 0 && g.end == GAME_END_SCORE) {
		double d;

		memcpy(gm->dead, dead, sizeof gm->dead);
		score_area(&gm->g.board, gm->dead, gm->g.komi, &gm->score);
		/* Marks that do not give the record's result are not the
		 * count that decided it: the panel says the result. */
		d = gm->score.margin - g.score;
		gm->has_count = d > -0.01 && d < 0.01;
	}
	if (tui_game_start_player(t, err, errlen) < 0) {
		tui_game_message(gm, true, "%s", err);
		gm->set.opponent = SETTINGS_HOTSEAT;
	}
	if (g.end != GAME_END_NONE) {
		char res[256];

		gm->mode = TUI_OVER;
		tui_game_result(t, res, sizeof res);
		tui_game_message(gm, false, "%s  %s", res,
		    _("[ ] look through the moves"));
		tui_game_first_of_more(gm);
		return 0;
	}
	if (note[0] != '\0')
		tui_game_message(gm, false, "%s", note);
	else
		tui_game_message(gm, false,
		    _("Game continued at move %d: %s to play"), g.nmoves,
		    tui_game_color_name(game_to_move(&g)));
	tui_game_first_of_more(gm);
	if (tui_game_counts(gm))
		tui_count_begin(t, count > 0 ? dead : NULL);
	else
		tui_game_after_move(t);
	return 0;
}

void
tui_game_end(struct tui *t)
{
	struct tui_game *gm = &t->game;

	if (!t->in_game)
		return;
	tui_player_stop(&gm->player);
	game_free(&gm->g);
	if (gm->has_from)
		sgf_record_free(&gm->from);
	gm->has_from = false;
	t->in_game = false;
}

/* Forget the computer's pending answer. */
static void
tui_game_stop_thinking(struct tui_game *gm)
{
	tui_player_cancel(&gm->player);
	gm->thinking = false;
	gm->have_move = false;
}

static point_t
tui_game_cursor(const struct tui_game *gm)
{
	return board_point(&gm->g.board, gm->cx, gm->cy);
}

bool
tui_game_preview(struct tui_game *gm, point_t p, bool click)
{
	enum board_verdict v;
	char vs[8];

	if (!gm->set.preview || (gm->has_preview && gm->preview == p))
		return true;
	v = game_check(&gm->g, game_to_move(&gm->g), p);
	if (v != MOVE_OK) {
		gm->has_preview = false;
		tui_game_refuse(gm, p, v);
		return false;
	}
	gm->has_preview = true;
	gm->preview = p;
	tui_game_message(gm, false, click ?
	    _("Preview at %s: click it again or press Enter to place, Esc cancels") :
	    _("Preview at %s: Enter places, arrows move it, Esc cancels"),
	    board_vertex_str(&gm->g.board, p, vs));
	return false;
}

/* Why P is not a move, in words. */
void
tui_game_refuse(struct tui_game *gm, point_t p, enum board_verdict v)
{
	char vs[8];

	board_vertex_str(&gm->g.board, p, vs);
	switch (v) {
	case MOVE_OCCUPIED:
		tui_game_message(gm, true, _("%s: that point is occupied"), vs);
		break;
	case MOVE_SUICIDE:
		tui_game_message(gm, true, _("%s is forbidden: the stone would have no liberty (suicide)"),
		    vs);
		break;
	case MOVE_KO:
		tui_game_message(gm, true, _("%s is forbidden by ko: play elsewhere first, then retake"),
		    vs);
		break;
	case MOVE_SUPERKO:
		tui_game_message(gm, true, _("%s is forbidden: it would repeat an earlier position (superko)"),
		    vs);
		break;
	default:
		tui_game_message(gm, true, _("%s is not on the board"), vs);
		break;
	}
}

static void
tui_game_play(struct tui *t, point_t p)
{
	struct tui_game *gm = &t->game;
	enum color c = game_to_move(&gm->g);
	enum board_verdict v = game_check(&gm->g, c, p);
	char vs[8];

	gm->has_preview = false;
	if (v != MOVE_OK) {
		tui_game_refuse(gm, p, v);
		return;
	}
	game_play(&gm->g, c, p);
	tui_game_message(gm, false, p == BOARD_PASS ? _("%s passes") :
	    _("%s played %s"), tui_game_color_name(c),
	    board_vertex_str(&gm->g.board, p, vs));
	tui_game_after_move(t);
}

/* The game is over, or an earlier move is being looked at: say so and
 * return true (no move can be made now). */
static bool
tui_game_not_now(struct tui_game *gm)
{
	if (gm->mode == TUI_OVER) {
		tui_game_message(gm, false, _("The game is over: R starts a new one, q goes to the lobby"));
		return true;
	}
	if (gm->view >= 0) {
		tui_game_message(gm, false, _("Looking at move %d: End goes back to the game"),
		    gm->view);
		return true;
	}
	return false;
}

/* Enter, Space or a click on P. */
static void
tui_game_place(struct tui *t, point_t p, bool click)
{
	struct tui_game *gm = &t->game;

	if (tui_game_not_now(gm))
		return;
	if (!tui_game_human_turn(gm)) {
		if (!gm->thinking) {
			/* The computer failed last time: ask again. */
			tui_game_after_move(t);
			return;
		}
		tui_game_message(gm, false, _("Not your turn: the computer is thinking"));
		return;
	}
	if (tui_game_preview(gm, p, click))
		tui_game_play(t, p);
}

static void
tui_game_resign_yes(struct tui *t)
{
	struct tui_game *gm = &t->game;
	enum color loser = gm->set.opponent == SETTINGS_HOTSEAT ?
	    game_to_move(&gm->g) : gm->human;

	/* The game may have moved on while the question was open. */
	if (gm->g.end != GAME_END_NONE || gm->mode != TUI_PLAY)
		return;
	tui_game_stop_thinking(gm);
	gm->has_preview = false;
	game_resign(&gm->g, loser);
	tui_game_after_move(t);
}

static void
tui_game_restart_yes(struct tui *t)
{
	struct settings s = t->game.set;
	char note[PATH_MAX + 160];

	/* A finished game whose record could not be written is tried
	 * again (the message says why when it still cannot be). */
	if (t->game.g.end != GAME_END_NONE && !t->game.saved_final) {
		tui_game_save(t);
		if (!t->game.saved_final)
			return;
	}
	/* The unfinished game is kept, as when a new game replaces it
	 * from the lobby; if it cannot be, the game goes on. */
	if (tui_game_keep_unfinished(t, note, sizeof note) < 0) {
		tui_game_message(&t->game, true, "%s", note);
		return;
	}
	/* Display options come from the settings of the moment. */
	tui_game_new(t, &s);
	if (note[0] != '\0')
		tui_game_message(&t->game, false, "%s", note);
}

/* The result is taken back: the game is no longer a finished one, and
 * the file this game was archived as goes until it ends again (under the
 * same name then). */
static void
tui_game_unfinish(struct tui_game *gm)
{
	if (gm->saved_final && gm->archive[0] != '\0')
		unlink(gm->archive);
	gm->saved_final = false;
}

static void
tui_game_undo(struct tui *t)
{
	struct tui_game *gm = &t->game;
	struct game *g = &gm->g;
	bool computer = gm->set.opponent != SETTINGS_HOTSEAT;
	int i, n = 0;

	tui_game_stop_thinking(gm);
	gm->has_preview = false;
	gm->view = -1;
	/* A result that no move gave (a resignation, a record's time, or a
	 * count without the two passes) is taken back alone. */
	if (g->end != GAME_END_NONE &&
	    (g->end != GAME_END_SCORE || !game_two_passes(g))) {
		enum game_end end = g->end;
		enum color winner = g->winner;

		game_goto(g, g->nmoves);
		gm->mode = TUI_PLAY;
		tui_game_unfinish(gm);
		/* The player's own resignation: take back that alone.  The
		 * computer's: with the player's last move, as any reply of
		 * its (asked again at once, it would resign again). */
		if (end != GAME_END_RESIGN || !computer ||
		    winner != gm->human || gm->human == EMPTY) {
			tui_game_message(gm, false, end == GAME_END_RESIGN ?
			    _("Resignation taken back") :
			    _("Result taken back"));
			tui_game_after_move(t);
			return;
		}
	}
	if (computer) {
		/* Back to the player's turn before the player's last move. */
		for (i = g->nmoves - 1; i >= 0; i--)
			if (g->moves[i].color == gm->human)
				break;
		n = i < 0 ? 0 : g->nmoves - i;
	} else
		n = g->nmoves > 0;
	if (n == 0) {
		/* The computer, stopped above, is asked again if it is its
		 * turn (its first move, say). */
		gm->mode = TUI_PLAY;
		tui_game_after_move(t);
		tui_game_message(gm, true, _("Nothing to undo"));
		return;
	}
	game_undo(g, n);
	gm->mode = TUI_PLAY;
	tui_game_unfinish(gm);
	/* Declining the count held for those passes only. */
	if (g->nmoves < gm->play_on_at)
		gm->play_on_at = -1;
	tui_game_message(gm, false, ngettext("Took back %d move: %s to play",
	    "Took back %d moves: %s to play", (unsigned long)n), n,
	    tui_game_color_name(game_to_move(g)));
	tui_game_after_move(t);
}

static void
tui_game_to_lobby(struct tui *t)
{
	struct tui_game *gm = &t->game;

	/* The computer is stopped only once the player leaves: a save
	 * that fails keeps the game going, and the computer's move with it. */
	if (!tui_game_may_leave(t))
		return;
	tui_game_stop_thinking(gm);
	tui_game_end(t);
	tui_lobby_enter(t);
}

static void
tui_game_view(struct tui_game *gm, int n)
{
	if (n >= gm->g.nmoves) {
		gm->view = -1;
		tui_game_message(gm, false, _("Back to the game at move %d"),
		    gm->g.nmoves);
		return;
	}
	gm->has_preview = false;
	gm->view = n < 0 ? 0 : n;
	tui_game_message(gm, false, _("Looking at move %d of %d: [ ] step, End goes back"),
	    gm->view, gm->g.nmoves);
}

void
tui_game_arrow(struct tui_game *gm, enum tui_action a)
{
	int size = gm->g.size;
	int dx = a == TUI_LEFT ? -1 : a == TUI_RIGHT ? 1 : 0;
	int dy = a == TUI_UP ? -1 : a == TUI_DOWN ? 1 : 0;

	gm->cx = (gm->cx + dx + size) % size;
	gm->cy = (gm->cy + dy + size) % size;
	if (gm->has_preview)
		gm->preview = tui_game_cursor(gm);
}

static void
tui_game_action(struct tui *t, enum tui_action a)
{
	struct tui_game *gm = &t->game;
	bool counting = gm->mode == TUI_COUNT;

	switch (a) {
	case TUI_UP:
	case TUI_DOWN:
	case TUI_LEFT:
	case TUI_RIGHT:
		tui_game_arrow(gm, a);
		if (gm->has_preview) {
			enum board_verdict v = game_check(&gm->g,
			    game_to_move(&gm->g), gm->preview);
			char vs[8];

			/* The preview goes on with the cursor, but shows
			 * only where the stone may go; elsewhere the status
			 * says why not. */
			if (v != MOVE_OK)
				tui_game_refuse(gm, gm->preview, v);
			else
				tui_game_message(gm, false,
				    _("Preview at %s: Enter places, Esc cancels"),
				    board_vertex_str(&gm->g.board, gm->preview,
				    vs));
		}
		break;
	case TUI_PLACE:
		if (counting)
			tui_count_toggle(t, tui_game_cursor(gm));
		else
			tui_game_place(t, tui_game_cursor(gm), false);
		break;
	case TUI_CONFIRM:
		if (counting)
			tui_count_confirm(t);
		else if (gm->has_preview)
			tui_game_play(t, gm->preview);
		else
			tui_game_message(gm, false, _("No preview to confirm"));
		break;
	case TUI_CANCEL:
		if (counting)
			tui_count_resume(t);
		else if (gm->has_preview) {
			gm->has_preview = false;
			tui_game_message(gm, false, _("Preview cancelled"));
		} else if (gm->view >= 0)
			tui_game_view(gm, gm->g.nmoves);
		else if (gm->thinking) {
			/* The move now: its search cut short, and shown as
			 * soon as it is in, whatever the pace. */
			tui_player_hurry(&gm->player);
			gm->show_at = util_now();
		}
		break;
	case TUI_PASS:
		if (counting || tui_game_not_now(gm))
			break;
		if (tui_game_human_turn(gm))
			tui_game_play(t, BOARD_PASS);
		else
			tui_game_message(gm, true, _("You can pass only on your turn"));
		break;
	case TUI_UNDO:
		tui_game_undo(t);
		break;
	case TUI_RESIGN:
		if (gm->g.end != GAME_END_NONE || counting)
			tui_game_message(gm, true, _("There is no game to resign"));
		else if (gm->set.opponent == SETTINGS_HOTSEAT)
			/* Two players at one screen: the side to play. */
			tui_dialog_open(t, game_to_move(&gm->g) == WHITE ?
			    _("White resigns this game?") :
			    _("Black resigns this game?"),
			    tui_game_resign_yes, NULL);
		else
			tui_dialog_open(t, _("Resign this game?"),
			    tui_game_resign_yes, NULL);
		break;
	case TUI_RESTART:
		if (gm->g.end == GAME_END_NONE && gm->g.nmoves > 0)
			tui_dialog_open(t,
			    _("The game is not finished. Start a new one?"),
			    tui_game_restart_yes, NULL);
		else
			tui_game_restart_yes(t);
		break;
	case TUI_LOBBY:
		tui_game_to_lobby(t);
		break;
	case TUI_QUIT:
		if (tui_game_may_leave(t)) {
			tui_game_stop_thinking(gm);
			t->quit = true;
		}
		break;
	case TUI_BACK:
		tui_game_view(gm, (gm->view < 0 ? gm->g.nmoves : gm->view) - 1);
		break;
	case TUI_FORWARD:
		if (gm->view >= 0)
			tui_game_view(gm, gm->view + 1);
		break;
	case TUI_FIRST:
		tui_game_view(gm, 0);
		break;
	case TUI_LAST:
		tui_game_view(gm, gm->g.nmoves);
		break;
	case TUI_HELP:
		t->help = true;
		break;
	default:
		break;
	}
}

bool
tui_game_visible(const struct tui *t)
{
	struct tui_layout l;

	tui_board_layout(t, &t->game, &l);
	return l.fits;
}

void
tui_game_key(struct tui *t, int key)
{
	const struct tui_key *table = t->game.mode == TUI_COUNT ?
	    tui_keys_count : tui_keys_game;
	enum tui_action a = tui_keys_lookup(table, key);

	if (!tui_game_visible(t) && a != TUI_LOBBY && a != TUI_QUIT)
		return;
	tui_game_action(t, a);
}

void
tui_game_click(struct tui *t, int y, int x)
{
	struct tui_game *gm = &t->game;
	point_t p;

	if (!tui_game_visible(t))
		return;
	for (int i = 0; i < gm->nbuttons; i++) {
		const struct tui_button *b = &gm->buttons[i];

		if (y == b->y && x >= b->x && x < b->x + b->w) {
			tui_game_action(t, b->action);
			return;
		}
	}
	if ((p = tui_board_hit(t, y, x)) == BOARD_NONE)
		return;
	gm->cx = board_x(&gm->g.board, p);
	gm->cy = board_y(&gm->g.board, p);
	if (gm->mode == TUI_COUNT)
		tui_count_toggle(t, p);
	else
		tui_game_place(t, p, true);
}

void
tui_game_tick(struct tui *t)
{
	struct tui_game *gm = &t->game;
	char err[256], vs[8];
	enum color c;
	point_t move;
	int rc;

	if (!t->in_game || !gm->thinking)
		return;
	if (!gm->have_move) {
		rc = tui_player_take(&gm->player, &move, err, sizeof err);
		if (rc < 0) {
			gm->thinking = false;
			/* A refusal stays a refusal, however often asked; an
			 * illegal move may come again. */
			if (rc == TUI_PLAYER_REFUSED)
				tui_game_message(gm, true, _("The engine cannot play this game: %s"),
				    err);
			else if (rc == TUI_PLAYER_ILLEGAL)
				tui_game_message(gm, true, _("The engine played an illegal move (%s): Z takes back a move, Enter asks again"),
				    err);
			else
				tui_game_message(gm, true, _("The engine failed: %s. Enter tries again"),
				    err);
			return;
		}
		if (rc == 0)
			return;
		gm->have_move = true;
		gm->move = move;
	}
	if (util_now() < gm->show_at)
		return;
	gm->thinking = gm->have_move = false;
	c = game_to_move(&gm->g);
	if (gm->move == BOARD_RESIGN) {
		game_resign(&gm->g, c);
		tui_game_after_move(t);
		return;
	}
	if (game_play(&gm->g, c, gm->move) != MOVE_OK) {
		tui_game_message(gm, true, _("The computer tried an illegal move"));
		return;
	}
	tui_game_message(gm, false, gm->move == BOARD_PASS ? _("%s passes") :
	    _("%s played %s"), tui_game_color_name(c),
	    board_vertex_str(&gm->g.board, gm->move, vs));
	tui_bell(t);
	tui_game_after_move(t);
}

int
tui_game_timeout(struct tui *t)
{
	struct tui_game *gm = &t->game;
	double ms;

	if (!t->in_game || !gm->have_move)
		return -1;
	ms = (gm->show_at - util_now()) * 1000.0 + 1;
	return ms < 0 ? 0 : ms > 60000 ? 60000 : (int)ms;
}
