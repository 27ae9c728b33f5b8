/*
 * sgf-write.c: a struct sgf_record to FF[4] text.
 *
 * The one idea: the output is whatever sgf-read.c reads back into the same
 * record, field by field (except AP, which names tengen, and RU, which
 * defaults to Chinese), so a saved game always loads as it was.  All game
 * information and setup goes in the root node, then one node per move, the
 * count (TB/TW) on the last one, with tengen's own PO and DS after it;
 * lines are broken between nodes to stay short.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf.h"
#include "sgf-charset.h"
#include "util.h"

#define SGF_WRITE_MOVES_PER_LINE 10
#define SGF_WRITE_POINTS_PER_LINE 16

struct sgf_write_buf {
	char *s;
	size_t len, cap;
};

static void
sgf_write_bytes(struct sgf_write_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		while (b->len + n + 1 > b->cap)
			b->cap = b->cap ? b->cap * 2 : 1024;
		b->s = xreallocarray(b->s, b->cap, 1);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
sgf_write_str(struct sgf_write_buf *b, const char *s)
{
	sgf_write_bytes(b, s, strlen(s));
}

/* ID[text] with ']' and '\' escaped (and ':' in a composed value).  The
 * file says CA[UTF-8]: a byte that is not of a UTF-8 character (a user
 * name in another charset, say) is written as '?', or the file could not
 * be read back. */
static void
sgf_write_text(struct sgf_write_buf *b, const char *id, const char *text,
    bool composed)
{
	const char *s = text;
	size_t left = strlen(text), n;

	sgf_write_str(b, id);
	sgf_write_bytes(b, "[", 1);
	while (left > 0) {
		n = sgf_charset_utf8_char((const unsigned char *)s, left);
		if (n == 0) {
			sgf_write_bytes(b, "?", 1);
			n = 1;
		} else {
			if (*s == ']' || *s == '\\' || (composed && *s == ':'))
				sgf_write_bytes(b, "\\", 1);
			sgf_write_bytes(b, s, n);
		}
		s += n;
		left -= n;
	}
	sgf_write_bytes(b, "]", 1);
}

static void
sgf_write_opt(struct sgf_write_buf *b, const char *id, const char *text)
{
	if (text != NULL)
		sgf_write_text(b, id, text, false);
}

/* "[dd]", or "[]" for a pass. */
static void
sgf_write_point(struct sgf_write_buf *b, int x, int y)
{
	char v[4] = "[]";

	if (x >= 0 && y >= 0 && x < 26 && y < 26) {
		v[1] = (char)('a' + x);
		v[2] = (char)('a' + y);
		v[3] = ']';
		sgf_write_bytes(b, v, 4);
	} else
		sgf_write_bytes(b, v, 2);
}

/* The shortest decimal form that reads back as exactly K. */
static void
sgf_write_number(struct sgf_write_buf *b, double k)
{
	char num[40];

	sgf_write_str(b, util_format_double(k, num, sizeof num));
}

/* The points of LIST (NLIST of them) of colour C (of any colour when ALL),
 * as property ID. */
static void
sgf_write_points(struct sgf_write_buf *b, const struct sgf_point *list,
    int nlist, enum color c, bool all, const char *id)
{
	int i, n = 0;

	for (i = 0; i < nlist; i++) {
		const struct sgf_point *p = &list[i];

		if (!all && p->color != c)
			continue;
		if (n == 0)
			sgf_write_str(b, id);
		else if (n % SGF_WRITE_POINTS_PER_LINE == 0)
			sgf_write_str(b, "\n");
		sgf_write_point(b, p->x, p->y);
		n++;
	}
	if (n > 0)
		sgf_write_str(b, "\n");
}

static void
sgf_write_root(struct sgf_write_buf *b, const struct sgf_record *rec)
{
	char num[32];

	sgf_write_str(b, "(;GM[1]FF[4]CA[UTF-8]");
	sgf_write_text(b, "AP", "tengen:" PACKAGE_VERSION, false);
	snprintf(num, sizeof num, "\nSZ[%d]", rec->size);
	sgf_write_str(b, num);
	if (rec->has_komi || rec->komi != 0) {
		sgf_write_str(b, "KM[");
		sgf_write_number(b, rec->komi);
		sgf_write_str(b, "]");
	}
	if (rec->handicap > 0) {
		snprintf(num, sizeof num, "HA[%d]", rec->handicap);
		sgf_write_str(b, num);
	}
	sgf_write_text(b, "RU", rec->rules != NULL ? rec->rules : "Chinese",
	    false);
	sgf_write_str(b, "\n");
	if (rec->black != NULL || rec->black_rank != NULL ||
	    rec->white != NULL || rec->white_rank != NULL) {
		sgf_write_opt(b, "PB", rec->black);
		sgf_write_opt(b, "BR", rec->black_rank);
		sgf_write_opt(b, "PW", rec->white);
		sgf_write_opt(b, "WR", rec->white_rank);
		sgf_write_str(b, "\n");
	}
	if (rec->date != NULL || rec->name != NULL || rec->event != NULL) {
		sgf_write_opt(b, "DT", rec->date);
		sgf_write_opt(b, "GN", rec->name);
		sgf_write_opt(b, "EV", rec->event);
		sgf_write_str(b, "\n");
	}
	if (rec->result != NULL) {
		sgf_write_opt(b, "RE", rec->result);
		sgf_write_str(b, "\n");
	}
	sgf_write_points(b, rec->setup, rec->nsetup, BLACK, false, "AB");
	sgf_write_points(b, rec->setup, rec->nsetup, WHITE, false, "AW");
	sgf_write_points(b, rec->setup, rec->nsetup, EMPTY, false, "AE");
	if (rec->first == BLACK || rec->first == WHITE) {
		sgf_write_str(b, rec->first == BLACK ? "PL[B]" : "PL[W]");
		sgf_write_str(b, "\n");
	}
	if (rec->comment != NULL) {
		sgf_write_opt(b, "C", rec->comment);
		sgf_write_str(b, "\n");
	}
}

char *
sgf_write(const struct sgf_record *rec)
{
	struct sgf_write_buf b = { NULL, 0, 0 };
	int i, online = 0;
	bool has_play_on = rec->has_play_on && rec->play_on >= 0 &&
	    rec->play_on <= rec->nmoves;

	sgf_write_root(&b, rec);
	for (i = 0; i < rec->nmoves; i++) {
		const struct sgf_move *m = &rec->moves[i];

		sgf_write_str(&b, m->color == WHITE ? ";W" : ";B");
		sgf_write_point(&b, m->x, m->y);
		online++;
		if (m->comment != NULL) {
			sgf_write_str(&b, "\n");
			sgf_write_text(&b, "C", m->comment, false);
			online = SGF_WRITE_MOVES_PER_LINE;
		}
		if (online == SGF_WRITE_MOVES_PER_LINE) {
			sgf_write_str(&b, "\n");
			online = 0;
		}
	}
	/* The count, on the node of the last move (or the root). */
	if (rec->nterritory > 0) {
		if (online > 0)
			sgf_write_str(&b, "\n");
		online = 0;
		sgf_write_points(&b, rec->territory, rec->nterritory, BLACK,
		    false, "TB");
		sgf_write_points(&b, rec->territory, rec->nterritory, WHITE,
		    false, "TW");
	}
	/* Where the players went on (a PO beyond the moves would not read
	 * back), and the count's dead stones: DS[] when there is none. */
	if (has_play_on || rec->has_dead) {
		if (online > 0)
			sgf_write_str(&b, "\n");
		online = 0;
	}
	if (has_play_on) {
		char num[32];

		snprintf(num, sizeof num, "PO[%d]\n", rec->play_on);
		sgf_write_str(&b, num);
	}
	if (rec->has_dead && rec->ndead > 0)
		sgf_write_points(&b, rec->dead, rec->ndead, EMPTY, true, "DS");
	else if (rec->has_dead)
		sgf_write_str(&b, "DS[]\n");
	sgf_write_str(&b, online > 0 ? "\n)\n" : ")\n");
	return b.s;
}

int
sgf_write_file(const char *path, const struct sgf_record *rec)
{
	char *text = sgf_write(rec);
	int rc, saved;

	rc = util_write_atomic(path, text, strlen(text));
	saved = errno;
	free(text);
	errno = saved;
	return rc;
}
