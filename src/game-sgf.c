/*
 * game-sgf.c: replay an SGF record as a game, and turn a game into a record.
 *
 * The one idea: a record is trusted for nothing.  Setup stones go through
 * game_setup() and every move through game_play(), so a file can only give
 * a game that the rules allow; the first refusal is reported with the
 * record's position of that value.  Two moves of one colour in a row are
 * accepted (game_play() takes the colour), as real records have them.
 *
 * A count is written as TB/TW, which say whose area a point is, and as
 * tengen's own property DS (dead stones), which lists every stone marked
 * dead: TB/TW cannot name one in a region both sides or neither side
 * surround, nor one in its own colour's area.  Other programs skip it, as
 * FF[4] asks of unknown properties, and PO[N] (play on) too, where the
 * players went on after the two passes that end at move N, so that those
 * passes do not count again.  sgf-read.c checks how they are written;
 * whether a DS point holds a stone is the game's to say, here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game-sgf.h"
#include "score.h"
#include "util.h"

/* "B[dd]" / "W[]" / "AE[dd]" for messages. */
static const char *
game_sgf_value(const char *id, int x, int y, char *buf, size_t len)
{
	if (x < 0 || y < 0)
		snprintf(buf, len, "%s[]", id);
	else
		snprintf(buf, len, "%s[%c%c]", id, 'a' + x % 26, 'a' + y % 26);
	return buf;
}

/* RE[] to how the game ended, in FF[4]'s words (in any case, blanks
 * around them aside); a result in other words ("黑中盘胜") still ends the
 * game, with a result unknown, so that it is not taken for one to go on. */
static void
game_sgf_result(struct game *g, const char *text)
{
	enum color winner;
	const char *s;
	char *end, re[64];
	double margin;
	size_t n;

	if (text == NULL)
		return;
	while (*text == ' ' || *text == '\t')
		text++;
	n = strlen(text);
	while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	if (n == 0)
		return;
	if (n >= sizeof re) {
		g->end = GAME_END_UNKNOWN;
		return;
	}
	memcpy(re, text, n);
	re[n] = '\0';
	if (re[0] == 'b' || re[0] == 'w')
		re[0] = (char)(re[0] - 'a' + 'A');
	if (strcmp(re, "0") == 0) {
		g->end = GAME_END_SCORE;
		g->score = 0;
		return;
	}
	if (strcasecmp(re, "Draw") == 0 || strcasecmp(re, "Jigo") == 0) {
		g->end = GAME_END_DRAW;
		return;
	}
	if (strcasecmp(re, "Void") == 0) {
		g->end = GAME_END_VOID;
		return;
	}
	if (strcmp(re, "?") == 0) {
		g->end = GAME_END_UNKNOWN;
		return;
	}
	if ((re[0] != 'B' && re[0] != 'W') || re[1] != '+') {
		g->end = GAME_END_UNKNOWN;
		return;
	}
	winner = re[0] == 'B' ? BLACK : WHITE;
	s = re + 2;
	if (*s == '\0')
		g->end = GAME_END_WIN;
	else if (strcasecmp(s, "R") == 0 || strcasecmp(s, "Resign") == 0)
		g->end = GAME_END_RESIGN;
	else if (strcasecmp(s, "T") == 0 || strcasecmp(s, "Time") == 0)
		g->end = GAME_END_TIME;
	else if (strcasecmp(s, "F") == 0 || strcasecmp(s, "Forfeit") == 0)
		g->end = GAME_END_FORFEIT;
	else if (*s >= '0' && *s <= '9' &&
	    (margin = strtod(s, &end)) > 0 && *end == '\0') {
		g->end = GAME_END_SCORE;
		g->score = winner == BLACK ? margin : -margin;
		return;
	} else
		/* Won in a way FF[4] has no word for: the winner at least. */
		g->end = GAME_END_WIN;
	g->winner = winner;
}

/* The colour to move first when the record has no PL[]. */
static enum color
game_sgf_first(const struct sgf_record *rec)
{
	int i;

	if (rec->first == BLACK || rec->first == WHITE)
		return rec->first;
	if (rec->nmoves > 0)
		return rec->moves[0].color;
	if (rec->handicap >= 2)
		for (i = 0; i < rec->nsetup; i++)
			if (rec->setup[i].color == BLACK)
				return WHITE;
	return BLACK;
}

static int
game_sgf_fail(struct game *g, char *err, size_t errlen, const char *name,
    struct sgf_pos pos, const char *value, const char *what)
{
	snprintf(err, errlen, "%s:%d:%d: %s: %s", name, pos.line, pos.col,
	    value, what);
	game_free(g);
	memset(g, 0, sizeof *g);
	return -1;
}

int
game_from_sgf(struct game *g, const struct sgf_record *rec, const char *name,
    char *err, size_t errlen)
{
	static const char *const setup_id[] = {
		[EMPTY] = "AE", [BLACK] = "AB", [WHITE] = "AW"
	};
	char value[16], what[64];
	enum board_verdict v;
	int i;

	if (name == NULL)
		name = "(sgf)";
	memset(g, 0, sizeof *g);
	if (game_init(g, rec->size, rec->komi) < 0) {
		snprintf(err, errlen, "%s: board size %d is not 2 to 25", name,
		    rec->size);
		return -1;
	}
	/* Records played under rules with simple ko only (Japanese, Korean)
	 * may repeat a position; replay them by their own rule.  So are
	 * records that name no rules, once they repeat a position. */
	if (rec->rules && (strncasecmp(rec->rules, "jap", 3) == 0 ||
	    strncasecmp(rec->rules, "kor", 3) == 0 ||
	    strcasecmp(rec->rules, "JP") == 0 ||
	    strcasecmp(rec->rules, "KR") == 0))
		g->superko = false;
	for (i = 0; i < rec->nsetup; i++) {
		const struct sgf_point *sp = &rec->setup[i];
		enum color c = sp->color;

		if (c != BLACK && c != WHITE)
			c = EMPTY;
		game_sgf_value(setup_id[c], sp->x, sp->y, value, sizeof value);
		if (sp->x < 0 || sp->y < 0 || sp->x >= g->size ||
		    sp->y >= g->size)
			return game_sgf_fail(g, err, errlen, name, sp->pos,
			    value, "point is outside the board");
		if (game_setup(g, board_point(&g->board, sp->x, sp->y), c) < 0)
			return game_sgf_fail(g, err, errlen, name, sp->pos,
			    value, "setup leaves a group without liberties");
	}
	/* HA[n] with White to move on an empty board: the stones were not
	 * written out; they are where fixed handicap puts them, as GNU Go
	 * takes such a record (a size without them: none). */
	if (rec->handicap >= 2 && game_sgf_first(rec) == WHITE &&
	    board_count(&g->initial, BLACK) + board_count(&g->initial,
	    WHITE) == 0)
		game_fixed_handicap(g, rec->handicap, NULL);
	g->handicap = rec->handicap;
	game_set_to_move(g, game_sgf_first(rec));
	for (i = 0; i < rec->nmoves; i++) {
		const struct sgf_move *m = &rec->moves[i];
		enum color c = m->color == WHITE ? WHITE : BLACK;
		point_t p = BOARD_PASS;

		game_sgf_value(c == BLACK ? "B" : "W", m->x, m->y, value,
		    sizeof value);
		if (m->x >= 0 || m->y >= 0) {
			if (m->x < 0 || m->y < 0 || m->x >= g->size ||
			    m->y >= g->size)
				return game_sgf_fail(g, err, errlen, name,
				    m->pos, value, "point is outside the board");
			p = board_point(&g->board, m->x, m->y);
		}
		v = game_play(g, c, p);
		if (v == MOVE_SUPERKO &&
		    (rec->rules == NULL || rec->rules[0] == '\0')) {
			/* No RU (or an empty one): the record may come from
			 * rules with simple ko only; go on by them from here. */
			g->superko = false;
			v = game_play(g, c, p);
		}
		if (v != MOVE_OK) {
			snprintf(what, sizeof what, "illegal move: %s",
			    board_verdict_str(v));
			return game_sgf_fail(g, err, errlen, name, m->pos,
			    value, what);
		}
	}
	game_sgf_result(g, rec->result);
	return 0;
}

/* The result as RE[] writes it, or NULL while the game is open. */
static char *
game_sgf_result_str(const struct game *g)
{
	char buf[32];
	char w = g->winner == WHITE ? 'W' : 'B';

	switch (g->end) {
	case GAME_END_NONE:
		return NULL;
	case GAME_END_SCORE:
		return xstrdup(score_result_sgf(g->score, buf, sizeof buf));
	case GAME_END_RESIGN:
		snprintf(buf, sizeof buf, "%c+R", w);
		break;
	case GAME_END_TIME:
		snprintf(buf, sizeof buf, "%c+T", w);
		break;
	case GAME_END_FORFEIT:
		snprintf(buf, sizeof buf, "%c+F", w);
		break;
	case GAME_END_DRAW:
		return xstrdup("Draw");
	case GAME_END_WIN:
		snprintf(buf, sizeof buf, "%c+", w);
		break;
	case GAME_END_VOID:
		return xstrdup("Void");
	case GAME_END_UNKNOWN:
		return xstrdup("?");
	default:
		return NULL;
	}
	return xstrdup(buf);
}

int
game_to_sgf(const struct game *g, struct sgf_record *rec)
{
	const struct board *b = &g->initial;
	int x, y, i, n = 0;

	sgf_record_init(rec);
	if (g->size < BOARD_MIN_SIZE || g->size > BOARD_MAX_SIZE)
		return -1;
	rec->size = g->size;
	rec->komi = g->komi;
	rec->has_komi = true;
	/* A game replayed with simple ko only keeps saying so. */
	if (!g->superko)
		rec->rules = xstrdup("Japanese");
	rec->handicap = g->handicap;
	rec->first = g->first;
	/* Setup: whatever the initial position has that an empty board
	 * has not, in row order as sgf_parse() gives it. */
	for (y = 0; y < g->size; y++)
		for (x = 0; x < g->size; x++)
			if (board_at(b, board_point(b, x, y)) != EMPTY)
				n++;
	if (n > 0)
		rec->setup = xcalloc((size_t)n, sizeof *rec->setup);
	for (y = 0; y < g->size; y++)
		for (x = 0; x < g->size; x++) {
			enum color c = board_at(b, board_point(b, x, y));

			if (c == EMPTY)
				continue;
			rec->setup[rec->nsetup].color = c;
			rec->setup[rec->nsetup].x = x;
			rec->setup[rec->nsetup].y = y;
			rec->nsetup++;
		}
	if (g->nmoves > 0)
		rec->moves = xcalloc((size_t)g->nmoves, sizeof *rec->moves);
	for (i = 0; i < g->nmoves; i++) {
		const struct game_move *gm = &g->moves[i];
		struct sgf_move *m = &rec->moves[rec->nmoves];

		if (gm->point == BOARD_RESIGN || gm->point == BOARD_NONE)
			continue;	/* the result says it */
		m->color = gm->color;
		m->x = m->y = -1;
		if (gm->point != BOARD_PASS) {
			m->x = board_x(b, gm->point);
			m->y = board_y(b, gm->point);
		}
		rec->nmoves++;
	}
	rec->result = game_sgf_result_str(g);
	return 0;
}

void
game_sgf_set_count(struct sgf_record *rec, const struct game *g,
		   const uint8_t *dead)
{
	const struct board *b = &g->board;
	struct score s;
	int x, y;

	free(rec->territory);
	rec->territory = NULL;
	rec->nterritory = 0;
	free(rec->dead);
	rec->dead = NULL;
	rec->ndead = 0;
	rec->has_dead = true;
	score_area(b, dead, g->komi, &s);
	for (y = 0; y < g->size; y++)
		for (x = 0; x < g->size; x++) {
			point_t p = board_point(b, x, y);
			enum color c = board_at(b, p);
			uint8_t o = s.owner[p];

			if (c != EMPTY && dead[p]) {
				if (rec->dead == NULL)
					rec->dead = xcalloc((size_t)(g->size *
					    g->size), sizeof *rec->dead);
				rec->dead[rec->ndead].color = EMPTY;
				rec->dead[rec->ndead].x = x;
				rec->dead[rec->ndead].y = y;
				rec->ndead++;
			}

			if ((o != OWN_BLACK && o != OWN_WHITE) ||
			    (c != EMPTY && !dead[p]))
				continue;
			if (rec->territory == NULL)
				rec->territory = xcalloc((size_t)(g->size *
				    g->size), sizeof *rec->territory);
			rec->territory[rec->nterritory].color =
			    o == OWN_BLACK ? BLACK : WHITE;
			rec->territory[rec->nterritory].x = x;
			rec->territory[rec->nterritory].y = y;
			rec->nterritory++;
		}
}

bool
game_sgf_dead(const struct sgf_record *rec, const struct game *g,
	      uint8_t *dead)
{
	const struct board *b = &g->board;

	memset(dead, 0, BOARD_MAX_POINTS);
	/* tengen's DS names every dead stone; TB/TW, of other programs,
	 * those in the other colour's area. */
	if (rec->has_dead) {
		for (int i = 0; i < rec->ndead; i++) {
			const struct sgf_point *d = &rec->dead[i];
			point_t p;

			if (d->x < 0 || d->x >= g->size || d->y < 0 ||
			    d->y >= g->size)
				continue;
			p = board_point(b, d->x, d->y);
			/* A mark on an empty point marks nothing. */
			if (board_at(b, p) == BLACK || board_at(b, p) == WHITE)
				dead[p] = 1;
		}
		return true;
	}
	for (int i = 0; i < rec->nterritory; i++) {
		const struct sgf_point *t = &rec->territory[i];
		point_t p;
		enum color c;

		if (t->x < 0 || t->x >= g->size || t->y < 0 || t->y >= g->size)
			continue;
		p = board_point(b, t->x, t->y);
		c = board_at(b, p);
		if ((c == BLACK || c == WHITE) && c != t->color)
			dead[p] = 1;
	}
	return rec->nterritory > 0;
}

void
game_sgf_set_play_on(struct sgf_record *rec, int play_on)
{
	rec->has_play_on = play_on >= 0 && play_on <= rec->nmoves;
	rec->play_on = rec->has_play_on ? play_on : 0;
}

int
game_sgf_play_on(const struct sgf_record *rec, const struct game *g)
{
	if (!rec->has_play_on || rec->play_on < 0 ||
	    rec->play_on > g->nmoves)
		return -1;
	return rec->play_on;
}
