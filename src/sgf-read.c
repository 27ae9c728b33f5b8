/*
 * sgf-read.c: SGF FF[1] to FF[4] text to a struct sgf_record.
 *
 * The one idea: reading is two steps.  The lexer walks the first game tree
 * without recursion (a depth counter, not a stack), keeps the properties of
 * the main line only (the first child at every branch point) as raw byte
 * ranges with their line and column, and skips variations; of a collection
 * it only notes that more games follow.  Then those
 * properties are interpreted into a private record, which is handed to the
 * caller only when everything was valid, so an error never half-loads.
 *
 * Text is converted to UTF-8 by sgf-charset.c.  In double-byte charsets
 * (Big5, GBK, ...)
 * the second byte of a character may be '\' or ']', so when the root names
 * one, the file is lexed again treating each such pair as one character.
 *
 * Setup (AB/AW/AE before the first move) is given as the stones it leaves,
 * in row order: AE on the empty starting board leaves nothing, so the
 * record is the same however a file grouped its setup.  TB/TW, the count,
 * are kept in the same way for the position after the last move, and so
 * is DS, tengen's own list of the count's dead stones.  PO, tengen's own
 * too, is the moves at which the players went on after two passes; it is
 * checked against the number of moves once they are all read.
 *
 * Positions are 1-based; columns count bytes; a value's position is that of
 * its opening '['.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sgf.h"
#include "sgf-charset.h"
#include "util.h"

#define SGF_READ_MAX_BYTES (16u * 1024 * 1024)
#define SGF_READ_IDMAX 7	/* longer identifiers are unknown ones */

struct sgf_read_val {
	size_t off, len;		/* the bytes between '[' and ']' */
	struct sgf_pos pos;		/* of the '[' */
};

struct sgf_read_prop {
	char id[SGF_READ_IDMAX + 1];	/* upper-case letters; "" if too long */
	int node;			/* index on the main line */
	int val, nval;			/* vals[val .. val + nval) */
};

struct sgf_reader {
	const char *data;
	size_t len, i;
	int line, col;
	int brk;			/* the last byte read, if CR or LF
					 * beginning a line break */
	const char *name;
	char *err;
	size_t errlen;

	bool utf8;			/* the bytes are UTF-8 beyond ASCII */
	bool dbcs;			/* lex double-byte characters as pairs */
	bool lead[256];			/* the bytes that begin a pair */
	int ca;				/* prop index of the root's CA, or -1 */

	struct sgf_read_prop *props;
	int nprops, cprops;
	struct sgf_read_val *vals;
	int nvals, cvals;
	int nnodes;

	struct sgf_charset cs;
	char charset[32];		/* CA as written, for messages */

	struct sgf_record rec;		/* being built */
	int cmoves;

	/* The comment appended to last, its length and its allocation, so
	 * that the comments of many nodes join in linear time. */
	char *app;
	size_t app_len, app_cap;

	const struct sgf_read_prop *po;	/* the PO of the highest value */
	long po_value;
};

static int sgf_read_error(struct sgf_reader *, struct sgf_pos, const char *,
    ...) __attribute__((format(printf, 3, 4)));
static const char *sgf_read_raw(const struct sgf_reader *,
    const struct sgf_read_prop *, int, char *, size_t);

/* The charset the root's CA[] names, without the blanks around it, into
 * BUF: "" where there is no CA[], or an empty one, which names none. */
static const char *
sgf_read_ca(const struct sgf_reader *r, char *buf, size_t len)
{
	if (r->ca < 0) {
		buf[0] = '\0';
		return buf;
	}
	return sgf_read_raw(r, &r->props[r->ca], 0, buf, len);
}

static int
sgf_read_error(struct sgf_reader *r, struct sgf_pos pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->errlen == 0)
		return -1;
	n = snprintf(r->err, r->errlen, "%s:%d:%d: ", r->name, pos.line,
	    pos.col);
	if (n < 0 || (size_t)n >= r->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* "ID[value]" for messages: the value shortened, unprintable bytes as '?'. */
static const char *
sgf_read_quote(const struct sgf_reader *r, const struct sgf_read_prop *p,
    int v, char *buf, size_t len)
{
	const struct sgf_read_val *val = &r->vals[p->val + v];
	size_t n = 0, i;
	const char *id = p->id[0] != '\0' ? p->id : "?";

	n = (size_t)snprintf(buf, len, "%s[", id);
	for (i = 0; i < val->len && n + 5 < len; i++) {
		unsigned char c = (unsigned char)r->data[val->off + i];

		if (i == 20 && val->len > 24) {
			memcpy(buf + n, "...", 3);
			n += 3;
			break;
		}
		buf[n++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	buf[n++] = ']';
	buf[n] = '\0';
	return buf;
}

static int
sgf_read_perror(struct sgf_reader *r, const struct sgf_read_prop *p, int v,
    const char *what)
{
	char q[64];

	return sgf_read_error(r, r->vals[p->val + v].pos, "%s: %s",
	    sgf_read_quote(r, p, v, q, sizeof q), what);
}

/* --- the lexer ------------------------------------------------------- */

static int
sgf_read_peek(const struct sgf_reader *r)
{
	return r->i < r->len ? (unsigned char)r->data[r->i] : -1;
}

static int
sgf_read_next(struct sgf_reader *r)
{
	unsigned char c;

	if (r->i >= r->len)
		return -1;
	c = (unsigned char)r->data[r->i++];
	/* A line break is LF, CR, CR LF or LF CR (FF[4]): the second byte
	 * of a pair begins no line of its own. */
	if (c == '\n' || c == '\r') {
		if (r->brk != 0 && r->brk != c)
			r->brk = 0;
		else {
			r->line++;
			r->col = 1;
			r->brk = c;
		}
	} else {
		r->col++;
		r->brk = 0;
	}
	return c;
}

static struct sgf_pos
sgf_read_here(const struct sgf_reader *r)
{
	struct sgf_pos pos = { r->line, r->col };

	return pos;
}

static bool
sgf_read_isspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	    c == '\f';
}

static void
sgf_read_skip_space(struct sgf_reader *r)
{
	while (sgf_read_isspace(sgf_read_peek(r)))
		sgf_read_next(r);
}

static bool
sgf_read_isalpha(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Find the first '(' followed by ';' (anything before it is not SGF). */
static int
sgf_read_start(struct sgf_reader *r)
{
	struct sgf_pos first = { 0, 0 }, after = { 0, 0 };
	int c;

	/* UTF-16 (Windows' "Unicode"): a byte-order mark, or "(;" with
	 * zero bytes between. */
	if (r->len >= 2 && ((r->data[0] == '\xff' && r->data[1] == '\xfe') ||
	    (r->data[0] == '\xfe' && r->data[1] == '\xff') ||
	    memmem(r->data, r->len, "(\0;", 3) != NULL)) {
		first.line = first.col = 1;
		return sgf_read_error(r, first, "the file is UTF-16, not SGF's "
		    "bytes: save it as UTF-8");
	}

	while ((c = sgf_read_peek(r)) != -1) {
		if (c == '(') {
			size_t save = r->i;
			int line = r->line, col = r->col;

			sgf_read_next(r);
			sgf_read_skip_space(r);
			if (sgf_read_peek(r) == ';') {
				r->i = save;
				r->line = line;
				r->col = col;
				r->brk = 0;
				return 0;
			}
			if (first.line == 0) {
				first.line = line;
				first.col = col;
				after = sgf_read_here(r);
			}
			continue;
		}
		sgf_read_next(r);
	}
	if (first.line != 0)
		return sgf_read_error(r, after, "missing ';' after '('");
	first.line = first.col = 1;
	return sgf_read_error(r, first, "no game tree: no '(;' found");
}

static void
sgf_read_add_prop(struct sgf_reader *r, const char *id, int node, int val,
    int nval)
{
	struct sgf_read_prop *p;

	if (r->nprops == r->cprops) {
		r->cprops = r->cprops ? r->cprops * 2 : 64;
		r->props = xreallocarray(r->props, (size_t)r->cprops,
		    sizeof *r->props);
	}
	p = &r->props[r->nprops++];
	memcpy(p->id, id, sizeof p->id);
	p->node = node;
	p->val = val;
	p->nval = nval;
}

/* One value: the '[' is next.  Stored only when KEEP. */
static int
sgf_read_value(struct sgf_reader *r, const char *id, bool keep)
{
	struct sgf_pos pos = sgf_read_here(r);
	size_t off;
	int c;

	sgf_read_next(r);
	off = r->i;
	for (;;) {
		c = sgf_read_next(r);
		if (c == '\\') {
			c = sgf_read_next(r);
			if (r->dbcs && c >= 0 && r->lead[c])
				c = sgf_read_next(r);
		} else if (r->dbcs && c >= 0 && r->lead[c])
			c = sgf_read_next(r);
		else if (c == ']')
			break;
		if (c == -1)
			return sgf_read_error(r, pos,
			    "%s[: value not terminated (no closing ']')",
			    id[0] != '\0' ? id : "property");
	}
	if (!keep)
		return 0;
	if (r->nvals == r->cvals) {
		r->cvals = r->cvals ? r->cvals * 2 : 128;
		r->vals = xreallocarray(r->vals, (size_t)r->cvals,
		    sizeof *r->vals);
	}
	r->vals[r->nvals].off = off;
	r->vals[r->nvals].len = r->i - 1 - off;
	r->vals[r->nvals].pos = pos;
	r->nvals++;
	return 0;
}

/* A property: identifier then one or more values. */
static int
sgf_read_property(struct sgf_reader *r, bool keep)
{
	struct sgf_pos pos = sgf_read_here(r);
	char id[SGF_READ_IDMAX + 1];
	int nid = 0, val = r->nvals, c;
	bool upper = false;

	while (sgf_read_isalpha(c = sgf_read_peek(r))) {
		sgf_read_next(r);
		if (c < 'A' || c > 'Z')
			continue;	/* FF[1]-[3] long names: AddBlack */
		upper = true;
		if (nid <= SGF_READ_IDMAX)
			nid++;
		if (nid <= SGF_READ_IDMAX)
			id[nid - 1] = (char)c;
	}
	if (!upper)
		return sgf_read_error(r, pos, "property identifier without "
		    "upper-case letters");
	id[nid <= SGF_READ_IDMAX ? nid : 0] = '\0';
	sgf_read_skip_space(r);
	if (sgf_read_peek(r) != '[')
		return sgf_read_error(r, pos, "property %s has no value",
		    id[0] != '\0' ? id : "(long name)");
	while (sgf_read_peek(r) == '[') {
		if (sgf_read_value(r, id, keep) < 0)
			return -1;
		sgf_read_skip_space(r);
	}
	if (keep) {
		if (r->nnodes == 1 && r->ca < 0 && strcmp(id, "CA") == 0)
			r->ca = r->nprops;
		sgf_read_add_prop(r, id, r->nnodes - 1, val, r->nvals - val);
	}
	return 0;
}

/* Lex the first game tree, keeping the main line's properties. */
static int
sgf_read_lex(struct sgf_reader *r)
{
	bool main_line = true;
	long depth = 0;
	int c;

	r->i = 0;
	r->line = r->col = 1;
	r->brk = 0;
	r->nprops = r->nvals = r->nnodes = 0;
	r->ca = -1;
	if (sgf_read_start(r) < 0)
		return -1;
	while ((c = sgf_read_peek(r)) != -1) {
		struct sgf_pos pos = sgf_read_here(r);

		if (sgf_read_isspace(c)) {
			sgf_read_next(r);
		} else if (c == '(') {
			/* While on the main line, a '(' is always the first
			 * child: the main line ends at the first ')'. */
			sgf_read_next(r);
			depth++;
			sgf_read_skip_space(r);
			if (sgf_read_peek(r) != ';')
				return sgf_read_error(r, sgf_read_here(r),
				    "missing ';' after '('");
		} else if (c == ')') {
			sgf_read_next(r);
			main_line = false;
			if (--depth == 0) {
				/* Another game tree: only said, not read. */
				sgf_read_skip_space(r);
				r->rec.more_games = sgf_read_peek(r) == '(';
				return 0;
			}
		} else if (c == ';') {
			sgf_read_next(r);
			if (main_line)
				r->nnodes++;
		} else if (sgf_read_isalpha(c)) {
			if (sgf_read_property(r, main_line) < 0)
				return -1;
		} else if (c == '[') {
			return sgf_read_error(r, pos, "value without a "
			    "property identifier");
		} else if (c >= 0x20 && c < 0x7f) {
			return sgf_read_error(r, pos, "unexpected '%c'", c);
		} else {
			return sgf_read_error(r, pos, "unexpected byte 0x%02x",
			    (unsigned)c);
		}
	}
	return sgf_read_error(r, sgf_read_here(r),
	    "missing ')' at the end of the game tree");
}

/* --- character sets -------------------------------------------------- */

/* Choose how text becomes UTF-8, from the root's CA[] or the bytes. */
static int
sgf_read_encoding(struct sgf_reader *r)
{
	const struct sgf_read_prop *p;
	const char *why = NULL;
	char name[2 * sizeof r->charset];
	size_t i;

	if (sgf_read_ca(r, name, sizeof name)[0] == '\0') {
		sgf_charset_guess(&r->cs, r->data, r->len);
		return 0;
	}
	if (r->utf8) {
		r->cs.enc = SGF_ENC_UTF8;
		return 0;
	}
	p = &r->props[r->ca];
	if (strlen(name) >= sizeof r->charset)
		return sgf_read_perror(r, p, 0, "unknown character set");
	snprintf(r->charset, sizeof r->charset, "%s", name);
	for (i = 0; r->charset[i] != '\0'; i++) {
		unsigned char c = (unsigned char)r->charset[i];

		if (c <= 0x20 || c >= 0x7f)
			return sgf_read_perror(r, p, 0,
			    "unknown character set");
	}
	if (sgf_charset_open(&r->cs, r->charset, &why) < 0)
		return sgf_read_perror(r, p, 0, why);
	return 0;
}

/* --- values ---------------------------------------------------------- */

/* A text value unescaped and in UTF-8 (Text, or SimpleText when SIMPLE:
 * line breaks become spaces).  Returns NULL after reporting. */
static char *
sgf_read_text(struct sgf_reader *r, const struct sgf_read_prop *p, int v,
    bool simple)
{
	const struct sgf_read_val *val = &r->vals[p->val + v];
	const char *s = r->data + val->off;
	char *buf = xmalloc(val->len + 1), *text;
	size_t i = 0, n = 0, len = val->len;

	while (i < len) {
		unsigned char c = (unsigned char)s[i++];

		if (c == '\\' && i < len) {
			c = (unsigned char)s[i++];
			if (c == '\n' || c == '\r') {
				/* soft line break: removed */
				if (i < len && (s[i] == '\n' || s[i] == '\r') &&
				    (unsigned char)s[i] != c)
					i++;
				continue;
			}
		} else if (c == '\n' || c == '\r') {
			if (i < len && (s[i] == '\n' || s[i] == '\r') &&
			    (unsigned char)s[i] != c)
				i++;
			buf[n++] = simple ? ' ' : '\n';
			continue;
		}
		/* Other white space becomes a space, escaped or not. */
		if (c == '\t' || c == '\v' || c == '\f')
			c = ' ';
		if (c == '\0') {
			free(buf);
			sgf_read_perror(r, p, v, "NUL byte in text");
			return NULL;
		}
		buf[n++] = (char)c;
		if (r->dbcs && r->lead[c] && i < len)
			buf[n++] = s[i++];
	}
	text = sgf_charset_to_utf8(&r->cs, buf, n);
	free(buf);
	if (text == NULL) {
		char what[80];

		if (r->ca >= 0)
			snprintf(what, sizeof what, "text is not valid %s",
			    r->charset);
		else
			snprintf(what, sizeof what, "text is not valid UTF-8");
		sgf_read_perror(r, p, v, what);
		return NULL;
	}
	return text;
}

/* The raw value without surrounding blanks, as a C string in BUF. */
static const char *
sgf_read_raw(const struct sgf_reader *r, const struct sgf_read_prop *p,
    int v, char *buf, size_t len)
{
	const struct sgf_read_val *val = &r->vals[p->val + v];
	const char *s = r->data + val->off;
	size_t n = val->len;

	while (n > 0 && sgf_read_isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && sgf_read_isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= len)
		n = len - 1;	/* too long for any valid value */
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

/* A non-negative decimal integer up to MAX; -1 if not one. */
static long
sgf_read_uint(const char *s, long max)
{
	long n = 0;

	if (*s == '+')
		s++;
	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		n = n * 10 + (*s - '0');
		if (n > max)
			return -1;
	}
	return n;
}

static int
sgf_read_size(struct sgf_reader *r, const struct sgf_read_prop *p)
{
	char buf[32], *colon;
	long w, h;

	sgf_read_raw(r, p, 0, buf, sizeof buf);
	colon = strchr(buf, ':');
	if (colon != NULL)
		*colon = '\0';
	w = sgf_read_uint(buf, 1000);
	h = colon != NULL ? sgf_read_uint(colon + 1, 1000) : w;
	if (w < 0 || h < 0)
		return sgf_read_perror(r, p, 0, "board size must be a number "
		    "from 2 to 25");
	if (w != h)
		return sgf_read_perror(r, p, 0, "rectangular boards are not "
		    "supported");
	if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE)
		return sgf_read_perror(r, p, 0, "board size must be 2 to 25");
	r->rec.size = (int)w;
	return 0;
}

static int
sgf_read_komi(struct sgf_reader *r, const struct sgf_read_prop *p)
{
	char buf[64], *end;
	const char *s;
	double k;

	sgf_read_raw(r, p, 0, buf, sizeof buf);
	/* KM[], as some programs write it: no komi said. */
	if (buf[0] == '\0' && r->vals[p->val].len == 0)
		return 0;
	for (s = buf; *s != '\0'; s++)
		if (strchr("0123456789.+-eE", *s) == NULL)
			break;
	k = strtod(buf, &end);
	if (*s != '\0' || buf[0] == '\0' || *end != '\0' || !isfinite(k) ||
	    fabs(k) > 10000)
		return sgf_read_perror(r, p, 0, "komi must be a number");
	r->rec.komi = k;
	r->rec.has_komi = true;
	return 0;
}

/* Two letters at S as a point: 0, or -1 if not letters, -2 if off the
 * board. */
static int
sgf_read_xy(const struct sgf_reader *r, const char *s, int *x, int *y)
{
	if (s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z')
		return -1;
	*x = s[0] - 'a';
	*y = s[1] - 'a';
	return *x < r->rec.size && *y < r->rec.size ? 0 : -2;
}

static int
sgf_read_bad_point(struct sgf_reader *r, const struct sgf_read_prop *p,
    int v, int why)
{
	char what[64];

	if (why == -1)
		return sgf_read_perror(r, p, v, "not a point");
	snprintf(what, sizeof what, "point is outside the %dx%d board",
	    r->rec.size, r->rec.size);
	return sgf_read_perror(r, p, v, what);
}

/* A point "dd", or a pass ("" and, on boards up to 19, "tt") when PASS is
 * not NULL.  Returns 0, or -1 after reporting. */
static int
sgf_read_point(struct sgf_reader *r, const struct sgf_read_prop *p, int v,
    int *x, int *y, bool *pass)
{
	const struct sgf_read_val *val = &r->vals[p->val + v];
	const char *s = r->data + val->off;
	int rc;

	if (pass != NULL) {
		*pass = val->len == 0 || (val->len == 2 && r->rec.size <= 19 &&
		    s[0] == 't' && s[1] == 't');
		if (*pass) {
			*x = *y = -1;
			return 0;
		}
	}
	rc = val->len == 2 ? sgf_read_xy(r, s, x, y) : -1;
	return rc == 0 ? 0 : sgf_read_bad_point(r, p, v, rc);
}

/* --- interpretation -------------------------------------------------- */

struct sgf_read_setup {
	int8_t color[BOARD_MAX_SIZE * BOARD_MAX_SIZE];	/* -1: untouched */
	struct sgf_pos pos[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
};

/* AB, AW, AE (or TB, TW, DS): point lists, with the FF[4] "aa:cc"
 * rectangles. */
static int
sgf_read_setup_prop(struct sgf_reader *r, const struct sgf_read_prop *p,
    struct sgf_read_setup *su)
{
	/* DS marks a point, of no colour: BLACK stands for the mark. */
	enum color c = p->id[1] == 'B' ? BLACK : p->id[1] == 'W' ? WHITE :
	    p->id[1] == 'S' ? BLACK : EMPTY;
	int v;

	for (v = 0; v < p->nval; v++) {
		const struct sgf_read_val *val = &r->vals[p->val + v];
		const char *s = r->data + val->off;
		int x0, y0, x1, y1, x, y, t;

		if (val->len == 0)
			continue;	/* an empty list */
		if (val->len == 5 && s[2] == ':') {
			/* a rectangle "ul:lr" (corners taken in any order) */
			t = sgf_read_xy(r, s, &x0, &y0);
			if (t == 0)
				t = sgf_read_xy(r, s + 3, &x1, &y1);
			if (t < 0)
				return sgf_read_bad_point(r, p, v, t);
		} else {
			if (sgf_read_point(r, p, v, &x0, &y0, NULL) < 0)
				return -1;
			x1 = x0;
			y1 = y0;
		}
		if (x0 > x1) {
			t = x0;
			x0 = x1;
			x1 = t;
		}
		if (y0 > y1) {
			t = y0;
			y0 = y1;
			y1 = t;
		}
		for (y = y0; y <= y1; y++)
			for (x = x0; x <= x1; x++) {
				su->color[y * BOARD_MAX_SIZE + x] = (int8_t)c;
				su->pos[y * BOARD_MAX_SIZE + x] = val->pos;
			}
	}
	return 0;
}

/* Setup (or territory) as a list of points in row order; AE on the empty
 * starting board leaves nothing, so the list is the same however the file
 * grouped it. */
static void
sgf_read_point_list(struct sgf_reader *r, const struct sgf_read_setup *su,
    struct sgf_point **list, int *nlist)
{
	int n = 0, x, y, k;

	for (k = 0; k < BOARD_MAX_SIZE * BOARD_MAX_SIZE; k++)
		if (su->color[k] > 0)
			n++;
	if (n == 0)
		return;
	*list = xcalloc((size_t)n, sizeof **list);
	for (y = 0; y < r->rec.size; y++)
		for (x = 0; x < r->rec.size; x++) {
			k = y * BOARD_MAX_SIZE + x;
			if (su->color[k] <= 0)
				continue;
			(*list)[*nlist].color = (enum color)su->color[k];
			(*list)[*nlist].x = x;
			(*list)[*nlist].y = y;
			(*list)[*nlist].pos = su->pos[k];
			(*nlist)++;
		}
}

/* Append TEXT (owned) to *DST, separated by a line break. */
static void
sgf_read_append(struct sgf_reader *r, char **dst, char *text)
{
	size_t b = strlen(text);

	if (*dst == NULL) {
		*dst = text;
		r->app = text;
		r->app_len = b;
		r->app_cap = b + 1;
		return;
	}
	if (*dst != r->app) {
		r->app = *dst;
		r->app_len = strlen(*dst);
		r->app_cap = r->app_len + 1;
	}
	if (r->app_len + b + 2 > r->app_cap) {
		r->app_cap = 2 * r->app_cap > r->app_len + b + 2 ?
		    2 * r->app_cap : r->app_len + b + 2;
		*dst = r->app = xreallocarray(*dst, r->app_cap, 1);
	}
	(*dst)[r->app_len] = '\n';
	memcpy(*dst + r->app_len + 1, text, b + 1);
	r->app_len += b + 1;
	free(text);
}

static char **
sgf_read_text_field(struct sgf_record *rec, const char *id)
{
	if (strcmp(id, "PB") == 0)
		return &rec->black;
	if (strcmp(id, "PW") == 0)
		return &rec->white;
	if (strcmp(id, "BR") == 0)
		return &rec->black_rank;
	if (strcmp(id, "WR") == 0)
		return &rec->white_rank;
	if (strcmp(id, "DT") == 0)
		return &rec->date;
	if (strcmp(id, "RE") == 0)
		return &rec->result;
	if (strcmp(id, "RU") == 0)
		return &rec->rules;
	if (strcmp(id, "GN") == 0)
		return &rec->name;
	if (strcmp(id, "EV") == 0)
		return &rec->event;
	if (strcmp(id, "AP") == 0)
		return &rec->application;
	return NULL;
}

/* Root properties first: they decide how the rest reads. */
static int
sgf_read_root(struct sgf_reader *r)
{
	bool seen_sz = false;
	char buf[32];
	int i;

	for (i = 0; i < r->nprops; i++) {
		const struct sgf_read_prop *p = &r->props[i];

		if (strcmp(p->id, "GM") == 0 && p->node == 0) {
			if (sgf_read_uint(sgf_read_raw(r, p, 0, buf,
			    sizeof buf), 1000) != 1)
				return sgf_read_perror(r, p, 0, "only Go "
				    "(GM[1]) is supported");
		} else if (strcmp(p->id, "FF") == 0 && p->node == 0) {
			long ff = sgf_read_uint(sgf_read_raw(r, p, 0, buf,
			    sizeof buf), 1000);

			if (ff < 1 || ff > 4)
				return sgf_read_perror(r, p, 0, "file format "
				    "must be FF[1] to FF[4]");
		} else if (strcmp(p->id, "SZ") == 0 && !seen_sz) {
			if (sgf_read_size(r, p) < 0)
				return -1;
			seen_sz = true;
		}
	}
	return 0;
}

static void
sgf_read_add_move(struct sgf_reader *r, enum color c, int x, int y,
    struct sgf_pos pos)
{
	struct sgf_move *m;

	if (r->rec.nmoves == r->cmoves) {
		r->cmoves = r->cmoves ? r->cmoves * 2 : 128;
		r->rec.moves = xreallocarray(r->rec.moves, (size_t)r->cmoves,
		    sizeof *r->rec.moves);
	}
	m = &r->rec.moves[r->rec.nmoves++];
	m->color = c;
	m->x = x;
	m->y = y;
	m->comment = NULL;
	m->pos = pos;
}

/* PO[]: a move number, checked against the moves in sgf_read_interpret()
 * (a number too big for any record is one beyond them). */
static int
sgf_read_play_on(struct sgf_reader *r, const struct sgf_read_prop *p)
{
	char buf[32];
	const char *s = sgf_read_raw(r, p, 0, buf, sizeof buf);
	const char *digits = s[0] == '+' ? s + 1 : s;
	long po = sgf_read_uint(s, SGF_READ_MAX_BYTES);

	if (po < 0 && digits[0] != '\0' &&
	    strspn(digits, "0123456789") == strlen(digits))
		po = (long)SGF_READ_MAX_BYTES + 1;
	if (po < 0)
		return sgf_read_perror(r, p, 0, "move number must be a "
		    "non-negative integer");
	r->rec.play_on = (int)po;
	r->rec.has_play_on = true;
	if (r->po == NULL || po > r->po_value) {
		r->po = p;
		r->po_value = po;
	}
	return 0;
}

/* One main-line node: props[first .. end).  SU gathers the setup, TB the
 * territory and DS the dead stones of the latest node that marks them. */
static int
sgf_read_node(struct sgf_reader *r, int first, int end,
    struct sgf_read_setup *su, struct sgf_read_setup *tb,
    struct sgf_read_setup *ds)
{
	char buf[32], **field;
	const struct sgf_read_prop *move = NULL;
	int i, x, y;
	bool pass, marks = false, dead = false;
	char *comment = NULL;

	for (i = first; i < end; i++) {
		const struct sgf_read_prop *p = &r->props[i];
		const char *id = p->id;

		if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
			if (move != NULL) {
				free(comment);
				return sgf_read_perror(r, p, 0, "a node "
				    "cannot have two moves");
			}
			if (p->nval != 1) {
				free(comment);
				return sgf_read_perror(r, p, 1, "a move has "
				    "one value");
			}
			move = p;
		} else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 ||
		    strcmp(id, "AE") == 0) {
			if (r->rec.nmoves > 0) {
				free(comment);
				return sgf_read_perror(r, p, 0, "setup after "
				    "moves is not supported");
			}
			if (sgf_read_setup_prop(r, p, su) < 0) {
				free(comment);
				return -1;
			}
		} else if (strcmp(id, "TB") == 0 || strcmp(id, "TW") == 0) {
			if (!marks)
				memset(tb->color, -1, sizeof tb->color);
			marks = true;
			if (sgf_read_setup_prop(r, p, tb) < 0) {
				free(comment);
				return -1;
			}
		} else if (strcmp(id, "DS") == 0) {
			if (!dead)
				memset(ds->color, -1, sizeof ds->color);
			dead = true;
			r->rec.has_dead = true;
			if (sgf_read_setup_prop(r, p, ds) < 0) {
				free(comment);
				return -1;
			}
		} else if (strcmp(id, "PO") == 0) {
			if (sgf_read_play_on(r, p) < 0) {
				free(comment);
				return -1;
			}
		} else if (strcmp(id, "PL") == 0) {
			const char *s = sgf_read_raw(r, p, 0, buf, sizeof buf);

			if (r->rec.nmoves > 0)
				continue;	/* only the first player matters */
			if (strcmp(s, "B") == 0 || strcmp(s, "b") == 0 ||
			    strcmp(s, "1") == 0)
				r->rec.first = BLACK;
			else if (strcmp(s, "W") == 0 || strcmp(s, "w") == 0 ||
			    strcmp(s, "2") == 0)
				r->rec.first = WHITE;
			else {
				free(comment);
				return sgf_read_perror(r, p, 0, "player to "
				    "move must be B or W");
			}
		} else if (strcmp(id, "KM") == 0) {
			if (sgf_read_komi(r, p) < 0) {
				free(comment);
				return -1;
			}
		} else if (strcmp(id, "HA") == 0) {
			long ha = sgf_read_uint(sgf_read_raw(r, p, 0, buf,
			    sizeof buf), BOARD_MAX_SIZE * BOARD_MAX_SIZE);

			/* HA[]: no handicap said. */
			if (buf[0] == '\0' && r->vals[p->val].len == 0)
				ha = 0;
			if (ha < 0) {
				free(comment);
				return sgf_read_perror(r, p, 0, "handicap "
				    "must be a non-negative integer");
			}
			r->rec.handicap = (int)ha;
		} else if (strcmp(id, "C") == 0) {
			char *t = sgf_read_text(r, p, 0, false);

			if (t == NULL) {
				free(comment);
				return -1;
			}
			sgf_read_append(r, &comment, t);
		} else if ((field = sgf_read_text_field(&r->rec, id)) !=
		    NULL) {
			char *t = sgf_read_text(r, p, 0, true);

			if (t == NULL) {
				free(comment);
				return -1;
			}
			free(*field);
			*field = t;
		}
	}
	if (move != NULL) {
		if (sgf_read_point(r, move, 0, &x, &y, &pass) < 0) {
			free(comment);
			return -1;
		}
		/* A count is of the position after the last move. */
		if (!marks)
			memset(tb->color, -1, sizeof tb->color);
		if (!dead) {
			memset(ds->color, -1, sizeof ds->color);
			r->rec.has_dead = false;
		}
		sgf_read_add_move(r, move->id[0] == 'B' ? BLACK : WHITE, x, y,
		    r->vals[move->val].pos);
		r->rec.moves[r->rec.nmoves - 1].comment = comment;
	} else if (comment != NULL) {
		/* A comment on a node without a move belongs to the last
		 * move, or to the game before the first one. */
		if (r->rec.nmoves > 0)
			sgf_read_append(r, &r->rec.moves[r->rec.nmoves - 1].
			    comment, comment);
		else
			sgf_read_append(r, &r->rec.comment, comment);
	}
	return 0;
}

/* Is X a whole number of half points? */
static bool
sgf_read_half_points(double x)
{
	return x * 2 == floor(x * 2);
}

/* Fox (AP[foxwq]) writes the komi a hundred times too big: in stones
 * under Chinese rules (KM[375]: 3.75 stones, 7.5 points), in points
 * under others (KM[650]: 6.5).  Such a komi is read as the one it
 * stands for: as stones when a hundredth of it is no whole number of
 * half points, or when the rules are Chinese and it is under 5. */
static void
sgf_read_fox_komi(struct sgf_record *rec)
{
	const char *ru = rec->rules != NULL ? rec->rules : "";
	bool chinese = strncasecmp(ru, "chinese", 7) == 0 ||
	    strcasecmp(ru, "cn") == 0;
	double v = rec->komi / 100;

	if (!rec->has_komi || rec->application == NULL ||
	    strncasecmp(rec->application, "foxwq", 5) != 0 ||
	    rec->komi != floor(rec->komi) || fabs(rec->komi) < 25)
		return;
	if (!sgf_read_half_points(v) || (chinese && fabs(v) < 5))
		v *= 2;
	if (sgf_read_half_points(v))
		rec->komi = v;
}

static int
sgf_read_interpret(struct sgf_reader *r)
{
	struct sgf_read_setup *su, *tb, *ds;
	int i, first, node, rc = 0;

	if (sgf_read_root(r) < 0 || sgf_read_encoding(r) < 0)
		return -1;
	su = xmalloc(sizeof *su);
	tb = xmalloc(sizeof *tb);
	ds = xmalloc(sizeof *ds);
	memset(su->color, -1, sizeof su->color);
	memset(tb->color, -1, sizeof tb->color);
	memset(ds->color, -1, sizeof ds->color);
	for (first = 0; first < r->nprops && rc == 0; first = i) {
		node = r->props[first].node;
		for (i = first; i < r->nprops && r->props[i].node == node; i++)
			;
		rc = sgf_read_node(r, first, i, su, tb, ds);
	}
	if (rc == 0 && r->po != NULL && r->po_value > r->rec.nmoves) {
		char what[64];

		snprintf(what, sizeof what, "move number must be 0 to %d, "
		    "the moves of the record", r->rec.nmoves);
		rc = sgf_read_perror(r, r->po, 0, what);
	}
	if (rc == 0) {
		sgf_read_point_list(r, su, &r->rec.setup, &r->rec.nsetup);
		sgf_read_point_list(r, tb, &r->rec.territory,
		    &r->rec.nterritory);
		sgf_read_point_list(r, ds, &r->rec.dead, &r->rec.ndead);
		for (i = 0; i < r->rec.ndead; i++)
			r->rec.dead[i].color = EMPTY;
		sgf_read_fox_komi(&r->rec);
	}
	free(su);
	free(tb);
	free(ds);
	return rc;
}

/* --- the API --------------------------------------------------------- */

void
sgf_record_init(struct sgf_record *rec)
{
	memset(rec, 0, sizeof *rec);
	rec->size = 19;
	rec->first = EMPTY;
}

void
sgf_record_free(struct sgf_record *rec)
{
	int i;

	free(rec->black);
	free(rec->white);
	free(rec->black_rank);
	free(rec->white_rank);
	free(rec->date);
	free(rec->result);
	free(rec->rules);
	free(rec->name);
	free(rec->event);
	free(rec->comment);
	free(rec->application);
	free(rec->setup);
	free(rec->territory);
	free(rec->dead);
	for (i = 0; i < rec->nmoves; i++)
		free(rec->moves[i].comment);
	free(rec->moves);
	sgf_record_init(rec);
}

/* Does DATA hold a byte beyond ASCII? */
static bool
sgf_read_high_bytes(const char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)data[i] >= 0x80)
			return true;
	return false;
}

/* A file neither UTF-8 nor naming its charset is read as Latin-1.  In
 * GBK, Big5 or Shift_JIS the second byte of a character may be '\\',
 * which Latin-1 takes as escaping the ']' after it: the value would run on
 * over the moves that follow, without a word.  Where reading the bytes as
 * pairs ends some value elsewhere, the file is refused, at that value,
 * until CA[] says which it is.  R has been lexed as Latin-1; it is again
 * when the two agree. */
static int
sgf_read_check_latin1(struct sgf_reader *r)
{
	struct sgf_read_val *latin1;
	int nvals = r->nvals, nnodes = r->nnodes, i, rc;
	size_t errlen = r->errlen;

	latin1 = xreallocarray(NULL, (size_t)(nvals > 0 ? nvals : 1),
	    sizeof *latin1);
	memcpy(latin1, r->vals, (size_t)nvals * sizeof *latin1);
	r->dbcs = true;
	for (i = 0; i < 256; i++)
		r->lead[i] = i >= 0x81 && i <= 0xfe;
	r->errlen = 0;			/* its errors are not the file's */
	rc = sgf_read_lex(r);
	r->errlen = errlen;
	for (i = 0; i < nvals; i++)
		if (rc < 0 || i >= r->nvals || latin1[i].off != r->vals[i].off ||
		    latin1[i].len != r->vals[i].len)
			break;
	r->dbcs = false;
	memset(r->lead, 0, sizeof r->lead);
	if (i < nvals || (rc == 0 && (r->nvals != nvals ||
	    r->nnodes != nnodes))) {
		struct sgf_pos pos = i < nvals ? latin1[i].pos :
		    (struct sgf_pos){ 1, 1 };

		free(latin1);
		return sgf_read_error(r, pos, "the file is not UTF-8 and names "
		    "no character set: this value ends elsewhere in GBK, Big5 "
		    "or Shift_JIS than in Latin-1, which could lose moves; "
		    "give its character set in the root node (CA[GBK], "
		    "CA[Big5], CA[Shift_JIS], CA[ISO-8859-1])");
	}
	free(latin1);
	return sgf_read_lex(r);
}

/* The first CA[...] of DATA before its first move, if it names a
 * double-byte charset (then LEAD is filled as sgf_charset_is_dbcs()
 * does). */
static bool
sgf_read_guess_dbcs(const char *data, size_t len, bool *lead)
{
	for (size_t i = 0; i + 3 < len; i++) {
		char cs[32];
		size_t n = 0;

		if (data[i] == ';') {
			size_t k = i + 1;

			while (k < len && strchr(" \t\r\n", data[k]) != NULL)
				k++;
			if (k + 1 < len && (data[k] == 'B' || data[k] == 'W') &&
			    data[k + 1] == '[')
				return false;
		}
		if (data[i] != 'C' || data[i + 1] != 'A' || data[i + 2] != '[' ||
		    (i > 0 && data[i - 1] >= 'A' && data[i - 1] <= 'Z'))
			continue;
		for (i += 3; i < len && data[i] != ']' && n + 1 < sizeof cs; i++)
			cs[n++] = data[i];
		cs[n] = '\0';
		return i < len && data[i] == ']' && sgf_charset_is_dbcs(cs, lead);
	}
	return false;
}

int
sgf_parse(const char *data, size_t len, const char *name,
	  struct sgf_record *rec, char *err, size_t errlen)
{
	struct sgf_reader r;
	bool high;
	char ca[8];
	int rc;

	memset(&r, 0, sizeof r);
	r.data = data;
	r.len = len;
	r.name = name != NULL ? name : "(sgf)";
	r.err = err;
	r.errlen = errlen;
	r.cs.cd = (iconv_t)-1;
	sgf_record_init(rec);
	sgf_record_init(&r.rec);
	if (errlen > 0)
		err[0] = '\0';
	if (len > SGF_READ_MAX_BYTES) {
		struct sgf_pos start = { 1, 1 };

		return sgf_read_error(&r, start, "file too big (more than "
		    "16 MiB)");
	}
	/* Bytes that are valid UTF-8 with characters beyond ASCII are
	 * UTF-8, whatever CA[] says: read as pairs of a double-byte charset
	 * they could hide a ']' in a character and lose moves without a
	 * word. */
	high = sgf_read_high_bytes(data, len);
	r.utf8 = high &&
	    sgf_charset_valid_utf8((const unsigned char *)data, len);
	/* A double-byte charset must be known before the lexing: a second
	 * byte '\\' would escape the ']' of a value before CA[] is reached. */
	r.dbcs = !r.utf8 && sgf_read_guess_dbcs(data, len, r.lead);
	rc = sgf_read_lex(&r);
	if (rc < 0 && r.dbcs && r.ca < 0) {
		/* Not even a root: the CA[] found was no property. */
		r.dbcs = false;
		if (errlen > 0)
			err[0] = '\0';
		rc = sgf_read_lex(&r);
	}
	if (rc == 0 || r.ca >= 0) {
		char cs[32] = "";
		bool lead[256], dbcs = false;

		if (r.ca >= 0) {
			const struct sgf_read_val *v = &r.vals[r.props[r.ca].val];

			sgf_read_raw(&r, &r.props[r.ca], 0, cs, sizeof cs);
			dbcs = !r.utf8 && v->len < sizeof cs &&
			    sgf_charset_is_dbcs(cs, lead);
		}
		/* The guess was wrong (a CA[] in a comment, another charset):
		 * lex again as the root's CA[] says. */
		if (dbcs != r.dbcs ||
		    (dbcs && memcmp(lead, r.lead, sizeof lead) != 0)) {
			r.dbcs = dbcs;
			if (dbcs)
				memcpy(r.lead, lead, sizeof lead);
			if (errlen > 0)
				err[0] = '\0';
			rc = sgf_read_lex(&r);
		}
	}
	if (rc == 0 && sgf_read_ca(&r, ca, sizeof ca)[0] == '\0' && high &&
	    !r.utf8 && !r.dbcs && memchr(data, '\\', len) != NULL)
		rc = sgf_read_check_latin1(&r);
	if (rc == 0)
		rc = sgf_read_interpret(&r);
	sgf_charset_close(&r.cs);
	free(r.props);
	free(r.vals);
	if (rc < 0) {
		sgf_record_free(&r.rec);
		return -1;
	}
	*rec = r.rec;
	return 0;
}

int
sgf_read_file(const char *path, struct sgf_record *rec, char *err,
    size_t errlen)
{
	FILE *f;
	char *data;
	size_t len = 0, cap = 65536, n;
	int rc;

	sgf_record_init(rec);
	f = fopen(path, "rb");
	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	data = xmalloc(cap);
	for (;;) {
		n = fread(data + len, 1, cap - len, f);
		len += n;
		if (len > SGF_READ_MAX_BYTES)
			break;	/* sgf_parse() says it is too big */
		if (n == 0)
			break;
		if (len == cap) {
			cap *= 2;
			data = xreallocarray(data, cap, 1);
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		fclose(f);
		free(data);
		return -1;
	}
	fclose(f);
	rc = sgf_parse(data, len, path, rec, err, errlen);
	free(data);
	return rc;
}
