/*
 * tui-save.c: the game in progress on disk, so that nothing is ever lost.
 *
 * The one idea: the game is always on disk as it is on the screen.  After
 * every move (and on leaving, on SIGHUP and SIGTERM) the game is written to
 * DATA/current.sgf and how it is being played (opponent, level, colour,
 * display options, where the players went on after two passes) to
 * DATA/current.conf in the settings format; in the counting phase and
 * after a count, the record holds the count as TB/TW and its dead stones
 * as DS (game-sgf.c), so that a game left while counting comes back with
 * its marks; where the players went on after two passes, it holds as PO.
 * Both writes are atomic, so a dropped connection leaves the old or the
 * new file, never half of one.  A game with moves but without a
 * result (no RE[]) is unfinished, and the lobby offers to continue it.
 * Finished games are also kept under their date,
 * DATA/game-YYYYMMDD-HHMMSS.sgf; an unfinished game that a new one replaces
 * (R too) is kept as DATA/unfinished-YYYYMMDD-HHMMSS.sgf, unless it has no
 * move yet.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "game-sgf.h"
#include "gtp-client.h"
#include "sgf.h"
#include "tui.h"
#include "util.h"

void
tui_save_path(const char *dir, const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

/* The name of whoever plays C, for PB[] and PW[]. */
static char *
tui_save_name(const struct settings *set, enum color human, enum color c)
{
	char buf[SETTINGS_ENGINE_LEN + 32];
	const char *user = getenv("USER");

	if (set->opponent == SETTINGS_HOTSEAT || c == human)
		return user != NULL && *user != '\0' ? xstrdup(user) : NULL;
	if (set->opponent == SETTINGS_COMPUTER) {
		snprintf(buf, sizeof buf, "tengen %s",
		    ai_level_name((enum ai_level)set->level));
		return xstrdup(buf);
	}
	/* The engine's program name, without its path and arguments. */
	gtp_client_program(set->engine, buf, sizeof buf);
	return buf[0] != '\0' ? xstrdup(buf) : NULL;
}

bool
tui_save_opponent(const struct sgf_record *rec, struct settings *set)
{
	const char *name[2] = { rec->black, rec->white };
	enum ai_level level[2];
	bool computer[2];

	for (int i = 0; i < 2; i++)
		computer[i] = name[i] != NULL &&
		    strncmp(name[i], "tengen ", 7) == 0 &&
		    ai_level_parse(name[i] + 7, &level[i]) == 0;
	if (computer[0] == computer[1])
		return false;
	set->opponent = SETTINGS_COMPUTER;
	set->level = (int)level[computer[0] ? 0 : 1];
	set->color = computer[0] ? WHITE : BLACK;
	return true;
}

static char *
tui_save_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* What REC (built from the game) keeps of FROM, the record the game was
 * opened from: its text and rules, and the comments of its moves as long
 * as the game's moves are still its own. */
static void
tui_save_carry(struct sgf_record *rec, const struct sgf_record *from)
{
	rec->black = tui_save_dup(from->black);
	rec->white = tui_save_dup(from->white);
	rec->black_rank = tui_save_dup(from->black_rank);
	rec->white_rank = tui_save_dup(from->white_rank);
	rec->date = tui_save_dup(from->date);
	rec->name = tui_save_dup(from->name);
	rec->event = tui_save_dup(from->event);
	/* The rules it names (Korean, AGA, ...), replayed as they were:
	 * simple ko where it says so. */
	if (from->rules != NULL && from->rules[0] != '\0') {
		free(rec->rules);
		rec->rules = xstrdup(from->rules);
	}
	free(rec->comment);
	rec->comment = tui_save_dup(from->comment);
	for (int i = 0; i < rec->nmoves && i < from->nmoves; i++) {
		const struct sgf_move *a = &rec->moves[i], *b = &from->moves[i];

		if (a->color != b->color || a->x != b->x || a->y != b->y)
			break;
		free(rec->moves[i].comment);
		rec->moves[i].comment = tui_save_dup(b->comment);
	}
}

static int
tui_save_sgf(const char *path, const struct game *g,
	     const struct settings *set, enum color human, const uint8_t *dead,
	     const struct sgf_record *from)
{
	struct sgf_record rec;
	char date[16];
	time_t now = time(NULL);
	struct tm tm;
	int rc, saved;

	if (game_to_sgf(g, &rec) < 0)
		return -1;
	if (from != NULL)
		tui_save_carry(&rec, from);
	if (rec.black == NULL)
		rec.black = tui_save_name(set, human, BLACK);
	if (rec.white == NULL)
		rec.white = tui_save_name(set, human, WHITE);
	localtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	if (rec.date == NULL)
		rec.date = xstrdup(date);
	if (dead != NULL)
		game_sgf_set_count(&rec, g, dead);
	game_sgf_set_play_on(&rec, set->play_on);
	rc = settings_mkdir_parent(path) < 0 ? -1 :
	    sgf_write_file(path, &rec);
	saved = errno;
	sgf_record_free(&rec);
	errno = saved;
	return rc;
}

int
tui_save_write(const char *dir, const struct game *g,
	       const struct settings *set, enum color human,
	       const uint8_t *dead, const struct sgf_record *from)
{
	char path[PATH_MAX + 32];
	struct settings meta = *set;

	meta.size = g->size;
	meta.komi = g->komi;
	meta.handicap = g->handicap;
	meta.color = human;
	tui_save_path(dir, "current.conf", path, sizeof path);
	if (settings_save(&meta, path) < 0)
		return -1;
	tui_save_path(dir, "current.sgf", path, sizeof path);
	return tui_save_sgf(path, g, set, human, dead, from);
}

/* DIR/PREFIX-YYYYMMDD-HHMMSS.sgf for now, with -2, -3, ... after it when
 * a file of that name is there already (two games in one second). */
static void
tui_save_dated(const char *dir, const char *prefix, char *path, size_t len)
{
	char name[96], stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (int n = 1; n < 1000; n++) {
		if (n == 1)
			snprintf(name, sizeof name, "%s-%s.sgf", prefix, stamp);
		else
			snprintf(name, sizeof name, "%s-%s-%d.sgf", prefix, stamp,
			    n);
		tui_save_path(dir, name, path, len);
		if (access(path, F_OK) != 0)
			return;
	}
}

int
tui_save_archive(const char *dir, const struct game *g,
		 const struct settings *set, enum color human,
		 const uint8_t *dead, const struct sgf_record *from,
		 char *path, size_t len)
{
	if (path[0] == '\0')
		tui_save_dated(dir, "game", path, len);
	return tui_save_sgf(path, g, set, human, dead, from);
}

bool
tui_save_is_current(const char *dir, const char *path)
{
	char cur[PATH_MAX + 32];
	struct stat a, b;

	tui_save_path(dir, "current.sgf", cur, sizeof cur);
	return stat(cur, &a) == 0 && stat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int
tui_save_keep_unfinished(const char *dir, char *kept, size_t len)
{
	char from[PATH_MAX + 32], to[PATH_MAX + 128];

	if (kept != NULL && len > 0)
		kept[0] = '\0';
	if (!tui_save_unfinished(dir))
		return 0;
	tui_save_path(dir, "current.sgf", from, sizeof from);
	tui_save_dated(dir, "unfinished", to, sizeof to);
	if (rename(from, to) < 0)
		return -1;
	if (kept != NULL)
		snprintf(kept, len, "%s", to);
	return 0;
}

int
tui_save_read(const char *path, struct game *g, uint8_t *dead, int *play_on,
	      struct sgf_record *from, char *err, size_t errlen)
{
	struct sgf_record rec;
	uint8_t marks[BOARD_MAX_POINTS];
	int rc, po;

	if (dead == NULL)
		dead = marks;
	if (play_on == NULL)
		play_on = &po;
	*play_on = -1;
	if (sgf_read_file(path, &rec, err, errlen) < 0)
		return -1;
	rc = game_from_sgf(g, &rec, path, err, errlen);
	if (rc == 0) {
		*play_on = game_sgf_play_on(&rec, g);
		if (game_sgf_dead(&rec, g, dead))
			rc = 1;
	}
	if (rc >= 0 && from != NULL)
		*from = rec;
	else
		sgf_record_free(&rec);
	return rc;
}

int
tui_save_read_meta(const char *dir, struct settings *set)
{
	char path[PATH_MAX + 32];

	tui_save_path(dir, "current.conf", path, sizeof path);
	return settings_load(set, path, NULL, 0) < 0 ? -1 : 0;
}

bool
tui_save_unfinished(const char *dir)
{
	char path[PATH_MAX + 32], err[256];
	struct game g;
	bool open;

	tui_save_path(dir, "current.sgf", path, sizeof path);
	if (tui_save_read(path, &g, NULL, NULL, NULL, err, sizeof err) < 0)
		return access(path, F_OK) == 0;
	/* A game without a move has nothing to lose. */
	open = g.end == GAME_END_NONE && g.nmoves > 0;
	game_free(&g);
	return open;
}

int
tui_save_claim(const char *dir, int *fd)
{
	char path[PATH_MAX + 32];
	int f;

	if (*fd >= 0)
		return 0;
	tui_save_path(dir, "current.lock", path, sizeof path);
	if (settings_mkdir_parent(path) < 0)
		return -1;
	f = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (f < 0)
		return -1;
	if (flock(f, LOCK_EX | LOCK_NB) < 0) {
		int busy = errno == EWOULDBLOCK;

		close(f);
		return busy ? 1 : -1;
	}
	*fd = f;
	return 0;
}

void
tui_save_release(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}
