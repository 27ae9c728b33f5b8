/*
 * match.c: a match runner.
 *
 * tengen's AI plays in this process; the opponent is any GTP engine run
 * through gtp-client (the same controller the client uses for external
 * opponents).  Colours alternate, tengen's own rules judge every move (an
 * illegal move from the opponent loses the game), two passes end a game, and
 * tengen's counting with its dead-stone estimate decides it.  Every game is
 * written as SGF.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "game-sgf.h"
#include "gtp-client.h"
#include "match.h"
#include "score.h"
#include "sgf.h"
#include "util.h"

void
match_interval(double wins, int n, double *lo, double *hi)
{
	double z = 1.959964, p, d, c;

	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = wins / n;
	d = 1 + z * z / n;
	c = (p + z * z / (2.0 * n)) / d;
	*lo = c - z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
	*hi = c + z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
	if (*lo < 0)
		*lo = 0;
	if (*hi > 1)
		*hi = 1;
}

/* One game; returns the winner (EMPTY for a draw, OFFBOARD on failure). */
static enum color
match_game(const struct match_options *mo, struct ai *ai, struct gtp_client *gc,
	   enum color ours, struct game *g, char *why, size_t whylen)
{
	const char *reply;
	char v[8];
	int max_moves = 3 * mo->size * mo->size;

	game_init(g, mo->size, mo->komi);
	if (gtp_client_command(gc, NULL, "boardsize %d", mo->size) != 0 ||
	    gtp_client_command(gc, NULL, "clear_board") != 0 ||
	    gtp_client_command(gc, NULL, "komi %g", mo->komi) != 0) {
		snprintf(why, whylen, "engine: %s", gtp_client_error(gc));
		return OFFBOARD;
	}
	while (!game_two_passes(g) && g->nmoves < max_moves) {
		enum color c = game_to_move(g);
		point_t p;

		if (c == ours) {
			p = ai_genmove(ai, g, c, NULL);
			if (p == BOARD_RESIGN) {
				game_resign(g, c);
				return color_other(c);
			}
			if (game_play(g, c, p) != MOVE_OK) {
				snprintf(why, whylen, "tengen played an illegal move: %s",
				    board_vertex_str(&g->board, p, v));
				return OFFBOARD;
			}
			if (gtp_client_command(gc, NULL, "play %s %s",
			    c == BLACK ? "b" : "w", board_vertex_str(&g->board, p, v)) != 0) {
				snprintf(why, whylen, "engine refused %s: %s", v,
				    gtp_client_error(gc));
				return OFFBOARD;
			}
		} else {
			if (gtp_client_command(gc, &reply, "genmove %s",
			    c == BLACK ? "b" : "w") != 0) {
				snprintf(why, whylen, "engine genmove: %s",
				    gtp_client_error(gc));
				return OFFBOARD;
			}
			if (strcasecmp(reply, "resign") == 0) {
				game_resign(g, c);
				return color_other(c);
			}
			p = board_vertex_parse(&g->board, reply);
			if (p == BOARD_NONE || game_play(g, c, p) != MOVE_OK) {
				snprintf(why, whylen, "engine played an illegal move: %s", reply);
				g->end = GAME_END_FORFEIT;
				g->winner = ours;
				return ours;
			}
		}
	}
	uint8_t dead[BOARD_MAX_POINTS];
	struct score s;

	ai_dead_stones(g, dead);
	score_area(&g->board, dead, g->komi, &s);
	g->end = GAME_END_SCORE;
	g->score = s.margin;
	return s.margin > 0 ? BLACK : s.margin < 0 ? WHITE : EMPTY;
}

static void
match_save(const struct match_options *mo, const struct game *g, int n,
	   enum color ours)
{
	struct sgf_record rec;
	char path[4096];

	if (!mo->sgf_dir)
		return;
	if (game_to_sgf(g, &rec) < 0)
		return;
	rec.black = xstrdup(ours == BLACK ? "tengen" : mo->engine);
	rec.white = xstrdup(ours == WHITE ? "tengen" : mo->engine);
	snprintf(path, sizeof path, "%s/game-%03d.sgf", mo->sgf_dir, n);
	if (sgf_write_file(path, &rec) < 0)
		fprintf(stderr, "tengen: %s: %s\n", path, strerror(errno));
	sgf_record_free(&rec);
}

int
match_run(const struct match_options *mo)
{
	struct gtp_client *gc = NULL;
	struct ai *ai = ai_new(&mo->ai);
	int wins = 0, losses = 0, draws = 0, played = 0;
	double lo, hi;

	if (mo->sgf_dir && mkdir(mo->sgf_dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "tengen: %s: %s\n", mo->sgf_dir, strerror(errno));
		ai_free(ai);
		return 1;
	}
	for (int i = 0; i < mo->games; i++) {
		enum color ours = i % 2 == 0 ? BLACK : WHITE, winner;
		struct game g;
		char why[256] = "", res[32];

		if (!gc) {
			gc = gtp_client_open(mo->engine, NULL);
			if (!gc) {
				fprintf(stderr, "tengen: cannot start %s: %s\n",
				    mo->engine, strerror(errno));
				break;
			}
			gtp_client_set_timeout(gc, 0);
		}
		winner = match_game(mo, ai, gc, ours, &g, why, sizeof why);
		if (winner == OFFBOARD) {
			fprintf(stderr, "tengen: game %d: %s\n", i + 1, why);
			game_free(&g);
			gtp_client_close(gc);
			gc = NULL;
			break;
		}
		match_save(mo, &g, i + 1, ours);
		played++;
		if (winner == ours)
			wins++;
		else if (winner == EMPTY)
			draws++;
		else
			losses++;
		if (g.end == GAME_END_SCORE)
			score_result_sgf(g.score, res, sizeof res);
		else
			snprintf(res, sizeof res, "%c+%s", winner == BLACK ? 'B' : 'W',
			    g.end == GAME_END_RESIGN ? "R" : "F");
		printf("game %d: tengen %s, %s, %d moves: %s%s%s\n", i + 1,
		    color_name(ours), res, g.nmoves,
		    winner == ours ? "win" : winner == EMPTY ? "draw" : "loss",
		    *why ? "; " : "", why);
		fflush(stdout);
		game_free(&g);
	}
	gtp_client_close(gc);
	ai_free(ai);
	/* Draws count half. */
	match_interval(wins + draws / 2.0, played, &lo, &hi);
	printf("tengen: %d wins, %d losses, %d draws in %d games: %.1f%% "
	    "(95%% confidence interval %.1f%% to %.1f%%)\n", wins, losses, draws,
	    played, played ? 100.0 * (wins + draws / 2.0) / played : 0.0,
	    100 * lo, 100 * hi);
	return played == mo->games ? 0 : 1;
}
