/*
 * tui-player.c: the computer's side of a game, in a thread of its own.
 *
 * The one idea: the screen asks a question ("your move as C in this game")
 * and goes on; a worker thread answers it and wakes the main loop by writing
 * a byte to its self-pipe.  Every question has a number, and an answer is
 * taken only if it answers the latest question, so undo, Esc or leaving the
 * game while the computer thinks just ask ai_stop() to hurry and throw the
 * late answer away.  Every ai_stop() and the ai_go() that starts a question
 * anew are made under the lock, so a stop meant for one question never
 * reaches the next and none is lost before the search begins.  The worker owns a private copy of the game, never the
 * one on the screen.
 *
 * An external engine (GNU Go, KataGo, ...) is driven the same way through
 * gtp-client: the worker keeps the engine's game in step with ours, sending
 * only the moves it has not seen when the game has just grown, and starting
 * the engine's board over after an undo.  An engine cannot be hurried: one
 * whose answer is no longer wanted is killed and started again.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ai.h"
#include "gtp-client.h"
#include "tui.h"
#include "util.h"

static const char *
tui_player_gtp_color(enum color c)
{
	return c == WHITE ? "w" : "b";
}

/* The engine's program name, for messages. */
static const char *
tui_player_engine_name(const struct tui_player *p, char *buf, size_t len)
{
	return gtp_client_program(p->engine, buf, len);
}

/* Send CMD to the engine; 0, or -1 with a refusal's reason kept in
 * p->refusal (the engine is fine then, but the game cannot go on). */
static int
tui_player_engine_cmd(struct tui_player *p, const char *cmd)
{
	const char *reply;
	int rc = gtp_client_command(p->gtp, &reply, "%s", cmd);

	if (rc == 1)
		snprintf(p->refusal, sizeof p->refusal, "refused '%.40s': %s", cmd,
		    reply[0] ? reply : "no reason given");
	return rc == 0 ? 0 : -1;
}

/* Start the engine's board over with G's settings and setup stones. */
static int
tui_player_engine_reset(struct tui_player *p, const struct game *g)
{
	const struct board *b = &g->initial;
	char cmd[4096], v[8];
	size_t len;
	bool white = false;
	int n = 0;

	snprintf(cmd, sizeof cmd, "boardsize %d", g->size);
	if (tui_player_engine_cmd(p, cmd) < 0 ||
	    tui_player_engine_cmd(p, "clear_board") < 0)
		return -1;
	snprintf(cmd, sizeof cmd, "komi %s",
	    util_format_double(g->komi, v, sizeof v));
	if (tui_player_engine_cmd(p, cmd) < 0)
		return -1;
	len = (size_t)snprintf(cmd, sizeof cmd, "set_free_handicap");
	for (int y = 0; y < g->size; y++)
		for (int x = 0; x < g->size; x++) {
			point_t pt = board_point(b, x, y);

			if (board_at(b, pt) == WHITE)
				white = true;
			if (board_at(b, pt) == BLACK && len + 8 < sizeof cmd) {
				len += (size_t)snprintf(cmd + len,
				    sizeof cmd - len, " %s",
				    board_vertex_str(b, pt, v));
				n++;
			}
		}
	/* A handicap as such; an engine that does not take set_free_handicap
	 * (a refusal, not a failure) gets its stones as moves, as any other
	 * setup stones. */
	if (!white && n >= 2 && tui_player_engine_cmd(p, cmd) < 0) {
		if (p->refusal[0] == '\0' || gtp_client_broken(p->gtp))
			return -1;
		p->refusal[0] = '\0';
		white = true;
	}
	if (white || n < 2) {
		/* Not a handicap: play the setup stones as moves. */
		for (int y = 0; y < g->size; y++)
			for (int x = 0; x < g->size; x++) {
				point_t pt = board_point(b, x, y);
				enum color c = board_at(b, pt);

				if (c == EMPTY)
					continue;
				snprintf(cmd, sizeof cmd, "play %s %s",
				    tui_player_gtp_color(c),
				    board_vertex_str(b, pt, v));
				if (tui_player_engine_cmd(p, cmd) < 0)
					return -1;
			}
	}
	p->nsynced = 0;
	p->synced_size = g->size;
	p->synced_komi = g->komi;
	p->synced_setup = g->initial.hash;
	return 0;
}

static int
tui_player_engine_play(struct tui_player *p, const struct game *g,
		       const struct game_move *m)
{
	char v[8], cmd[32];

	snprintf(cmd, sizeof cmd, "play %s %s", tui_player_gtp_color(m->color),
	    board_vertex_str(&g->board, m->point, v));
	if (tui_player_engine_cmd(p, cmd) < 0)
		return -1;
	if (p->nsynced == p->csynced) {
		p->csynced = p->csynced ? p->csynced * 2 : 64;
		p->synced = xreallocarray(p->synced, (size_t)p->csynced,
		    sizeof *p->synced);
	}
	p->synced[p->nsynced++] = *m;
	return 0;
}

/* The engine closed: started again at the next question. */
static void
tui_player_engine_close(struct tui_player *p)
{
	pthread_mutex_lock(&p->lock);
	p->engine_pid = 0;
	pthread_mutex_unlock(&p->lock);
	gtp_client_close(p->gtp);
	p->gtp = NULL;
}

static point_t
tui_player_engine_move(struct tui_player *p, const struct game *g,
		       enum color c, int *failure, char *err, size_t errlen)
{
	const char *reply;
	struct game_move m;
	bool same = p->synced_size == g->size && p->synced_komi == g->komi &&
	    p->synced_setup == g->initial.hash && p->nsynced <= g->nmoves;
	point_t pt;
	const char *nl;
	int i, rc;
	bool quitting;
	char name[64];

	if (p->gtp == NULL) {
		p->gtp = gtp_client_open(p->engine, NULL);
		if (p->gtp == NULL) {
			snprintf(err, errlen, "%s: %s", p->engine, strerror(errno));
			return BOARD_NONE;
		}
		pthread_mutex_lock(&p->lock);
		p->engine_pid = gtp_client_pid(p->gtp);
		quitting = p->quit;
		pthread_mutex_unlock(&p->lock);
		if (quitting) {
			/* tui_player_stop() came before the engine's process
			 * was known, and killed nothing. */
			snprintf(err, errlen, "stopped");
			tui_player_engine_close(p);
			return BOARD_NONE;
		}
		/* An engine may load its data before its first answer. */
		gtp_client_set_timeout(p->gtp, GTP_CLIENT_START_MS);
		same = false;
	}
	for (i = 0; same && i < p->nsynced; i++)
		if (p->synced[i].color != g->moves[i].color ||
		    p->synced[i].point != g->moves[i].point)
			same = false;
	if (!same && tui_player_engine_reset(p, g) < 0)
		goto broken;
	gtp_client_set_timeout(p->gtp, GTP_CLIENT_TIMEOUT_MS);
	for (i = p->nsynced; i < g->nmoves; i++)
		if (tui_player_engine_play(p, g, &g->moves[i]) < 0)
			goto broken;
	gtp_client_set_timeout(p->gtp, 0);
	rc = gtp_client_command(p->gtp, &reply, "genmove %s",
	    tui_player_gtp_color(c));
	gtp_client_set_timeout(p->gtp, GTP_CLIENT_TIMEOUT_MS);
	if (rc == 1)
		snprintf(p->refusal, sizeof p->refusal, "refused 'genmove "
		    "%s': %s", tui_player_gtp_color(c),
		    reply[0] ? reply : "no reason given");
	if (rc != 0)
		goto broken;
	if (strcasecmp(reply, "resign") == 0)
		return BOARD_RESIGN;
	/* A move is one line: more is no move (its first line must not be
	 * taken for one, nor the rest shown on the status line). */
	if ((nl = strchr(reply, '\n')) != NULL) {
		*failure = TUI_PLAYER_ILLEGAL;
		snprintf(err, errlen, "%s: a reply of more than one line to "
		    "genmove: %.*s ...", tui_player_engine_name(p, name,
		    sizeof name), (int)(nl - reply), reply);
		p->synced_size = 0;
		return BOARD_NONE;
	}
	pt = board_vertex_parse(&g->board, reply);
	if (pt == BOARD_NONE || game_check(g, c, pt) != MOVE_OK) {
		*failure = TUI_PLAYER_ILLEGAL;
		snprintf(err, errlen, "%s: illegal move %s",
		    tui_player_engine_name(p, name, sizeof name), reply);
		p->synced_size = 0;	/* start over next time */
		return BOARD_NONE;
	}
	m.color = c;
	m.point = pt;
	if (p->nsynced == p->csynced) {
		p->csynced = p->csynced ? p->csynced * 2 : 64;
		p->synced = xreallocarray(p->synced, (size_t)p->csynced,
		    sizeof *p->synced);
	}
	p->synced[p->nsynced++] = m;
	return pt;
broken:
	/* A refusal's reason, or what broke. */
	if (p->refusal[0] != '\0')
		*failure = TUI_PLAYER_REFUSED;
	snprintf(err, errlen, "%s: %s",
	    tui_player_engine_name(p, name, sizeof name), p->refusal[0] ?
	    p->refusal : gtp_client_error(p->gtp)[0] ?
	    gtp_client_error(p->gtp) : "error");
	p->refusal[0] = '\0';
	tui_player_engine_close(p);
	return BOARD_NONE;
}

static void *
tui_player_main(void *arg)
{
	struct tui_player *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct game g;
		enum color c;
		unsigned gen;
		point_t move;
		int failure = TUI_PLAYER_BROKE;
		char err[256] = "";

		while (!p->quit && !p->has_request)
			pthread_cond_wait(&p->cond, &p->lock);
		if (p->quit)
			break;
		g = p->request;
		memset(&p->request, 0, sizeof p->request);
		c = p->request_color;
		gen = p->gen;
		p->has_request = false;
		p->busy = true;
		if (p->ai != NULL) {
			ai_go(p->ai);
			if (p->hurry_gen == gen)
				ai_stop(p->ai);
		}
		pthread_mutex_unlock(&p->lock);

		if (p->kind == TUI_AI)
			move = ai_genmove(p->ai, &g, c, NULL);
		else
			move = tui_player_engine_move(p, &g, c, &failure, err,
			    sizeof err);
		game_free(&g);

		pthread_mutex_lock(&p->lock);
		p->busy = false;
		if (gen == p->gen) {
			p->has_result = true;
			p->result_gen = gen;
			p->result = move;
			p->failure = failure;
			snprintf(p->error, sizeof p->error, "%s", err);
			if (write(p->wake_fd, "m", 1) < 0) {
				/* The pipe is full: the main loop wakes anyway. */
			}
		}
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int
tui_player_start(struct tui_player *p, enum tui_player_kind kind, int level,
		 bool resign, size_t max_memory, const char *engine, uint64_t seed,
		 int wake_fd, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->wake_fd = wake_fd;
	if (kind == TUI_HUMAN)
		return 0;
	if (kind == TUI_AI) {
		struct ai_options o;

		ai_options_default(&o);
		o.level = (enum ai_level)level;
		o.resign = resign;
		if (seed != 0) {
			/* Reproducible: one thread, a fixed seed. */
			o.seed = seed;
			o.threads = 1;
		}
		o.max_memory = max_memory;
		p->ai = ai_new(&o);
	} else
		p->engine = xstrdup(engine);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	if (pthread_create(&p->thread, NULL, tui_player_main, p) != 0) {
		snprintf(err, errlen, "cannot start a thread: %s",
		    strerror(errno));
		ai_free(p->ai);
		free(p->engine);
		pthread_mutex_destroy(&p->lock);
		pthread_cond_destroy(&p->cond);
		memset(p, 0, sizeof *p);
		return -1;
	}
	p->running = true;
	return 0;
}

void
tui_player_ask(struct tui_player *p, const struct game *g, enum color c)
{
	if (!p->running)
		return;
	pthread_mutex_lock(&p->lock);
	p->gen++;
	if (p->has_request)
		game_free(&p->request);
	game_copy(&p->request, g);
	p->request_color = c;
	p->has_request = true;
	p->has_result = false;
	if (p->busy && p->ai != NULL)
		ai_stop(p->ai);
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
}

void
tui_player_cancel(struct tui_player *p)
{
	if (!p->running)
		return;
	pthread_mutex_lock(&p->lock);
	p->gen++;
	if (p->has_request)
		game_free(&p->request);
	p->has_request = false;
	p->has_result = false;
	if (p->busy && p->ai != NULL)
		ai_stop(p->ai);
	/* An engine cannot be told to stop a genmove, and the next question
	 * would wait for the answer thrown away: its process group goes, and
	 * the next question starts it again. */
	if (p->busy && p->engine_pid > 0)
		kill(-p->engine_pid, SIGKILL);
	pthread_mutex_unlock(&p->lock);
}

void
tui_player_hurry(struct tui_player *p)
{
	if (!p->running || p->ai == NULL)
		return;
	pthread_mutex_lock(&p->lock);
	p->hurry_gen = p->gen;
	if (p->busy)
		ai_stop(p->ai);
	pthread_mutex_unlock(&p->lock);
}

int
tui_player_take(struct tui_player *p, point_t *move, char *err, size_t errlen)
{
	int rc = 0;

	if (!p->running)
		return 0;
	pthread_mutex_lock(&p->lock);
	if (p->has_result && p->result_gen == p->gen) {
		p->has_result = false;
		if (p->result == BOARD_NONE) {
			snprintf(err, errlen, "%s", p->error);
			rc = p->failure;
		} else {
			*move = p->result;
			rc = 1;
		}
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
}

void
tui_player_stop(struct tui_player *p)
{
	if (p->running) {
		pthread_mutex_lock(&p->lock);
		p->quit = true;
		p->gen++;
		if (p->has_request)
			game_free(&p->request);
		p->has_request = false;
		/* An engine in the middle of a genmove would hold the join up
		 * for as long as it thinks: stop its process group now; the
		 * worker sees the engine gone and returns. */
		if (p->busy && p->engine_pid > 0)
			kill(-p->engine_pid, SIGKILL);
		pthread_cond_signal(&p->cond);
		pthread_mutex_unlock(&p->lock);
		if (p->ai != NULL)
			ai_stop(p->ai);
		pthread_join(p->thread, NULL);
		pthread_mutex_destroy(&p->lock);
		pthread_cond_destroy(&p->cond);
	}
	gtp_client_close(p->gtp);
	ai_free(p->ai);
	free(p->engine);
	free(p->synced);
	memset(p, 0, sizeof *p);
}
