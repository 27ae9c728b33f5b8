/*
 * match.c: a match runner.
 *
 * tengen's AI plays in this process; the opponent is any GTP engine run
 * through gtp-client (the same controller the client uses for external
 * opponents).  Colours alternate, tengen's own rules judge every move (an
 * illegal move from the opponent loses the game), two passes end a game, and
 * tengen's counting with its dead-stone estimate decides it.  Every game is
 * written as SGF, a counted one with its count (TB/TW).  The engine has
 * GTP_CLIENT_START_MS for its first answer (engines load their data then),
 * GTP_CLIENT_TIMEOUT_MS for every other one but its moves, and all the
 * time it likes for a move; what it writes to stderr goes to engine.log in
 * the --sgf-dir (else nowhere).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Send a command that must succeed; false, with what the engine said or
 * what went wrong in WHY, if it does not. */
static bool
match_command(struct gtp_client *gc, const char **reply, char *why,
	      size_t whylen, const char *fmt, ...)
{
	char cmd[64];
	const char *r = NULL;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	if (gtp_client_broken(gc)) {
		snprintf(why, whylen, "the engine had failed before '%s': %s",
		    cmd, gtp_client_error(gc));
		return false;
	}
	rc = gtp_client_command(gc, &r, "%s", cmd);
	if (rc == 0) {
		if (reply)
			*reply = r;
		return true;
	}
	if (rc == 1)
		snprintf(why, whylen, "the engine refused '%s': %s", cmd,
		    *r ? r : "no reason given");
	else
		snprintf(why, whylen, "the engine failed at '%s': %s", cmd,
		    gtp_client_error(gc));
	return false;
}

/* What tengen's search said of one of its moves, for the record. */
struct match_note {
	bool ours;		/* tengen's move */
	long playouts;		/* 0: passed without a search, the count won */
	double seconds, winrate;
};

/* One game; returns the winner (EMPTY for a draw, OFFBOARD on failure).
 * Adds tengen's thinking time to *SECONDS and its moves to *MOVES; a game
 * counted leaves its dead stones in DEAD.  NOTES (3 size² + 1) get the
 * search's figures of each of tengen's moves, by move number. */
static enum color
match_game(const struct match_options *mo, struct ai *ai, struct gtp_client *gc,
	   enum color ours, struct game *g, uint8_t *dead, double *seconds,
	   int *moves, struct match_note *notes, char *why, size_t whylen)
{
	const char *reply;
	char v[8], komi[32];
	int max_moves = 3 * mo->size * mo->size;

	game_init(g, mo->size, mo->komi);
	if (!match_command(gc, NULL, why, whylen, "boardsize %d", mo->size) ||
	    !match_command(gc, NULL, why, whylen, "clear_board") ||
	    !match_command(gc, NULL, why, whylen, "komi %s",
	    util_format_double(mo->komi, komi, sizeof komi)))
		return OFFBOARD;
	gtp_client_set_timeout(gc, GTP_CLIENT_TIMEOUT_MS);
	while (!game_two_passes(g) && g->nmoves < max_moves) {
		enum color c = game_to_move(g);
		point_t p;

		if (c == ours) {
			double start = util_now();
			struct ai_stats st;

			p = ai_genmove(ai, g, c, &st);
			*seconds += util_now() - start;
			++*moves;
			notes[g->nmoves].ours = true;
			notes[g->nmoves].playouts = st.playouts;
			notes[g->nmoves].seconds = st.seconds;
			notes[g->nmoves].winrate = st.winrate;
			if (p == BOARD_RESIGN) {
				game_resign(g, c);
				return color_other(c);
			}
			if (game_play(g, c, p) != MOVE_OK) {
				snprintf(why, whylen, "tengen played an illegal move: %s",
				    board_vertex_str(&g->board, p, v));
				return OFFBOARD;
			}
			if (!match_command(gc, NULL, why, whylen, "play %s %s",
			    c == BLACK ? "b" : "w", board_vertex_str(&g->board, p, v)))
				return OFFBOARD;
		} else {
			bool ok;

			gtp_client_set_timeout(gc, 0);
			ok = match_command(gc, &reply, why, whylen, "genmove %s",
			    c == BLACK ? "b" : "w");
			gtp_client_set_timeout(gc, GTP_CLIENT_TIMEOUT_MS);
			if (!ok)
				return OFFBOARD;
			if (strcasecmp(reply, "resign") == 0) {
				game_resign(g, c);
				return color_other(c);
			}
			if (strchr(reply, '\n') != NULL) {
				snprintf(why, whylen, "engine answered genmove "
				    "with more than one line: %.*s ...",
				    (int)strcspn(reply, "\n"), reply);
				g->end = GAME_END_FORFEIT;
				g->winner = ours;
				return ours;
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
	struct score s;

	if (!game_two_passes(g))
		snprintf(why, whylen, "counted at the %d-move limit", max_moves);
	ai_dead_stones(g, dead);
	score_area(&g->board, dead, g->komi, &s);
	g->end = GAME_END_SCORE;
	g->score = s.margin;
	return s.margin > 0 ? BLACK : s.margin < 0 ? WHITE : EMPTY;
}

/* tengen's colour in game N (from 1): Black in the odd games. */
static enum color
match_ours(int n)
{
	return n % 2 == 1 ? BLACK : WHITE;
}

static void
match_path(const struct match_options *mo, int n, char *path, size_t len)
{
	snprintf(path, len, "%s/game-%03d.sgf", mo->sgf_dir, n);
}

/* Where the moves of game N go when the engine stopped it. */
static void
match_stopped_path(const struct match_options *mo, int n, char *path,
		   size_t len)
{
	snprintf(path, len, "%s/game-%03d-stopped.sgf", mo->sgf_dir, n);
}

static bool
match_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* Write game N, with its count (DEAD) when it was counted, the search's
 * figures (NOTES) as comments on tengen's moves and ABOUT, if not "", as
 * the game's comment; false (and a message) if it cannot be written, or if
 * a file of that name is already there. */
static bool
match_save(const struct match_options *mo, const struct game *g,
	   const uint8_t *dead, const struct match_note *notes, int n,
	   enum color ours, const char *about)
{
	struct sgf_record rec;
	char path[4096];
	bool ok;

	if (!mo->sgf_dir)
		return true;
	match_path(mo, n, path, sizeof path);
	/* A game the engine stopped is kept aside, under a name --resume
	 * does not count: the match plays it again. */
	if (g->end == GAME_END_NONE)
		match_stopped_path(mo, n, path, sizeof path);
	else if (match_exists(path)) {
		fprintf(stderr, "tengen: %s: already there, not written over\n",
		    path);
		return false;
	}
	if (game_to_sgf(g, &rec) < 0) {
		fprintf(stderr, "tengen: %s: the game cannot be written\n", path);
		return false;
	}
	rec.black = xstrdup(ours == BLACK ? "tengen" : mo->engine);
	rec.white = xstrdup(ours == WHITE ? "tengen" : mo->engine);
	if (g->end == GAME_END_SCORE)
		game_sgf_set_count(&rec, g, dead);
	if (about[0] != '\0') {
		free(rec.comment);
		rec.comment = xstrdup(about);
	}
	for (int i = 0; i < rec.nmoves && i < g->nmoves; i++) {
		char c[96];

		if (!notes[i].ours)
			continue;
		if (notes[i].playouts > 0)
			snprintf(c, sizeof c, "tengen: win rate %.1f%%, %ld "
			    "playouts, %.2f s", 100 * notes[i].winrate,
			    notes[i].playouts, notes[i].seconds);
		else
			snprintf(c, sizeof c, "tengen: passes after the pass, "
			    "the count as it stands wins");
		free(rec.moves[i].comment);
		rec.moves[i].comment = xstrdup(c);
	}
	ok = sgf_write_file(path, &rec) == 0;
	if (!ok)
		fprintf(stderr, "tengen: %s: %s\n", path, strerror(errno));
	sgf_record_free(&rec);
	return ok;
}

/* How a record's comment and a game's line give the engine's count of a
 * counted game, which match_resume() reads back. */
#define MATCH_ENGINE_COUNTS "the engine counts "

/* The winner a result such as "B+2.5", "W+R" or "0" names: BLACK, WHITE,
 * EMPTY for a draw, OFFBOARD for none. */
static enum color
match_result_winner(const char *s)
{
	if (strcmp(s, "0") == 0 || strncmp(s, "0 ", 2) == 0)
		return EMPTY;
	if ((s[0] == 'B' || s[0] == 'W') && s[1] == '+')
		return s[0] == 'B' ? BLACK : WHITE;
	return OFFBOARD;
}

/* What the record of a finished game says of its end, in ABOUT: why a
 * game was forfeited or cut short (WHY), and for a counted game, tengen's
 * count (RES) beside the engine's own count of the same position, when it
 * has one (final_score); that is added to WHY too, for the game's line.
 * *ENGINE gets the winner the engine's count names (OFFBOARD: none). */
static void
match_about(struct gtp_client *gc, const struct game *g, const char *res,
	    char *why, size_t whylen, char *about, size_t len,
	    enum color *engine)
{
	const char *reply;
	size_t n;
	int rc;

	*engine = OFFBOARD;
	snprintf(about, len, "%s", why);
	if (g->end != GAME_END_SCORE)
		return;
	n = strlen(about);
	snprintf(about + n, len - n, "%stengen counts %s with the dead stones "
	    "of TB and TW", n ? "; " : "", res);
	/* A count can take an engine long (GNU Go: 15 s on 19x19 on a busy
	 * machine), but not for ever. */
	gtp_client_set_timeout(gc, GTP_CLIENT_START_MS);
	rc = gtp_client_command(gc, &reply, "final_score");
	if (rc == 0 && reply[0] != '\0') {
		n = strlen(about);
		snprintf(about + n, len - n, "; " MATCH_ENGINE_COUNTS "%.32s",
		    reply);
		n = strlen(why);
		snprintf(why + n, whylen - n, "%s" MATCH_ENGINE_COUNTS "%.32s",
		    n ? "; " : "", reply);
		*engine = match_result_winner(reply);
	} else if (rc < 0) {
		/* Said here, where it happened: the next game's first
		 * command would be blamed for it. */
		n = strlen(why);
		snprintf(why + n, whylen - n, "%sthe engine failed at "
		    "'final_score': %.100s", n ? "; " : "",
		    gtp_client_error(gc));
	}
	gtp_client_set_timeout(gc, GTP_CLIENT_TIMEOUT_MS);
}

struct match_tally {
	int wins, losses, draws, played;
	/* By tengen's colour (BLACK, WHITE): games, and wins with a draw
	 * counted as half of one, in halves. */
	int played_as[3], won2_as[3];
	/* Games counted by tengen; of them, those where the engine's own
	 * count names another winner, and those of these tengen won. */
	int counted, disputed, disputed_won;
};

static void
match_count(struct match_tally *t, enum color winner, enum color ours)
{
	t->played++;
	t->played_as[ours]++;
	if (winner == ours) {
		t->wins++;
		t->won2_as[ours] += 2;
	} else if (winner == EMPTY) {
		t->draws++;
		t->won2_as[ours]++;
	} else {
		t->losses++;
	}
}

/* A counted game tengen's count gave WINNER, the engine's ENGINE. */
static void
match_count_dispute(struct match_tally *t, enum color winner,
		    enum color engine, enum color ours)
{
	t->counted++;
	if (engine == OFFBOARD || engine == winner)
		return;
	t->disputed++;
	if (winner == ours)
		t->disputed_won++;
}

/* "black 40 of 50 (80.0%)", its interval too. */
static void
match_print_as(const struct match_tally *t, enum color c)
{
	double won = t->won2_as[c] / 2.0, lo, hi;
	int n = t->played_as[c];

	match_interval(won, n, &lo, &hi);
	printf("%s %g of %d (%.1f%%, %.1f%% to %.1f%%)", color_name(c), won,
	    n, n ? 100.0 * won / n : 0.0, 100 * lo, 100 * hi);
}

static const char *
match_outcome(enum color winner, enum color ours)
{
	return winner == ours ? "win" : winner == EMPTY ? "draw" : "loss";
}

/* Is NAME, as read back from PB[] or PW[], the engine command CMD?  A
 * record's simple text keeps no tab or newline: each became a space. */
static bool
match_same_engine(const char *name, const char *cmd)
{
	for (; *name && *cmd; name++, cmd++)
		if (*name != *cmd && !(*name == ' ' && isspace((unsigned char)*cmd)))
			return false;
	return *name == *cmd;
}

/* Game N of an earlier run, read back into REC: it must be a game of this
 * match with a result.  Returns the winner (EMPTY for a draw), or OFFBOARD
 * with the reason in WHY. */
static enum color
match_reread(const struct match_options *mo, int n, struct sgf_record *rec,
	     char *why, size_t whylen)
{
	enum color ours = match_ours(n);
	const char *tengen = ours == BLACK ? rec->black : rec->white;
	const char *engine = ours == BLACK ? rec->white : rec->black;
	const char *re = rec->result;

	if (rec->size != mo->size) {
		snprintf(why, whylen, "a game on %dx%d, the match is on %dx%d",
		    rec->size, rec->size, mo->size, mo->size);
		return OFFBOARD;
	}
	if (!rec->has_komi || rec->komi != mo->komi) {
		snprintf(why, whylen, "komi %g, the match's is %g",
		    rec->has_komi ? rec->komi : 0.0, mo->komi);
		return OFFBOARD;
	}
	if (!tengen || strcmp(tengen, "tengen") != 0 || !engine ||
	    !match_same_engine(engine, mo->engine)) {
		snprintf(why, whylen, "not this match's game %d (tengen %s "
		    "against '%s')", n, color_name(ours), mo->engine);
		return OFFBOARD;
	}
	if (re && strcmp(re, "0") == 0)
		return EMPTY;
	if (re && (re[0] == 'B' || re[0] == 'W') && re[1] == '+')
		return re[0] == 'B' ? BLACK : WHITE;
	snprintf(why, whylen, "no result (RE) to count");
	return OFFBOARD;
}

/* The games already in the match's folder: none, or with --resume the
 * ones of an earlier run, counted into T and listed.  Returns -1 (with a
 * message) when they cannot be counted. */
static int
match_resume(const struct match_options *mo, struct match_tally *t)
{
	char path[4096], why[256], err[512];
	int found = 0;

	if (!mo->sgf_dir)
		return 0;
	/* The games are numbered from 1 without a gap: one past a gap would
	 * be met only when its number came to be written. */
	for (int n = 1; n <= mo->games; n++) {
		match_path(mo, n, path, sizeof path);
		if (!match_exists(path))
			continue;
		if (found < n - 1) {
			fprintf(stderr, "tengen: %s: game %d is missing before "
			    "it; the games of a match are numbered from 1 "
			    "without a gap\n", path, found + 1);
			return -1;
		}
		found = n;
	}
	for (int n = 1; n <= found; n++) {
		struct sgf_record rec;
		enum color ours = match_ours(n), winner;

		match_path(mo, n, path, sizeof path);
		if (!mo->resume) {
			fprintf(stderr, "tengen: %s: the folder holds games of "
			    "a match already; --resume goes on with it, or "
			    "choose another --sgf-dir\n", path);
			return -1;
		}
		if (sgf_read_file(path, &rec, err, sizeof err) < 0) {
			fprintf(stderr, "tengen: %s\n", err);
			return -1;
		}
		winner = match_reread(mo, n, &rec, why, sizeof why);
		if (winner == OFFBOARD) {
			fprintf(stderr, "tengen: %s: %s\n", path, why);
			sgf_record_free(&rec);
			return -1;
		}
		match_count(t, winner, ours);
		/* A counted game: its record gives both counts. */
		if (rec.comment && strstr(rec.comment, "tengen counts ")) {
			const char *e = strstr(rec.comment, MATCH_ENGINE_COUNTS);

			match_count_dispute(t, winner, e ? match_result_winner(e +
			    strlen(MATCH_ENGINE_COUNTS)) : OFFBOARD, ours);
		}
		printf("game %d: tengen %s, %s, %d moves: %s (played before)\n",
		    n, color_name(ours), rec.result, rec.nmoves,
		    match_outcome(winner, ours));
		sgf_record_free(&rec);
	}
	fflush(stdout);
	return 0;
}

int
match_run(const struct match_options *mo)
{
	struct gtp_client *gc = NULL;
	struct ai *ai;
	struct match_tally t;
	int first, nnotes;
	struct match_note *notes;
	double lo, hi, think = 0;
	long thought = 0;

	memset(&t, 0, sizeof t);
	char log[4096];
	struct stat st;

	if (mo->sgf_dir && mkdir(mo->sgf_dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "tengen: %s: %s\n", mo->sgf_dir, strerror(errno));
		return 1;
	}
	/* A folder there, to write in: not a file of that name (the engine
	 * would seem to fail, its engine.log not made). */
	if (mo->sgf_dir) {
		const char *bad = NULL;

		if (stat(mo->sgf_dir, &st) < 0)
			bad = strerror(errno);
		else if (!S_ISDIR(st.st_mode))
			bad = "not a folder";
		else if (access(mo->sgf_dir, W_OK) < 0)
			bad = strerror(errno);
		if (bad != NULL) {
			fprintf(stderr, "tengen: --sgf-dir %s: %s\n",
			    mo->sgf_dir, bad);
			return 1;
		}
	}
	if (match_resume(mo, &t) < 0)
		return 1;
	first = t.played;
	if (mo->sgf_dir)
		snprintf(log, sizeof log, "%s/engine.log", mo->sgf_dir);
	ai = ai_new(&mo->ai);
	nnotes = 3 * mo->size * mo->size + 1;
	notes = xcalloc((size_t)nnotes, sizeof *notes);
	for (int i = first; i < mo->games; i++) {
		enum color ours = match_ours(i + 1), winner, engine;
		struct game g;
		char why[256] = "", res[32], about[512];
		double seconds = 0;
		int moves = 0;
		uint8_t dead[BOARD_MAX_POINTS];

		if (!gc) {
			gc = gtp_client_open(mo->engine, mo->sgf_dir ? log : NULL);
			if (!gc) {
				fprintf(stderr, "tengen: cannot start %s: %s\n",
				    mo->engine, strerror(errno));
				break;
			}
			gtp_client_set_timeout(gc, GTP_CLIENT_START_MS);
		}
		memset(notes, 0, sizeof *notes * (size_t)nnotes);
		winner = match_game(mo, ai, gc, ours, &g, dead, &seconds,
		    &moves, notes, why, sizeof why);
		if (winner == OFFBOARD) {
			bool engine = strncmp(why, "the engine", 10) == 0;

			fprintf(stderr, "tengen: game %d: %s%s%s\n", i + 1, why,
			    engine && mo->sgf_dir ?
			    "; the engine's messages are in " : "",
			    engine && mo->sgf_dir ? log : "");
			/* Its moves so far are not lost. */
			g.end = GAME_END_NONE;
			if (g.nmoves > 0 && mo->sgf_dir &&
			    match_save(mo, &g, dead, notes, i + 1, ours, why)) {
				char stopped[4096];

				match_stopped_path(mo, i + 1, stopped,
				    sizeof stopped);
				fprintf(stderr, "tengen: game %d: its %d moves "
				    "are in %s\n", i + 1, g.nmoves, stopped);
			}
			game_free(&g);
			gtp_client_close(gc);
			gc = NULL;
			break;
		}
		if (g.end == GAME_END_SCORE)
			score_result_sgf(g.score, res, sizeof res);
		else
			snprintf(res, sizeof res, "%c+%s", winner == BLACK ? 'B' : 'W',
			    g.end == GAME_END_RESIGN ? "R" : "F");
		match_about(gc, &g, res, why, sizeof why, about, sizeof about,
		    &engine);
		if (!match_save(mo, &g, dead, notes, i + 1, ours, about)) {
			game_free(&g);
			break;
		}
		match_count(&t, winner, ours);
		if (g.end == GAME_END_SCORE)
			match_count_dispute(&t, winner, engine, ours);
		think += seconds;
		thought += moves;
		printf("game %d: tengen %s, %s, %d moves, %.2f s a move: %s%s%s\n",
		    i + 1, color_name(ours), res, g.nmoves,
		    moves ? seconds / moves : 0.0, match_outcome(winner, ours),
		    *why ? "; " : "", why);
		fflush(stdout);
		game_free(&g);
	}
	gtp_client_close(gc);
	ai_free(ai);
	free(notes);
	/* Draws count half. */
	match_interval(t.wins + t.draws / 2.0, t.played, &lo, &hi);
	printf("tengen: %d wins, %d losses, %d draws in %d games: %.1f%% "
	    "(95%% confidence interval %.1f%% to %.1f%%)\n", t.wins, t.losses,
	    t.draws, t.played,
	    t.played ? 100.0 * (t.wins + t.draws / 2.0) / t.played : 0.0,
	    100 * lo, 100 * hi);
	printf("tengen: as ");
	match_print_as(&t, BLACK);
	printf(", as ");
	match_print_as(&t, WHITE);
	printf("\n");
	/* Games are won by tengen's count: say where the engine's differs. */
	if (t.counted > 0)
		printf("tengen: %d game%s counted; the engine's count names "
		    "another winner in %d (%d of them won by tengen's count)\n",
		    t.counted, t.counted == 1 ? "" : "s", t.disputed,
		    t.disputed_won);
	if (thought)
		printf("tengen: %.2f s a move in this run (%d game%s)\n",
		    think / thought, t.played - first,
		    t.played - first == 1 ? "" : "s");
	return t.played == mo->games ? 0 : 1;
}
