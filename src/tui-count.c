/*
 * tui-count.c: the counting phase after two passes.
 *
 * The one idea: the program proposes, the players dispose.  Dead stones are
 * estimated by ai_dead_stones() (settled positions come out right);
 * the players toggle whole groups between dead and alive, and the count
 * (score_area(), Chinese area counting with komi) is recomputed at every
 * toggle, so the screen always shows the result that confirming would give.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "i18n.h"
#include "tui.h"

static void
tui_count_update(struct tui *t)
{
	struct tui_game *gm = &t->game;
	char sgf[32], stones[128];

	score_area(&gm->g.board, gm->dead, gm->g.komi, &gm->score);
	tui_game_message(gm, false,
	    _("Black %g, White %g, komi %g: %s (%s)"),
	    gm->score.black, gm->score.white, gm->g.komi,
	    score_result_sgf(gm->score.margin, sgf, sizeof sgf),
	    score_result_stones(gm->score.margin, i18n_catalog(),
	    tui_plain_text(t), stones, sizeof stones));
}

void
tui_count_begin(struct tui *t, const uint8_t *dead)
{
	struct tui_game *gm = &t->game;

	tui_player_cancel(&gm->player);
	gm->thinking = gm->have_move = false;
	gm->has_preview = false;
	gm->view = -1;
	gm->mode = TUI_COUNT;
	/* A question asked in play ("Resign this game?") is not one about
	 * the count: Enter would answer it instead of marking a group. */
	t->dialog.open = false;
	if (dead != NULL)
		memcpy(gm->dead, dead, sizeof gm->dead);
	else
		ai_dead_stones(&gm->g, gm->dead);
	gm->has_count = true;
	tui_count_update(t);
	/* On disk at once: a game left now comes back with these marks. */
	tui_game_save(t);
}

void
tui_count_toggle(struct tui *t, point_t p)
{
	struct tui_game *gm = &t->game;
	char vs[8];

	if (gm->mode != TUI_COUNT)
		return;
	if (board_at(&gm->g.board, p) != BLACK &&
	    board_at(&gm->g.board, p) != WHITE) {
		tui_game_message(gm, true, _("%s: no stones there; choose a group to mark dead or alive"),
		    board_vertex_str(&gm->g.board, p, vs));
		return;
	}
	score_toggle_group(&gm->g.board, gm->dead, p);
	tui_count_update(t);
	tui_game_save(t);
}

void
tui_count_confirm(struct tui *t)
{
	struct tui_game *gm = &t->game;

	if (gm->mode != TUI_COUNT)
		return;
	score_area(&gm->g.board, gm->dead, gm->g.komi, &gm->score);
	gm->g.end = GAME_END_SCORE;
	gm->g.score = gm->score.margin;
	tui_game_after_move(t);
}

void
tui_count_resume(struct tui *t)
{
	struct tui_game *gm = &t->game;

	if (gm->mode != TUI_COUNT)
		return;
	gm->mode = TUI_PLAY;
	gm->play_on_at = gm->g.nmoves;
	memset(gm->dead, 0, sizeof gm->dead);
	gm->has_count = false;
	tui_game_message(gm, false, _("Play goes on: %s to play"),
	    game_to_move(&gm->g) == WHITE ? _("White") : _("Black"));
	tui_game_after_move(t);
}
