/*
 * test-sgf-corpus.c: every SGF record of GNU Go's game collection, loaded by
 * tengen and by GNU Go (loadsgf), must end on the same stones.
 *
 * The one idea: the two programs are held to different standards.  GNU Go
 * replays a record's moves whether or not they are legal; tengen plays them
 * under its rules (no suicide, positional superko) and rejects a record
 * that breaks them.  So a rejection by tengen of a record GNU Go loads is
 * justified only when this test, with its own flood-fill rules and its own
 * list of positions, finds an illegal move in the record at the very place
 * tengen's message names.  Any other rejection (a reader error, or an
 * illegal move that the test cannot confirm) fails the test, as does any
 * difference in the final stones of a record both accept.  Records GNU Go
 * cannot load (boards over 19x19, say) or crashes on are skipped with a
 * note.
 *
 * A rejection the rules cannot justify may still be right: a truncated
 * file, a node with two moves, setup stones in the middle of a game (which
 * struct sgf_record has no place for).  Such files are listed, after
 * review, in tests/sgf-corpus-rejects with a piece of tengen's message; a
 * listed file must still be rejected for that reason, and anything not
 * listed fails.
 *
 * The collection is found by tu_corpus_dir() (TENGEN_SGF_CORPUS, which
 * make distcheck passes on); the test is skipped when it or GNU Go is
 * missing.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-sgf.h"
#include "game.h"
#include "gnugo-util.h"
#include "gtp-client.h"
#include "sgf.h"
#include "tu.h"
#include "util.h"

struct corpus_files {
	char **path;
	int n, cap;
};

struct corpus_stats {
	int files, agree, differ;
	int gnugo_rejects, both_reject, gnugo_crashes;
	int justified, listed, unjustified;
};

/* Reviewed rejections: "path message-part" per line, path relative to the
 * collection's directory. */
struct corpus_list {
	char **path, **why;
	int n;
};

static void
corpus_list_read(struct corpus_list *l, const char *file)
{
	char line[1024], *p, *e;
	FILE *f;

	memset(l, 0, sizeof *l);
	if ((f = fopen(file, "r")) == NULL) {
		printf("note: no list of reviewed rejections (%s)\n", file);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		p = line + strcspn(line, " \t");
		e = p + strspn(p, " \t");
		*p = '\0';
		if (*e == '\0') {
			fprintf(stderr, "%s: no reason given for %s\n", file,
				line);
			exit(1);
		}
		l->path = xreallocarray(l->path, (size_t)l->n + 1,
					sizeof *l->path);
		l->why = xreallocarray(l->why, (size_t)l->n + 1,
				       sizeof *l->why);
		l->path[l->n] = xstrdup(line);
		l->why[l->n] = xstrdup(e);
		l->n++;
	}
	fclose(f);
}

static void
corpus_list_free(struct corpus_list *l)
{
	int i;

	for (i = 0; i < l->n; i++) {
		free(l->path[i]);
		free(l->why[i]);
	}
	free(l->path);
	free(l->why);
}

/* Is REL listed with a reason that ERR contains? */
static int
corpus_listed(const struct corpus_list *l, const char *rel, const char *err)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->path[i], rel) == 0 &&
		    strstr(err, l->why[i]) != NULL)
			return 1;
	return 0;
}

static int
corpus_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
corpus_is_sgf(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && (strcmp(name + n - 4, ".sgf") == 0 ||
			 strcmp(name + n - 4, ".SGF") == 0);
}

/* Every *.sgf under DIR, recursively. */
static void
corpus_walk(struct corpus_files *files, const char *dir)
{
	struct dirent *de;
	struct stat st;
	char *path;
	size_t len;
	DIR *d;

	if ((d = opendir(dir)) == NULL) {
		perror(dir);
		exit(1);
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		len = strlen(dir) + strlen(de->d_name) + 2;
		path = xmalloc(len);
		snprintf(path, len, "%s/%s", dir, de->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			corpus_walk(files, path);
			free(path);
		} else if (corpus_is_sgf(de->d_name)) {
			if (files->n == files->cap) {
				files->cap = files->cap ? 2 * files->cap : 256;
				files->path = xreallocarray(files->path,
				    (size_t)files->cap, sizeof *files->path);
			}
			files->path[files->n++] = path;
		} else
			free(path);
	}
	closedir(d);
}

/* Replay REC with the test's own rules.  Returns the index of the first
 * move that is illegal under Chinese rules with positional superko and
 * describes it in WHY, or -1 if every move is legal (or -2 if the setup
 * itself is broken, also described). */
static int
corpus_first_illegal(const struct sgf_record *rec, char *why, size_t len)
{
	struct gnugo_pos *hist, pos;
	const struct sgf_point *sp;
	const struct sgf_move *m;
	int i, j, k, n = 0, size = rec->size;

	if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) {
		snprintf(why, len, "board size %d", size);
		return -2;
	}
	gnugo_pos_clear(&pos, size);
	for (i = 0; i < rec->nsetup; i++) {
		sp = &rec->setup[i];
		if (sp->x < 0 || sp->y < 0 || sp->x >= size || sp->y >= size) {
			snprintf(why, len, "setup stone off the board");
			return -2;
		}
		pos.c[sp->y * size + sp->x] = (uint8_t)sp->color;
	}
	hist = xreallocarray(NULL, (size_t)rec->nmoves + 1, sizeof *hist);
	hist[n++] = pos;
	for (i = 0; i < rec->nmoves; i++) {
		m = &rec->moves[i];
		if (m->x == -1 && m->y == -1)
			continue;
		if (m->x < 0 || m->y < 0 || m->x >= size || m->y >= size) {
			snprintf(why, len, "off the board");
			free(hist);
			return i;
		}
		k = gnugo_pos_play(&pos, m->color, m->x, m->y);
		if (k < 0) {
			snprintf(why, len, "%s", k == -1 ? "occupied point" :
				 "suicide");
			free(hist);
			return i;
		}
		for (j = 0; j < n; j++) {
			if (gnugo_pos_diff(&hist[j], &pos) < 0) {
				snprintf(why, len, "repeats the position of "
					 "move %d (superko)", j);
				free(hist);
				return i;
			}
		}
		hist[n++] = pos;
	}
	free(hist);
	return -1;
}

/* Not justified by the rules: listed after review, or a failure. */
static void
corpus_unjustified(struct corpus_stats *st, const struct corpus_list *l,
		   const char *rel, const char *what, const char *err)
{
	if (corpus_listed(l, rel, err)) {
		printf("listed (%s): %s\n", what, err);
		st->listed++;
	} else {
		printf("UNJUSTIFIED (%s): %s\n", what, err);
		st->unjustified++;
	}
}

/* Tengen rejected PATH (message ERR) that GNU Go loaded: justified? */
static void
corpus_rejected(struct corpus_stats *st, const struct corpus_list *l,
		const char *path, const char *rel, int parsed,
		const struct sgf_record *rec, const char *err)
{
	char why[128], where[64], what[256];
	const struct sgf_move *m;
	size_t plen = strlen(path);
	int i;

	if (!parsed) {
		corpus_unjustified(st, l, rel, "reader", err);
		return;
	}
	i = corpus_first_illegal(rec, why, sizeof why);
	if (i < 0) {
		corpus_unjustified(st, l, rel, i == -1 ?
				   "every move is legal" : why, err);
		return;
	}
	m = &rec->moves[i];
	snprintf(where, sizeof where, ":%d:%d:", m->pos.line, m->pos.col);
	if (strncmp(err, path, plen) != 0 ||
	    strncmp(err + plen, where, strlen(where)) != 0) {
		snprintf(what, sizeof what, "first illegal move is %d at "
			 "line %d, %s", i + 1, m->pos.line, why);
		corpus_unjustified(st, l, rel, what, err);
		return;
	}
	printf("justified (move %d, %s): %s\n", i + 1, why, err);
	st->justified++;
}

static void
corpus_compare(struct corpus_stats *st, struct gtp_client *gg,
	       const char *path, const struct game *g)
{
	struct gnugo_pos ours, theirs;
	char v[8];
	int k;

	if (gnugo_pos_ask(gg) == -1 ||
	    gnugo_pos_read(&theirs, gg, g->size) == -1) {
		fprintf(stderr, "%s: GNU Go failed\n", path);
		exit(1);
	}
	gnugo_pos_from_board(&ours, &g->board);
	k = gnugo_pos_diff(&ours, &theirs);
	if (k < 0) {
		st->agree++;
		return;
	}
	printf("DIFFER: %s (%d moves): first difference at %s\n", path,
	       g->nmoves, gnugo_vertex(g->size, k % g->size, k / g->size, v));
	gnugo_pos_print2(stdout, "tengen", &ours, "GNU Go", &theirs);
	st->differ++;
}

static void
corpus_file(struct corpus_stats *st, const struct corpus_list *l,
	    struct gtp_client **gg, const char *gnugo, const char *path,
	    const char *rel)
{
	struct sgf_record rec;
	struct game g;
	const char *reply;
	char err[512];
	int parsed, loaded = 0, r;

	st->files++;
	sgf_record_init(&rec);
	parsed = sgf_read_file(path, &rec, err, sizeof err) == 0;
	if (parsed)
		loaded = game_from_sgf(&g, &rec, path, err, sizeof err) == 0;

	if (strpbrk(path, " \t") != NULL)
		r = 1, reply = "path has a space, cannot be sent over GTP";
	else
		r = gtp_client_command(*gg, &reply, "loadsgf %s", path);
	if (r == -1) {
		printf("note: GNU Go failed on %s (%s); restarted\n", path,
		       gtp_client_error(*gg));
		gtp_client_close(*gg);
		*gg = gnugo_start(gnugo);
		st->gnugo_crashes++;
	} else if (r == 1) {
		printf("note: GNU Go cannot load %s (%s)%s%s\n", path, reply,
		       loaded ? "" : "; tengen neither: ", loaded ? "" : err);
		st->gnugo_rejects++;
		st->both_reject += !loaded;
	} else if (loaded)
		corpus_compare(st, *gg, path, &g);
	else
		corpus_rejected(st, l, path, rel, parsed, &rec, err);

	if (loaded)
		game_free(&g);
	sgf_record_free(&rec);
}

int
main(void)
{
	struct corpus_files files = { NULL, 0, 0 };
	struct corpus_stats st;
	struct corpus_list list;
	const char *gnugo = gnugo_path(), *top = getenv("top_srcdir");
	struct gtp_client *gg;
	char dir[4096], listfile[4096];
	struct stat sb;
	int i;

	tu_corpus_dir(dir, sizeof dir);
	if (gnugo == NULL) {
		printf("GNU Go not found (set GNUGO): skipped\n");
		return 77;
	}
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		printf("no SGF collection at %s: skipped\n", dir);
		return 77;
	}
	snprintf(listfile, sizeof listfile, "%s/tests/sgf-corpus-rejects",
		 top != NULL && top[0] != '\0' ? top : ".");
	corpus_list_read(&list, listfile);
	corpus_walk(&files, dir);
	qsort(files.path, (size_t)files.n, sizeof *files.path, corpus_cmp);
	memset(&st, 0, sizeof st);
	gg = gnugo_start(gnugo);
	for (i = 0; i < files.n; i++) {
		corpus_file(&st, &list, &gg, gnugo, files.path[i],
			    files.path[i] + strlen(dir) + 1);
		free(files.path[i]);
	}
	free(files.path);
	gtp_client_close(gg);
	corpus_list_free(&list);

	printf("%d records: %d agree, %d differ; GNU Go cannot load %d (%d of "
	       "them neither can tengen) and failed on %d; tengen rejects %d "
	       "that GNU Go loads: %d justified by the rules, %d listed, "
	       "%d not\n", st.files, st.agree, st.differ, st.gnugo_rejects,
	       st.both_reject, st.gnugo_crashes,
	       st.justified + st.listed + st.unjustified, st.justified,
	       st.listed, st.unjustified);
	if (st.files == 0) {
		printf("no records found in %s\n", dir);
		return 1;
	}
	return st.differ > 0 || st.unjustified > 0 ? 1 : 0;
}
