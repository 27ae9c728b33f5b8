/*
 * test-gnugo-diff.c: random games played at once in tengen and in GNU Go,
 * which must agree on every stone, every capture count and every verdict.
 *
 * The one idea: GNU Go is an independent implementation of the same rules
 * but one, so any disagreement is a bug in one of the two, except where
 * the rules differ: GNU Go knows simple ko only, tengen also positional
 * superko.  When tengen refuses a move as superko, the test does not trust
 * tengen: it plays the move with its own flood-fill rules on the current
 * position and looks for the result among the positions GNU Go reported
 * earlier in the game.  Likewise every move tengen lets through must lead
 * to a position never seen before.
 *
 * Each game has its own generator seeded from the run's seed and the game's
 * number, so a failing game is reproduced alone with
 *   TENGEN_DIFF_SEED=S TENGEN_DIFF_GAME=N tests/test-gnugo-diff
 * TENGEN_DIFF_GAMES sets the number of games (default 2000).
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "game.h"
#include "gnugo-util.h"
#include "gtp-client.h"
#include "util.h"

#define DIFF_DEFAULT_SEED	20250101u
#define DIFF_DEFAULT_GAMES	2000

struct diff_stats {
	long games, moves, passes;
	long attempts;		/* illegal (or legal) points compared */
	long refused;		/* of which both refused */
	long superko;		/* superko refusals verified */
	long superko_gnugo_ok;	/* of which GNU Go allows (all) */
	long sizes[GNUGO_MAX_SIZE + 1];
};

struct diff_run {
	uint64_t seed;
	struct gtp_client *gg;
	struct diff_stats st;

	int gameno;
	struct rng rng;
	struct game g;
	struct gnugo_pos *hist;	/* after each move, [0] empty */
	uint64_t *hhash;
	int nhist, chist;
};

static void
diff_print_moves(FILE *f, const struct game *g)
{
	const struct board *b = &g->board;
	char v[8];
	int i;

	fprintf(f, "moves (%d):", g->nmoves);
	for (i = 0; i < g->nmoves; i++) {
		if (i % 12 == 0)
			fprintf(f, "\n ");
		if (g->moves[i].point == BOARD_PASS)
			gnugo_vertex(g->size, -1, -1, v);
		else
			gnugo_vertex(g->size, board_x(b, g->moves[i].point),
				     board_y(b, g->moves[i].point), v);
		fprintf(f, " %c %s", g->moves[i].color == BLACK ? 'B' : 'W',
			v);
	}
	fprintf(f, "\n");
}

static void
diff_fail(struct diff_run *r, const struct gnugo_pos *gnugo,
	  const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Report everything needed to reproduce the failure, and exit. */
static void
diff_fail(struct diff_run *r, const struct gnugo_pos *gnugo,
	  const char *fmt, ...)
{
	struct gnugo_pos ours;
	va_list ap;

	fprintf(stderr, "FAIL: seed %" PRIu64 ", game %d, size %d, after %d "
		"moves: ", r->seed, r->gameno, r->g.size, r->g.nmoves);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	diff_print_moves(stderr, &r->g);
	gnugo_pos_from_board(&ours, &r->g.board);
	if (gnugo != NULL)
		gnugo_pos_print2(stderr, "tengen", &ours, "GNU Go", gnugo);
	else
		gnugo_pos_print2(stderr, "tengen", &ours, "GNU Go (before)",
				 &r->hist[r->nhist - 1]);
	fprintf(stderr, "reproduce: TENGEN_DIFF_SEED=%" PRIu64
		" TENGEN_DIFF_GAME=%d tests/test-gnugo-diff\n",
		r->seed, r->gameno);
	gtp_client_close(r->gg);
	exit(1);
}

static void
diff_push(struct diff_run *r, const struct gnugo_pos *pos)
{
	if (r->nhist == r->chist) {
		r->chist = r->chist ? 2 * r->chist : 256;
		r->hist = xreallocarray(r->hist, (size_t)r->chist,
					sizeof *r->hist);
		r->hhash = xreallocarray(r->hhash, (size_t)r->chist,
					 sizeof *r->hhash);
	}
	r->hist[r->nhist] = *pos;
	r->hhash[r->nhist] = gnugo_pos_hash(pos);
	r->nhist++;
}

/* The move (or -1) after which POS occurred, the latest such. */
static int
diff_seen(const struct diff_run *r, const struct gnugo_pos *pos)
{
	uint64_t h = gnugo_pos_hash(pos);
	int i;

	for (i = r->nhist - 1; i >= 0; i--)
		if (r->hhash[i] == h && gnugo_pos_diff(&r->hist[i], pos) < 0)
			return i;
	return -1;
}

/* Sizes 5 to 19, small ones more often: they are quick and full of
 * captures and ko; big ones test the edges of the arrays. */
static int
diff_size(struct rng *rng)
{
	uint32_t k = rng_below(rng, 100);

	if (k < 50)
		return 5 + (int)rng_below(rng, 5);	/* 5..9 */
	if (k < 80)
		return 10 + (int)rng_below(rng, 4);	/* 10..13 */
	return 14 + (int)rng_below(rng, 6);		/* 14..19 */
}

static void
diff_cmd(struct diff_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A command that must succeed. */
static void
diff_cmd(struct diff_run *r, const char *fmt, ...)
{
	const char *reply;
	char cmd[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	if (gtp_client_command(r->gg, &reply, "%s", cmd) != 0)
		diff_fail(r, NULL, "GNU Go: %s: %s", cmd,
			  reply != NULL ? reply : gtp_client_error(r->gg));
}

static void
diff_recv(struct diff_run *r, const char *what, const char **reply)
{
	if (gtp_client_recv(r->gg, reply) != 0)
		diff_fail(r, NULL, "GNU Go: %s: %s", what, *reply != NULL ?
			  *reply : gtp_client_error(r->gg));
}

/* Tengen refuses C at Q as superko: check it by replaying it ourselves
 * on the current position, which must then be one seen before. */
static void
diff_check_superko(struct diff_run *r, enum color c, point_t q, int gnugo_ok)
{
	const struct board *b = &r->g.board;
	struct gnugo_pos after = r->hist[r->nhist - 1];
	char v[8];
	int k;

	gnugo_vertex(b->size, board_x(b, q), board_y(b, q), v);
	k = gnugo_pos_play(&after, c, board_x(b, q), board_y(b, q));
	if (k < 0)
		diff_fail(r, NULL, "tengen calls %s %s superko, but it is %s",
			  color_name(c), v, k == -1 ? "occupied" : "suicide");
	if (diff_seen(r, &after) < 0)
		diff_fail(r, NULL, "tengen calls %s %s superko, but the "
			  "position after it never occurred", color_name(c),
			  v);
	r->st.superko++;
	r->st.superko_gnugo_ok += gnugo_ok;
}

/* Pick a point to ask GNU Go's is_legal about, mostly an illegal one of
 * the rarer kinds; 0 for none this move. */
static point_t
diff_attempt(struct diff_run *r, enum color c)
{
	point_t lists[MOVE_OFFBOARD + 1][BOARD_MAX_POINTS];
	int n[MOVE_OFFBOARD + 1] = { 0 };
	const struct board *b = &r->g.board;
	enum board_verdict v;
	int x, y, pick;
	point_t p;

	for (y = 0; y < b->size; y++) {
		for (x = 0; x < b->size; x++) {
			p = board_point(b, x, y);
			v = game_check(&r->g, c, p);
			if (v > MOVE_OFFBOARD)
				diff_fail(r, NULL, "game_check: verdict %d",
					  (int)v);
			lists[v][n[v]++] = p;
		}
	}
	pick = -1;
	if (n[MOVE_SUPERKO] > 0)
		pick = MOVE_SUPERKO;
	else if (n[MOVE_KO] > 0 && rng_below(&r->rng, 100) < 70)
		pick = MOVE_KO;
	else if (n[MOVE_SUICIDE] > 0 && rng_below(&r->rng, 100) < 50)
		pick = MOVE_SUICIDE;
	else if (n[MOVE_OCCUPIED] > 0 && rng_below(&r->rng, 100) < 15)
		pick = MOVE_OCCUPIED;
	else if (n[MOVE_OK] > 0 && rng_below(&r->rng, 100) < 5)
		pick = MOVE_OK;
	if (pick < 0)
		return 0;
	return lists[pick][rng_below(&r->rng, (uint32_t)n[pick])];
}

/* One move: compare GNU Go's verdict on an attempted point, play a random
 * legal move (or pass) in both, compare the results.  Returns 0, or 1 when
 * the game is over. */
static int
diff_move(struct diff_run *r, enum color c, int *lastpass)
{
	const struct board *b = &r->g.board;
	point_t legal[BOARD_MAX_POINTS], capt[BOARD_MAX_POINTS], q, mv, p;
	struct gnugo_pos pos, ours;
	enum board_verdict vq, v;
	const char *reply;
	char qv[8], mvv[8];
	int nlegal = 0, ncapt = 0, x, y, k, gnugo_ok = 0;
	long caps[2];

	for (y = 0; y < b->size; y++) {
		for (x = 0; x < b->size; x++) {
			p = board_point(b, x, y);
			if (game_check(&r->g, c, p) == MOVE_OK)
				legal[nlegal++] = p;
			/* Captures, to make ko fights and cycles. */
			if (board_at(b, p) == color_other(c) &&
			    board_group_in_atari(b, p) &&
			    game_check(&r->g, c, board_group_atari_lib(b, p))
			    == MOVE_OK)
				capt[ncapt++] = board_group_atari_lib(b, p);
		}
	}
	if (nlegal == 0 || (!*lastpass && rng_below(&r->rng, 100) < 4))
		mv = BOARD_PASS;
	else if (ncapt > 0 && rng_below(&r->rng, 100) < 50)
		mv = capt[rng_below(&r->rng, (uint32_t)ncapt)];
	else
		mv = legal[rng_below(&r->rng, (uint32_t)nlegal)];
	if (mv == BOARD_PASS && *lastpass)
		return 1;	/* a second pass would end the game */

	q = diff_attempt(r, c);
	vq = q != 0 ? game_check(&r->g, c, q) : MOVE_OK;
	if (q != 0)
		gnugo_vertex(b->size, board_x(b, q), board_y(b, q), qv);
	if (mv == BOARD_PASS)
		gnugo_vertex(b->size, -1, -1, mvv);
	else
		gnugo_vertex(b->size, board_x(b, mv), board_y(b, mv), mvv);

	/* All in flight at once: one round trip per move. */
	if ((q != 0 && gtp_client_send(r->gg, "is_legal %s %s",
				       color_name(c), qv) == -1) ||
	    gtp_client_send(r->gg, "play %s %s", color_name(c), mvv) == -1 ||
	    gnugo_pos_ask(r->gg) == -1 ||
	    gtp_client_send(r->gg, "captures black") == -1 ||
	    gtp_client_send(r->gg, "captures white") == -1)
		diff_fail(r, NULL, "GNU Go: %s", gtp_client_error(r->gg));

	if (q != 0) {
		diff_recv(r, "is_legal", &reply);
		gnugo_ok = strcmp(reply, "1") == 0;
		if (!gnugo_ok && strcmp(reply, "0") != 0)
			diff_fail(r, NULL, "GNU Go: is_legal: \"%s\"", reply);
		r->st.attempts++;
		if (vq == MOVE_SUPERKO) {
			diff_check_superko(r, c, q, gnugo_ok);
			/* Superko is checked only on moves the board
			 * allows, so GNU Go (simple ko only) must allow
			 * them too. */
			if (!gnugo_ok)
				diff_fail(r, NULL, "%s %s: tengen's board "
					  "allows it and only superko stops "
					  "it, but GNU Go says illegal (simple "
					  "ko?)", color_name(c), qv);
		} else if (gnugo_ok != (vq == MOVE_OK))
			diff_fail(r, NULL, "%s %s: tengen says %s, GNU Go "
				  "says %s", color_name(c), qv,
				  board_verdict_str(vq),
				  gnugo_ok ? "legal" : "illegal");
		else if (!gnugo_ok)
			r->st.refused++;
	}

	if (gtp_client_recv(r->gg, &reply) != 0)
		diff_fail(r, NULL, "%s %s: legal for tengen, GNU Go says: %s",
			  color_name(c), mvv, reply != NULL ? reply :
			  gtp_client_error(r->gg));
	if (gnugo_pos_read(&pos, r->gg, b->size) == -1)
		diff_fail(r, NULL, "GNU Go: list_stones");
	for (k = 0; k < 2; k++) {
		diff_recv(r, "captures", &reply);
		caps[k] = strtol(reply, NULL, 10);
	}

	v = game_play(&r->g, c, mv);
	if (v != MOVE_OK)
		diff_fail(r, &pos, "%s %s: game_check said legal, game_play "
			  "says %s", color_name(c), mvv, board_verdict_str(v));
	r->st.moves++;
	r->st.passes += mv == BOARD_PASS;
	*lastpass = mv == BOARD_PASS;

	gnugo_pos_from_board(&ours, b);
	k = gnugo_pos_diff(&ours, &pos);
	if (k >= 0)
		diff_fail(r, &pos, "after %s %s the stones differ at %s",
			  color_name(c), mvv, gnugo_vertex(b->size,
			  k % b->size, k / b->size, qv));
	if (caps[0] != b->captures[BLACK] || caps[1] != b->captures[WHITE])
		diff_fail(r, &pos, "captures: tengen black %d white %d, GNU "
			  "Go black %ld white %ld", b->captures[BLACK],
			  b->captures[WHITE], caps[0], caps[1]);
	if (board_verify(b) != NULL)
		diff_fail(r, &pos, "board_verify: %s", board_verify(b));
	if (mv != BOARD_PASS && (k = diff_seen(r, &pos)) >= 0)
		diff_fail(r, &pos, "%s %s was allowed but repeats the "
			  "position after move %d (superko)", color_name(c),
			  mvv, k);
	diff_push(r, &pos);
	return 0;
}

static void
diff_game(struct diff_run *r, int gameno)
{
	struct gnugo_pos empty;
	enum color c = BLACK;
	int size, length, m, lastpass = 0;

	r->gameno = gameno;
	r->rng.s = r->seed ^ ((uint64_t)(gameno + 1) * 0x9e3779b97f4a7c15ULL);
	rng_next(&r->rng);
	size = diff_size(&r->rng);
	length = 1 + (int)rng_below(&r->rng, (uint32_t)(size * size * 3 / 2));

	if (game_init(&r->g, size, 7.5) == -1) {
		fprintf(stderr, "game_init(%d) failed\n", size);
		exit(1);
	}
	r->nhist = 0;
	gnugo_pos_clear(&empty, size);
	diff_push(r, &empty);
	diff_cmd(r, "boardsize %d", size);
	diff_cmd(r, "clear_board");
	diff_cmd(r, "komi 7.5");

	for (m = 0; m < length; m++) {
		if (diff_move(r, c, &lastpass))
			break;
		c = color_other(c);
	}
	r->st.games++;
	r->st.sizes[size]++;
	game_free(&r->g);
}

static long
diff_env(const char *name, long def)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (s == NULL || s[0] == '\0')
		return def;
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < 0) {
		fprintf(stderr, "%s: not a number: %s\n", name, s);
		exit(1);
	}
	return v;
}

int
main(void)
{
	struct diff_run r;
	const char *gnugo = gnugo_path(), *s;
	long games, only;
	int i;
	time_t t0 = time(NULL);

	if (gnugo == NULL) {
		printf("GNU Go not found (set GNUGO): skipped\n");
		return 77;
	}
	memset(&r, 0, sizeof r);
	r.seed = DIFF_DEFAULT_SEED;
	if ((s = getenv("TENGEN_DIFF_SEED")) != NULL && s[0] != '\0')
		r.seed = strtoull(s, NULL, 0);
	games = diff_env("TENGEN_DIFF_GAMES", DIFF_DEFAULT_GAMES);
	only = diff_env("TENGEN_DIFF_GAME", -1);
	printf("seed %" PRIu64 ", %ld games, GNU Go %s\n", r.seed,
	       only >= 0 ? 1 : games, gnugo);

	r.gg = gnugo_start(gnugo);
	for (i = 0; i < games || (only >= 0 && i <= only); i++)
		if (only < 0 || i == only)
			diff_game(&r, i);
	gtp_client_close(r.gg);

	printf("sizes:");
	for (i = 5; i <= GNUGO_MAX_SIZE; i++)
		printf(" %dx%d:%ld", i, i, r.st.sizes[i]);
	printf("\n");
	printf("%ld games, %ld moves (%ld passes), %ld points compared with "
	       "is_legal (%ld refused by both), %ld superko refusals "
	       "verified (%ld of them legal for GNU Go), %lds\n",
	       r.st.games, r.st.moves, r.st.passes, r.st.attempts,
	       r.st.refused, r.st.superko, r.st.superko_gnugo_ok,
	       (long)(time(NULL) - t0));
	free(r.hist);
	free(r.hhash);
	return 0;
}
