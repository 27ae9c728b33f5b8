/*
 * gtp-engine.c: the engine side of the Go Text Protocol, version 2.
 *
 * The one idea: gtp_engine_execute() turns one line into one reply and is
 * the only place that knows the protocol's framing (preprocessing, the
 * optional id, "=" and "?", the closing empty line).  Every command is a
 * handler in a { "name", handler } table that sees only its arguments and
 * writes only the text of its result; the framing is added around it.
 *
 * Replies follow the GTP v2 specification (Gunnar Farnebäck, 2002) and, for
 * the extensions it does not define (showboard, list_stones, is_legal, ...),
 * the reference implementation GNU Go: vertex lists go from the top row to
 * the bottom one, left to right, as GNU Go prints them.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game-sgf.h"
#include "ai.h"
#include "gtp-engine.h"
#include "score.h"
#include "sgf.h"
#include "util.h"

/* Per-point verdicts of final_status_list. */
enum gtp_engine_status {
	GTP_STATUS_NONE = 0,	/* empty point */
	GTP_STATUS_ALIVE,
	GTP_STATUS_DEAD,
	GTP_STATUS_SEKI
};

/* Defined after the table, which they read. */
static int gtp_engine_cmd_known_command(struct gtp_engine *, int, char **);
static int gtp_engine_cmd_list_commands(struct gtp_engine *, int, char **);

static int
gtp_engine_syntax_error(struct gtp_engine *e)
{
	gtp_engine_printf(e, "syntax error");
	return -1;
}

void
gtp_engine_printf(struct gtp_engine *e, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(e->buf + e->len, e->cap - e->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= e->cap - e->len) {
		while ((size_t)n >= e->cap - e->len)
			e->cap *= 2;
		e->buf = xreallocarray(e->buf, e->cap, 1);
		va_start(ap, fmt);
		vsnprintf(e->buf + e->len, e->cap - e->len, fmt, ap);
		va_end(ap);
	}
	e->len += (size_t)n;
}

void
gtp_engine_put_vertex(struct gtp_engine *e, point_t p)
{
	char v[8];

	gtp_engine_printf(e, "%s", board_vertex_str(&e->game.board, p, v));
}

int
gtp_engine_parse_color(const char *s, enum color *c)
{
	if (strcasecmp(s, "b") == 0 || strcasecmp(s, "black") == 0)
		*c = BLACK;
	else if (strcasecmp(s, "w") == 0 || strcasecmp(s, "white") == 0)
		*c = WHITE;
	else
		return -1;
	return 0;
}

int
gtp_engine_parse_vertex(const struct gtp_engine *e, const char *s, point_t *p)
{
	const struct board *b = &e->game.board;
	point_t v;

	/* "pass" and "Z25" are the longest; this also keeps strtol short. */
	if (strlen(s) > 4)
		return -1;
	v = board_vertex_parse(b, s);
	if (v != BOARD_PASS && (v == BOARD_NONE || !board_on(b, v)))
		return -1;
	*p = v;
	return 0;
}

int
gtp_engine_parse_int(const char *s, int min, int max, int *v)
{
	int n = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		int d = *s - '0';

		if (d < 0 || d > 9 || n > (INT_MAX - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	if (n < min || n > max)
		return -1;
	*v = n;
	return 0;
}

/* The stones on the board, for fixed_handicap and set_free_handicap. */
static bool
gtp_engine_board_empty(const struct gtp_engine *e)
{
	const struct board *b = &e->game.board;

	return board_count(b, BLACK) + board_count(b, WHITE) == 0;
}

/* Commands without arguments share this check. */
static int
gtp_engine_no_args(struct gtp_engine *e, int argc)
{
	if (argc != 0)
		return gtp_engine_syntax_error(e);
	return 0;
}

static int
gtp_engine_cmd_protocol_version(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "2");
	return 0;
}

static int
gtp_engine_cmd_name(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "tengen");
	return 0;
}

static int
gtp_engine_cmd_version(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "%s", PACKAGE_VERSION);
	return 0;
}

static int
gtp_engine_cmd_quit(struct gtp_engine *e, int argc, char **argv)
{
	/* Quit whatever the arguments: a controller that says quit means it. */
	(void)argc;
	(void)argv;
	e->quit = true;
	return 0;
}

/* Replace the game by a fresh one of SIZE, keeping the komi. */
static int
gtp_engine_new_game(struct gtp_engine *e, int size)
{
	struct game g;

	if (game_init(&g, size, e->game.komi) < 0)
		return -1;
	game_free(&e->game);
	e->game = g;
	return 0;
}

static int
gtp_engine_cmd_boardsize(struct gtp_engine *e, int argc, char **argv)
{
	int size;

	/* GTP's int is unsigned: "-1" is a syntax error, "1" an
	 * unacceptable size. */
	if (argc != 1 || gtp_engine_parse_int(argv[0], 0, INT_MAX, &size) < 0)
		return gtp_engine_syntax_error(e);
	if (gtp_engine_new_game(e, size) < 0) {
		gtp_engine_printf(e, "unacceptable size");
		return -1;
	}
	if (e->new_game)
		e->new_game(e);
	return 0;
}

static int
gtp_engine_cmd_query_boardsize(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "%d", e->game.size);
	return 0;
}

static int
gtp_engine_cmd_clear_board(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	game_reset(&e->game);
	/* A record loaded with simple ko leaves its rule behind. */
	e->game.superko = true;
	if (e->new_game)
		e->new_game(e);
	return 0;
}

static int
gtp_engine_cmd_komi(struct gtp_engine *e, int argc, char **argv)
{
	char *end;
	double k;

	if (argc != 1)
		return gtp_engine_syntax_error(e);
	errno = 0;
	k = strtod(argv[0], &end);
	if (end == argv[0] || *end != '\0' || (!isfinite(k) && errno != ERANGE))
		return gtp_engine_syntax_error(e);
	/* GTP: a komi is accepted however ridiculous.  Past +-1000 it is
	 * taken as 1000 (no board holds that many points, so no count
	 * changes); one too small for a double is 0. */
	if (errno == ERANGE && fabs(k) < 1)
		k = 0;
	if (fabs(k) > GAME_KOMI_MAX)
		k = k > 0 ? GAME_KOMI_MAX : -GAME_KOMI_MAX;
	e->game.komi = k == 0 ? 0 : k;	/* "-0" is 0 */
	return 0;
}

static int
gtp_engine_cmd_get_komi(struct gtp_engine *e, int argc, char **argv)
{
	char buf[32];

	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "%s", util_format_double(e->game.komi, buf,
	    sizeof buf));
	return 0;
}

static int
gtp_engine_cmd_play(struct gtp_engine *e, int argc, char **argv)
{
	enum board_verdict v;
	enum color c;
	point_t p;

	if (argc != 2 || gtp_engine_parse_color(argv[0], &c) < 0 ||
	    gtp_engine_parse_vertex(e, argv[1], &p) < 0)
		return gtp_engine_syntax_error(e);
	v = game_play(&e->game, c, p);
	if (v != MOVE_OK) {
		/* "illegal move" first: controllers match on it. */
		gtp_engine_printf(e, "illegal move: %s", board_verdict_str(v));
		return -1;
	}
	return 0;
}

static int
gtp_engine_cmd_undo(struct gtp_engine *e, int argc, char **argv)
{
	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	if (game_undo(&e->game, 1) != 1) {
		gtp_engine_printf(e, "cannot undo");
		return -1;
	}
	return 0;
}

static int
gtp_engine_cmd_is_legal(struct gtp_engine *e, int argc, char **argv)
{
	enum color c;
	point_t p;

	if (argc != 2 || gtp_engine_parse_color(argv[0], &c) < 0 ||
	    gtp_engine_parse_vertex(e, argv[1], &p) < 0)
		return gtp_engine_syntax_error(e);
	gtp_engine_printf(e, "%d", game_check(&e->game, c, p) == MOVE_OK);
	return 0;
}

/* Points in GNU Go's order: rows from the top, each from the left. */
#define GTP_ENGINE_FOR_POINTS(b, p) \
	for (int p##_y_ = 0; p##_y_ < (b)->size; p##_y_++) \
		for (int p##_x_ = 0, p = board_point((b), 0, p##_y_); \
		     p##_x_ < (b)->size; p##_x_++, p++)

static void
gtp_engine_put_list_item(struct gtp_engine *e, point_t p, bool *first)
{
	if (!*first)
		gtp_engine_printf(e, " ");
	gtp_engine_put_vertex(e, p);
	*first = false;
}

static int
gtp_engine_cmd_all_legal(struct gtp_engine *e, int argc, char **argv)
{
	const struct board *b = &e->game.board;
	bool first = true;
	enum color c;

	if (argc != 1 || gtp_engine_parse_color(argv[0], &c) < 0)
		return gtp_engine_syntax_error(e);
	GTP_ENGINE_FOR_POINTS(b, p)
		if (game_check(&e->game, c, (point_t)p) == MOVE_OK)
			gtp_engine_put_list_item(e, (point_t)p, &first);
	return 0;
}

static int
gtp_engine_cmd_list_stones(struct gtp_engine *e, int argc, char **argv)
{
	const struct board *b = &e->game.board;
	bool first = true;
	enum color c;

	if (argc != 1 || gtp_engine_parse_color(argv[0], &c) < 0)
		return gtp_engine_syntax_error(e);
	GTP_ENGINE_FOR_POINTS(b, p)
		if (board_at(b, (point_t)p) == c)
			gtp_engine_put_list_item(e, (point_t)p, &first);
	return 0;
}

static int
gtp_engine_cmd_captures(struct gtp_engine *e, int argc, char **argv)
{
	enum color c;

	if (argc != 1 || gtp_engine_parse_color(argv[0], &c) < 0)
		return gtp_engine_syntax_error(e);
	gtp_engine_printf(e, "%d", e->game.board.captures[c]);
	return 0;
}

static int
gtp_engine_cmd_fixed_handicap(struct gtp_engine *e, int argc, char **argv)
{
	point_t placed[9];
	bool first = true;
	int n, k;

	if (argc != 1 || gtp_engine_parse_int(argv[0], 0, INT_MAX, &n) < 0)
		return gtp_engine_syntax_error(e);
	if (!gtp_engine_board_empty(e)) {
		gtp_engine_printf(e, "board not empty");
		return -1;
	}
	if (game_handicap_points(e->game.size, n, placed) < 0) {
		gtp_engine_printf(e, "invalid number of stones");
		return -1;
	}
	/* An empty board may still have passes in its history. */
	game_reset(&e->game);
	k = game_fixed_handicap(&e->game, n, placed);
	if (k < 0) {
		gtp_engine_printf(e, "invalid number of stones");
		return -1;
	}
	for (int i = 0; i < k; i++)
		gtp_engine_put_list_item(e, placed[i], &first);
	return 0;
}

/* The engine's own free handicap (GTP v2, 4.1.2: any placement will do,
 * from 2 stones to one fewer than the points): the fixed handicap's points
 * as far as they go (so 2 to 9 on 19x19 are GNU Go's), then each further
 * stone on the empty point farthest from the stones already there, off the
 * first two lines while there is room, nearest the centre among equals. */
static int
gtp_engine_cmd_place_free_handicap(struct gtp_engine *e, int argc,
				   char **argv)
{
	static point_t placed[BOARD_MAX_POINTS];
	uint8_t taken[BOARD_MAX_POINTS];
	const struct board *b = &e->game.board;
	int size = b->size, lo = size >= 7 ? 2 : 0, n, k = 0;
	bool first = true;

	if (argc != 1 || gtp_engine_parse_int(argv[0], 0, INT_MAX, &n) < 0)
		return gtp_engine_syntax_error(e);
	if (!gtp_engine_board_empty(e)) {
		gtp_engine_printf(e, "board not empty");
		return -1;
	}
	if (n < 2 || n > size * size - 1) {
		gtp_engine_printf(e, "invalid number of stones");
		return -1;
	}
	for (int f = n < 9 ? n : 9; f >= 2 && k <= 0; f--)
		k = game_handicap_points(size, f, placed);
	if (k < 0)
		k = 0;
	memset(taken, 0, sizeof taken);
	for (int i = 0; i < k; i++)
		taken[placed[i]] = 1;
	while (k < n) {
		point_t best = BOARD_NONE;
		long bestd = -1, bestc = 0;

		for (int pass = 0; pass < 2 && best == BOARD_NONE; pass++)
			for (int y = 0; y < size; y++)
				for (int x = 0; x < size; x++) {
					point_t p = board_point(b, x, y);
					long d = LONG_MAX, c;

					if (taken[p] || (pass == 0 &&
					    (x < lo || y < lo || x >= size - lo ||
					    y >= size - lo)))
						continue;
					for (int i = 0; i < k; i++) {
						long dx = x - board_x(b, placed[i]);
						long dy = y - board_y(b, placed[i]);

						if (dx * dx + dy * dy < d)
							d = dx * dx + dy * dy;
					}
					c = (2L * x - size + 1) * (2L * x - size + 1) +
					    (2L * y - size + 1) * (2L * y - size + 1);
					if (d > bestd || (d == bestd && c < bestc)) {
						best = p;
						bestd = d;
						bestc = c;
					}
				}
		placed[k++] = best;
		taken[best] = 1;
	}
	game_reset(&e->game);
	for (int i = 0; i < n; i++) {
		/* Black stones alone always keep a liberty: cannot fail. */
		game_setup(&e->game, placed[i], BLACK);
		gtp_engine_put_list_item(e, placed[i], &first);
	}
	e->game.handicap = n;
	game_set_to_move(&e->game, WHITE);
	return 0;
}

static int
gtp_engine_cmd_set_free_handicap(struct gtp_engine *e, int argc, char **argv)
{
	const struct board *b = &e->game.board;
	uint8_t seen[BOARD_MAX_POINTS];
	point_t p;

	for (int i = 0; i < argc; i++)
		if (gtp_engine_parse_vertex(e, argv[i], &p) < 0)
			return gtp_engine_syntax_error(e);
	if (!gtp_engine_board_empty(e)) {
		gtp_engine_printf(e, "board not empty");
		return -1;
	}
	/* At least two stones, at least one empty point left, no pass and no
	 * point twice (GTP v2, set_free_handicap). */
	memset(seen, 0, sizeof seen);
	for (int i = 0; i < argc; i++) {
		gtp_engine_parse_vertex(e, argv[i], &p);
		if (p == BOARD_PASS || seen[p])
			goto bad;
		seen[p] = 1;
	}
	if (argc < 2 || argc > b->size * b->size - 1)
		goto bad;
	game_reset(&e->game);
	for (int i = 0; i < argc; i++) {
		gtp_engine_parse_vertex(e, argv[i], &p);
		/* Black stones alone always keep a liberty: cannot fail. */
		if (game_setup(&e->game, p, BLACK) < 0) {
			game_reset(&e->game);
			goto bad;
		}
	}
	e->game.handicap = argc;
	game_set_to_move(&e->game, WHITE);
	return 0;
bad:
	gtp_engine_printf(e, "bad vertex list");
	return -1;
}

/* Star points: the handicap points, drawn on boards from 7x7 up. */
static bool
gtp_engine_is_star(int size, int x, int y)
{
	int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
	bool xedge = x == lo || x == hi, yedge = y == lo || y == hi;
	bool odd = size % 2 == 1;

	if (size < 7)
		return false;
	if (xedge && yedge)
		return true;
	if (odd && x == mid && y == mid)
		return true;
	/* The middle of each side on big odd boards. */
	return odd && size >= 13 &&
	    ((xedge && y == mid) || (yedge && x == mid));
}

static void
gtp_engine_put_columns(struct gtp_engine *e)
{
	static const char columns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

	gtp_engine_printf(e, "  ");
	for (int x = 0; x < e->game.size; x++)
		gtp_engine_printf(e, " %c", columns[x]);
}

static int
gtp_engine_cmd_showboard(struct gtp_engine *e, int argc, char **argv)
{
	const struct board *b = &e->game.board;
	int size = b->size;

	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	gtp_engine_printf(e, "\n");
	gtp_engine_put_columns(e);
	for (int y = 0; y < size; y++) {
		int row = size - y;

		gtp_engine_printf(e, "\n%2d", row);
		for (int x = 0; x < size; x++) {
			point_t p = board_point(b, x, y);
			char ch = ".XO"[board_at(b, p)];

			if (ch == '.' && gtp_engine_is_star(size, x, y))
				ch = '+';
			gtp_engine_printf(e, " %c", ch);
		}
		gtp_engine_printf(e, " %d", row);
		if (row == 2 || row == 1) {
			enum color c = row == 2 ? WHITE : BLACK;
			int n = b->captures[c];

			gtp_engine_printf(e, "     %s (%c) has captured %d %s",
			    c == WHITE ? "WHITE" : "BLACK",
			    c == WHITE ? 'O' : 'X', n, n == 1 ? "stone" : "stones");
		}
	}
	gtp_engine_printf(e, "\n");
	gtp_engine_put_columns(e);
	return 0;
}

static int
gtp_engine_cmd_loadsgf(struct gtp_engine *e, int argc, char **argv)
{
	struct sgf_record rec;
	struct game g;
	char err[512];
	int upto = 0, nmoves, rc;
	enum color next = EMPTY;

	/* A move number of 0, as GNU Go takes it, is the whole game. */
	if (argc < 1 || argc > 2 || (argc == 2 &&
	    gtp_engine_parse_int(argv[1], 0, INT_MAX, &upto) < 0))
		return gtp_engine_syntax_error(e);
	if (!e->allow_files) {
		gtp_engine_printf(e, "cannot load file\nfiles are disabled");
		return -1;
	}
	sgf_record_init(&rec);
	if (sgf_read_file(argv[0], &rec, err, sizeof err) < 0) {
		gtp_engine_printf(e, "cannot load file\n%s", err);
		return -1;
	}
	/* GTP: the position before move number UPTO, counted from 1; the
	 * moves after it are not played, so a later illegal one does not
	 * matter.  Who moves first is still the record's first mover (a
	 * handicap record without PL[] that White begins: the stones of HA
	 * go on the board before move 1 too). */
	nmoves = rec.nmoves;
	if (rec.first == EMPTY && rec.nmoves > 0)
		rec.first = rec.moves[0].color;
	if (upto > 0 && upto - 1 < rec.nmoves) {
		/* The colour to move is that of move UPTO, as the record
		 * has it (two moves of one colour, or White after setup). */
		next = rec.moves[upto - 1].color;
		rec.nmoves = upto - 1;
	}
	rc = game_from_sgf(&g, &rec, argv[0], err, sizeof err);
	rec.nmoves = nmoves;
	if (rc < 0) {
		sgf_record_free(&rec);
		gtp_engine_printf(e, "cannot load file\n%s", err);
		return -1;
	}
	/* A file without KM leaves the komi as it was. */
	if (!rec.has_komi)
		g.komi = e->game.komi;
	sgf_record_free(&rec);
	/* Cut short, the game has no result. */
	if (next != EMPTY) {
		game_goto(&g, g.nmoves);
		game_set_to_move(&g, next);
	}
	game_free(&e->game);
	e->game = g;
	/* A new game: the clocks start again, as after clear_board. */
	if (e->new_game)
		e->new_game(e);
	gtp_engine_printf(e, "%s", color_name(game_to_move(&e->game)));
	return 0;
}

static int
gtp_engine_cmd_printsgf(struct gtp_engine *e, int argc, char **argv)
{
	struct sgf_record rec;
	char *text;
	int ret = 0;

	if (argc > 1)
		return gtp_engine_syntax_error(e);
	if (argc == 1 && !e->allow_files) {
		gtp_engine_printf(e, "cannot save file\nfiles are disabled");
		return -1;
	}
	if (game_to_sgf(&e->game, &rec) < 0) {
		sgf_record_free(&rec);
		gtp_engine_printf(e, "cannot convert the game to SGF");
		return -1;
	}
	if (argc == 1) {
		if (sgf_write_file(argv[0], &rec) < 0) {
			gtp_engine_printf(e, "cannot save file\n%s: %s",
			    argv[0], strerror(errno));
			ret = -1;
		}
	} else {
		text = sgf_write(&rec);
		gtp_engine_printf(e, "%s", text);
		free(text);
	}
	sgf_record_free(&rec);
	return ret;
}

/*
 * A point of a shared region that neither side can fill without putting its
 * own stones in atari (or cannot fill at all): a liberty of a seki.  Dame
 * between living groups is shared too, but filling it is safe.
 */
static bool
gtp_engine_seki_point(const struct board *b, point_t p)
{
	static const enum color colors[] = { BLACK, WHITE };
	struct board copy;

	for (int i = 0; i < 2; i++) {
		copy = *b;
		if (board_play(&copy, colors[i], p) == MOVE_OK &&
		    board_group_libs(&copy, p, 2) >= 2)
			return false;
	}
	return true;
}

/*
 * Status of every stone, as final_status_list reports it: dead as
 * ai_dead_stones() says; seki for the living groups next to a seki
 * point of a region score_area() shares between the two colours; alive
 * for the rest.
 */
static void
gtp_engine_status(const struct gtp_engine *e, uint8_t *status)
{
	const struct board *b = &e->game.board;
	uint8_t dead[BOARD_MAX_POINTS], seki[BOARD_MAX_POINTS];
	struct score s;

	ai_dead_stones(&e->game, dead);
	score_area(b, dead, e->game.komi, &s);
	memset(status, GTP_STATUS_NONE, BOARD_MAX_POINTS);
	memset(seki, 0, sizeof seki);
	GTP_ENGINE_FOR_POINTS(b, p) {
		if (board_at(b, (point_t)p) != EMPTY)
			status[p] = dead[p] ? GTP_STATUS_DEAD : GTP_STATUS_ALIVE;
	}
	GTP_ENGINE_FOR_POINTS(b, p) {
		const int nb[4] = { p - 1, p + 1, p - b->stride, p + b->stride };

		if (board_at(b, (point_t)p) != EMPTY ||
		    s.owner[p] != OWN_SHARED ||
		    !gtp_engine_seki_point(b, (point_t)p))
			continue;
		for (int i = 0; i < 4; i++)
			if (status[nb[i]] == GTP_STATUS_ALIVE)
				seki[board_group_of(b, (point_t)nb[i])] = 1;
	}
	GTP_ENGINE_FOR_POINTS(b, p) {
		if (status[p] == GTP_STATUS_ALIVE &&
		    seki[board_group_of(b, (point_t)p)])
			status[p] = GTP_STATUS_SEKI;
	}
}

static int
gtp_engine_cmd_final_status_list(struct gtp_engine *e, int argc, char **argv)
{
	static const char *const names[] = {
		[GTP_STATUS_ALIVE] = "alive",
		[GTP_STATUS_DEAD] = "dead",
		[GTP_STATUS_SEKI] = "seki"
	};
	const struct board *b = &e->game.board;
	uint8_t status[BOARD_MAX_POINTS], done[BOARD_MAX_POINTS];
	int want = 0;
	bool first = true;

	for (int i = GTP_STATUS_ALIVE; i <= GTP_STATUS_SEKI; i++)
		if (argc == 1 && strcmp(argv[0], names[i]) == 0)
			want = i;
	if (want == 0)
		return gtp_engine_syntax_error(e);
	gtp_engine_status(e, status);
	memset(done, 0, sizeof done);
	/* One group a line, as GNU Go writes them. */
	GTP_ENGINE_FOR_POINTS(b, p) {
		point_t root = board_group_of(b, (point_t)p);
		bool first_stone = true;

		if (status[p] != want || done[root])
			continue;
		done[root] = 1;
		if (!first)
			gtp_engine_printf(e, "\n");
		first = false;
		GTP_ENGINE_FOR_POINTS(b, q)
			if (board_at(b, (point_t)q) != EMPTY &&
			    board_group_of(b, (point_t)q) == root)
				gtp_engine_put_list_item(e, (point_t)q,
				    &first_stone);
	}
	return 0;
}

static int
gtp_engine_cmd_final_score(struct gtp_engine *e, int argc, char **argv)
{
	const struct board *b = &e->game.board;
	uint8_t dead[BOARD_MAX_POINTS];
	struct score s;
	char result[64];

	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	ai_dead_stones(&e->game, dead);
	score_area(b, dead, e->game.komi, &s);
	gtp_engine_printf(e, "%s",
	    score_result_sgf(s.margin, result, sizeof result));
	return 0;
}

static const struct gtp_command gtp_engine_builtin[] = {
	{ "all_legal", gtp_engine_cmd_all_legal },
	{ "boardsize", gtp_engine_cmd_boardsize },
	{ "captures", gtp_engine_cmd_captures },
	{ "clear_board", gtp_engine_cmd_clear_board },
	{ "final_score", gtp_engine_cmd_final_score },
	{ "final_status_list", gtp_engine_cmd_final_status_list },
	{ "fixed_handicap", gtp_engine_cmd_fixed_handicap },
	{ "get_komi", gtp_engine_cmd_get_komi },
	{ "is_legal", gtp_engine_cmd_is_legal },
	{ "known_command", gtp_engine_cmd_known_command },
	{ "komi", gtp_engine_cmd_komi },
	{ "list_commands", gtp_engine_cmd_list_commands },
	{ "list_stones", gtp_engine_cmd_list_stones },
	{ "loadsgf", gtp_engine_cmd_loadsgf },
	{ "name", gtp_engine_cmd_name },
	{ "play", gtp_engine_cmd_play },
	{ "place_free_handicap", gtp_engine_cmd_place_free_handicap },
	{ "printsgf", gtp_engine_cmd_printsgf },
	{ "protocol_version", gtp_engine_cmd_protocol_version },
	{ "query_boardsize", gtp_engine_cmd_query_boardsize },
	{ "quit", gtp_engine_cmd_quit },
	{ "set_free_handicap", gtp_engine_cmd_set_free_handicap },
	{ "showboard", gtp_engine_cmd_showboard },
	{ "undo", gtp_engine_cmd_undo },
	{ "version", gtp_engine_cmd_version },
	{ NULL, NULL }
};

/* The handler for NAME: registered tables, newest first, then built-ins. */
static gtp_engine_fn
gtp_engine_lookup(const struct gtp_engine *e, const char *name)
{
	const struct gtp_command *c;

	for (int t = e->ntables - 1; t >= -1; t--) {
		c = t >= 0 ? e->tables[t] : gtp_engine_builtin;
		for (; c->name != NULL; c++)
			if (strcmp(c->name, name) == 0)
				return c->fn;
	}
	return NULL;
}

static int
gtp_engine_cmd_known_command(struct gtp_engine *e, int argc, char **argv)
{
	if (argc != 1)
		return gtp_engine_syntax_error(e);
	gtp_engine_printf(e, "%s",
	    gtp_engine_lookup(e, argv[0]) ? "true" : "false");
	return 0;
}

static int
gtp_engine_cmd_list_commands(struct gtp_engine *e, int argc, char **argv)
{
	const struct gtp_command *c;
	bool first = true;

	(void)argv;
	if (gtp_engine_no_args(e, argc) < 0)
		return -1;
	for (int t = -1; t < e->ntables; t++) {
		c = t >= 0 ? e->tables[t] : gtp_engine_builtin;
		for (; c->name != NULL; c++) {
			bool listed = false;

			/* A name registered again is listed once. */
			for (int u = -1; u < t && !listed; u++) {
				const struct gtp_command *d;

				d = u >= 0 ? e->tables[u] : gtp_engine_builtin;
				for (; d->name != NULL; d++)
					if (strcmp(d->name, c->name) == 0)
						listed = true;
			}
			if (listed)
				continue;
			gtp_engine_printf(e, "%s%s", first ? "" : "\n", c->name);
			first = false;
		}
	}
	return 0;
}

int
gtp_engine_init(struct gtp_engine *e)
{
	memset(e, 0, sizeof *e);
	if (game_init(&e->game, 19, GAME_DEFAULT_KOMI) < 0)
		return -1;
	e->allow_files = true;
	e->cap = 256;
	e->buf = xmalloc(e->cap);
	e->buf[0] = '\0';
	return 0;
}

void
gtp_engine_free(struct gtp_engine *e)
{
	game_free(&e->game);
	free(e->buf);
	e->buf = NULL;
	e->len = e->cap = 0;
}

int
gtp_engine_add_commands(struct gtp_engine *e,
    const struct gtp_command *table)
{
	if (e->ntables == GTP_ENGINE_MAX_TABLES)
		return -1;
	e->tables[e->ntables++] = table;
	return 0;
}

/*
 * GTP's preprocessing (section 3.1 of the specification) of the first line
 * of LINE: control characters other than HT and LF dropped, HT turned into a
 * space, and everything from "#" on dropped.  Returns a heap string.
 */
static char *
gtp_engine_preprocess(const char *line)
{
	size_t n = strcspn(line, "\n");
	char *s = xmalloc(n + 1), *d = s;

	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)line[i];

		if (ch == '#')
			break;
		if (ch == '\t')
			ch = ' ';
		else if (ch < 32 || ch == 127)
			continue;
		*d++ = (char)ch;
	}
	*d = '\0';
	return s;
}

/* Split S in place at spaces; ARGV has room for every word. */
static int
gtp_engine_split(char *s, char **argv)
{
	int argc = 0;

	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			return argc;
		argv[argc++] = s;
		while (*s != ' ' && *s != '\0')
			s++;
		if (*s == '\0')
			return argc;
		*s++ = '\0';
	}
}

static bool
gtp_engine_is_id(const char *s)
{
	return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

/* "=ID BODY\n\n" with no empty line inside BODY: an empty line ends a
 * reply, so none may hide in a result or message. */
static char *
gtp_engine_frame(bool ok, const char *id, const char *body)
{
	size_t idlen = id ? strlen(id) : 0, n = strlen(body);
	char *r = xmalloc(idlen + n + 5), *d = r;

	*d++ = ok ? '=' : '?';
	if (id) {
		memcpy(d, id, idlen);
		d += idlen;
	}
	*d++ = ' ';
	for (size_t i = 0; i < n; i++) {
		if (body[i] == '\n' && d[-1] == '\n')
			continue;
		*d++ = body[i];
	}
	while (d[-1] == '\n')
		d--;
	*d++ = '\n';
	*d++ = '\n';
	*d = '\0';
	return r;
}

int
gtp_engine_execute(struct gtp_engine *e, const char *line, char **reply)
{
	char *s = gtp_engine_preprocess(line), **argv, *id = NULL;
	gtp_engine_fn fn;
	int argc, ok;

	*reply = NULL;
	argv = xcalloc(strlen(s) / 2 + 1, sizeof *argv);
	argc = gtp_engine_split(s, argv);
	if (argc == 0)
		goto out;
	if (gtp_engine_is_id(argv[0])) {
		id = argv[0];
		argv++;
		argc--;
	}
	e->len = 0;
	e->buf[0] = '\0';
	if (argc == 0) {
		gtp_engine_printf(e, "syntax error");
		ok = -1;
	} else if ((fn = gtp_engine_lookup(e, argv[0])) == NULL) {
		gtp_engine_printf(e, "unknown command");
		ok = -1;
	} else {
		ok = fn(e, argc - 1, argv + 1);
	}
	*reply = gtp_engine_frame(ok == 0, id, e->buf);
	if (id)
		argv--;
out:
	free(argv);
	free(s);
	return e->quit ? 1 : 0;
}

int
gtp_engine_run(struct gtp_engine *e, FILE *in, FILE *out)
{
	char *line = NULL, *reply;
	size_t cap = 0;
	ssize_t n;
	int done = 0;

	while (!done && (n = getline(&line, &cap, in)) >= 0) {
		/* NUL is a control character too; execute() sees a C string. */
		ssize_t j = 0;

		for (ssize_t i = 0; i < n; i++)
			if (line[i] != '\0')
				line[j++] = line[i];
		line[j] = '\0';
		done = gtp_engine_execute(e, line, &reply);
		if (reply == NULL)
			continue;
		fputs(reply, out);
		free(reply);
		if (fflush(out) == EOF) {
			free(line);
			return -1;
		}
	}
	free(line);
	return ferror(in) ? -1 : 0;
}
