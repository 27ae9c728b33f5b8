/*
 * settings.c: the settings file, read and written through one table.
 *
 * The one idea: a row per setting says its name, how its value is spelled
 * and where it lives in struct settings; load, save and defaults are loops
 * over the rows.  A line that does not parse is skipped, never fatal: the
 * file is the player's, and an old version of it must still start the game.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "ai.h"
#include "board.h"
#include "settings.h"
#include "util.h"

enum settings_type {
	SETTINGS_INT,		/* int in [lo, hi] */
	SETTINGS_BOOL,		/* "yes" / "no" */
	SETTINGS_DOUBLE,	/* double in [lo, hi] */
	SETTINGS_ENUM,		/* int through a parse / name pair */
	SETTINGS_STRING		/* the engine command */
};

struct settings_enum {
	int (*parse)(const char *);
	const char *(*name)(int);
};

struct settings_row {
	const char *name;
	enum settings_type type;
	size_t offset;
	double lo, hi;
	const struct settings_enum *words;
};

static int
settings_level_parse(const char *word)
{
	enum ai_level level;

	return ai_level_parse(word, &level) < 0 ? -1 : (int)level;
}

static const char *
settings_level_name(int level)
{
	return ai_level_name((enum ai_level)level);
}

static int
settings_color_parse(const char *word)
{
	if (strcmp(word, "black") == 0)
		return BLACK;
	if (strcmp(word, "white") == 0)
		return WHITE;
	return -1;
}

static const char *
settings_color_name(int c)
{
	return c == WHITE ? "white" : "black";
}

static const char *const settings_pace_names[] = { "real", "fast", "off" };
static const char *const settings_opponent_names[] = {
	"computer", "hotseat", "engine"
};
static const char *const settings_width_names[] = { "auto", "narrow", "wide" };

static int
settings_word(const char *const *names, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], word) == 0)
			return i;
	return -1;
}

int
settings_pace_parse(const char *word)
{
	return settings_word(settings_pace_names, 3, word);
}

const char *
settings_pace_name(int pace)
{
	return settings_pace_names[pace >= 0 && pace < 3 ? pace : 0];
}

int
settings_opponent_parse(const char *word)
{
	return settings_word(settings_opponent_names, 3, word);
}

const char *
settings_opponent_name(int opponent)
{
	return settings_opponent_names[opponent >= 0 && opponent < 3 ?
	    opponent : 0];
}

int
settings_width_parse(const char *word)
{
	return settings_word(settings_width_names, 3, word);
}

static const char *
settings_width_name(int width)
{
	return settings_width_names[width >= 0 && width < 3 ? width : 0];
}

static const struct settings_enum settings_level_words = {
	settings_level_parse, settings_level_name
};
static const struct settings_enum settings_color_words = {
	settings_color_parse, settings_color_name
};
static const struct settings_enum settings_pace_words = {
	settings_pace_parse, settings_pace_name
};
static const struct settings_enum settings_opponent_words = {
	settings_opponent_parse, settings_opponent_name
};
static const struct settings_enum settings_width_words = {
	settings_width_parse, settings_width_name
};

#define SETTINGS_AT(field) offsetof(struct settings, field)

static const struct settings_row settings_rows[] = {
	{ "size", SETTINGS_INT, SETTINGS_AT(size), BOARD_MIN_SIZE,
	  BOARD_MAX_SIZE, NULL },
	{ "opponent", SETTINGS_ENUM, SETTINGS_AT(opponent), 0, 0,
	  &settings_opponent_words },
	{ "level", SETTINGS_ENUM, SETTINGS_AT(level), 0, 0,
	  &settings_level_words },
	{ "color", SETTINGS_ENUM, SETTINGS_AT(color), 0, 0,
	  &settings_color_words },
	{ "handicap", SETTINGS_INT, SETTINGS_AT(handicap), 0, 9, NULL },
	{ "komi", SETTINGS_DOUBLE, SETTINGS_AT(komi), -GAME_KOMI_MAX,
	  GAME_KOMI_MAX, NULL },
	{ "preview", SETTINGS_BOOL, SETTINGS_AT(preview), 0, 0, NULL },
	{ "marks", SETTINGS_BOOL, SETTINGS_AT(marks), 0, 0, NULL },
	{ "numbers", SETTINGS_BOOL, SETTINGS_AT(numbers), 0, 0, NULL },
	{ "pace", SETTINGS_ENUM, SETTINGS_AT(pace), 0, 0,
	  &settings_pace_words },
	{ "sound", SETTINGS_BOOL, SETTINGS_AT(sound), 0, 0, NULL },
	{ "width", SETTINGS_ENUM, SETTINGS_AT(width), 0, 0,
	  &settings_width_words },
	{ "engine", SETTINGS_STRING, SETTINGS_AT(engine), 0, 0, NULL },
	{ "server", SETTINGS_STRING, SETTINGS_AT(server), 0, 0, NULL },
	{ "room", SETTINGS_INT, SETTINGS_AT(room), 0, 1e9, NULL },
	{ "play_on", SETTINGS_INT, SETTINGS_AT(play_on), -1, 1e6, NULL },
};
#define SETTINGS_NROWS (sizeof settings_rows / sizeof settings_rows[0])

void
settings_default(struct settings *s)
{
	memset(s, 0, sizeof *s);
	s->size = 19;
	s->opponent = SETTINGS_COMPUTER;
	s->level = AI_BEGINNER;
	s->color = BLACK;
	s->handicap = 0;
	s->komi = 7.5;
	s->preview = false;
	s->marks = true;
	s->numbers = false;
	s->pace = SETTINGS_PACE_REAL;
	s->sound = true;
	s->width = SETTINGS_WIDTH_AUTO;
	snprintf(s->engine, sizeof s->engine, "gnugo --mode gtp");
	s->play_on = -1;
}

/* Set one row from its text; -1 if the value does not parse. */
static int
settings_set(struct settings *s, const struct settings_row *row,
	     const char *value)
{
	char *field = (char *)s + row->offset;
	char *end;
	double d;
	int v;

	switch (row->type) {
	case SETTINGS_INT:
	case SETTINGS_DOUBLE:
		errno = 0;
		d = strtod(value, &end);
		if (*value == '\0' || *end != '\0' || errno != 0 ||
		    !isfinite(d) || d < row->lo || d > row->hi)
			return -1;
		if (row->type == SETTINGS_DOUBLE) {
			memcpy(field, &d, sizeof d);
			return 0;
		}
		if (d != (int)d)
			return -1;
		v = (int)d;
		memcpy(field, &v, sizeof v);
		return 0;
	case SETTINGS_BOOL:
		if (strcmp(value, "yes") == 0 || strcmp(value, "no") == 0) {
			bool b = value[0] == 'y';

			memcpy(field, &b, sizeof b);
			return 0;
		}
		return -1;
	case SETTINGS_ENUM:
		if ((v = row->words->parse(value)) < 0)
			return -1;
		memcpy(field, &v, sizeof v);
		return 0;
	case SETTINGS_STRING:
		if (strlen(value) >= SETTINGS_ENGINE_LEN)
			return -1;
		memcpy(field, value, strlen(value) + 1);
		return 0;
	}
	return -1;
}

/* The first line of the file, as settings_format() writes it. */
#define SETTINGS_HEADER "# tengen settings"

/* How a line of the file is read. */
enum settings_read {
	SETTINGS_TAKEN,		/* a setting, a comment or a blank line */
	SETTINGS_UNKNOWN,	/* not a setting of this version */
	SETTINGS_BAD_VALUE	/* a known setting with a value it refuses */
};

/* Read LINE (NUL-terminated, no line end) into S; what is wrong with it,
 * if anything, into WHY ("" when it is taken). */
static enum settings_read
settings_line(struct settings *s, char *line, char *why, size_t len)
{
	enum settings_read r = SETTINGS_TAKEN;
	char *eq;
	size_t i;

	why[0] = '\0';
	if (line[0] == '#' || line[0] == '\0')
		return r;
	if ((eq = strchr(line, '=')) == NULL) {
		snprintf(why, len, "not a setting (no '=')");
		return SETTINGS_UNKNOWN;
	}
	*eq = '\0';
	for (i = 0; i < SETTINGS_NROWS; i++)
		if (strcmp(settings_rows[i].name, line) == 0)
			break;
	if (i == SETTINGS_NROWS) {
		snprintf(why, len, "unknown setting \"%.40s\"", line);
		r = SETTINGS_UNKNOWN;
	} else if (settings_set(s, &settings_rows[i], eq + 1) < 0) {
		snprintf(why, len, "bad value for %s", line);
		r = SETTINGS_BAD_VALUE;
	}
	*eq = '=';
	return r;
}

/* Call FN for each line of TEXT (its line end taken off). */
static void
settings_lines(const char *text, void (*fn)(char *line, int no, void *arg),
	       void *arg)
{
	for (int no = 1; *text != '\0'; no++) {
		const char *eol = strchr(text, '\n');
		size_t len = eol ? (size_t)(eol - text) : strlen(text);
		char *line = xstrndup(text, len);

		text += len + (eol != NULL);
		if (len > 0 && line[len - 1] == '\r')
			line[len - 1] = '\0';
		fn(line, no, arg);
		free(line);
	}
}

struct settings_parsing {
	struct settings *s;
	int skipped;
	char *err;
	size_t errlen;
};

static void
settings_parse_line(char *line, int no, void *arg)
{
	struct settings_parsing *sp = arg;
	char why[96];

	if (settings_line(sp->s, line, why, sizeof why) == SETTINGS_TAKEN)
		return;
	if (sp->skipped++ == 0 && sp->err != NULL)
		snprintf(sp->err, sp->errlen, "%d: %s", no, why);
}

int
settings_parse_err(struct settings *s, const char *text, char *err,
		   size_t errlen)
{
	struct settings_parsing sp = { s, 0, err, errlen };

	if (err != NULL && errlen > 0)
		err[0] = '\0';
	settings_lines(text, settings_parse_line, &sp);
	return sp.skipped;
}

int
settings_parse(struct settings *s, const char *text)
{
	return settings_parse_err(s, text, NULL, 0);
}

/* The text of PATH (at most 64 KiB), heap-allocated, or NULL with errno. */
static char *
settings_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	size_t n;

	if (f == NULL)
		return NULL;
	text = xmalloc(65536);
	n = fread(text, 1, 65535, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

int
settings_load(struct settings *s, const char *path, char *err, size_t errlen)
{
	char *text = settings_read(path), where[64];
	int skipped;

	if (text == NULL)
		return -1;
	skipped = settings_parse_err(s, text, where, sizeof where);
	if (skipped > 0 && err != NULL)
		snprintf(err, errlen, "%s:%s%s", path, where, skipped > 1 ?
		    " (and more lines)" : "");
	free(text);
	return skipped;
}

char *
settings_format(const struct settings *s)
{
	size_t cap = 4096, len = 0;
	char *out = xmalloc(cap);

	len += (size_t)snprintf(out, cap, "%s\n", SETTINGS_HEADER);
	for (size_t i = 0; i < SETTINGS_NROWS; i++) {
		const struct settings_row *row = &settings_rows[i];
		const char *field = (const char *)s + row->offset;
		char value[SETTINGS_ENGINE_LEN + 32];
		double d;
		bool b;
		int v;

		switch (row->type) {
		case SETTINGS_INT:
			memcpy(&v, field, sizeof v);
			/* Below 0 (play_on): not set, not written. */
			if (v < 0)
				continue;
			snprintf(value, sizeof value, "%d", v);
			break;
		case SETTINGS_DOUBLE:
			memcpy(&d, field, sizeof d);
			util_format_double(d, value, sizeof value);
			break;
		case SETTINGS_BOOL:
			memcpy(&b, field, sizeof b);
			snprintf(value, sizeof value, "%s", b ? "yes" : "no");
			break;
		case SETTINGS_ENUM:
			memcpy(&v, field, sizeof v);
			snprintf(value, sizeof value, "%s", row->words->name(v));
			break;
		case SETTINGS_STRING:
			snprintf(value, sizeof value, "%s", field);
			break;
		}
		len += (size_t)snprintf(out + len, cap - len, "%s=%s\n",
		    row->name, value);
	}
	return out;
}

int
settings_mkdir_parent(const char *path)
{
	char *dir = xstrdup(path), *slash;

	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	for (char *p = dir + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			free(dir);
			return -1;
		}
		*p = '/';
	}
	if (slash != NULL && *dir != '\0' && mkdir(dir, 0700) < 0 &&
	    errno != EEXIST) {
		free(dir);
		return -1;
	}
	free(dir);
	return 0;
}

/* The header of the lines settings_save() keeps from the file it writes
 * over. */
#define SETTINGS_KEPT "# Not read by this tengen, kept as found:"

struct settings_keeping {
	char *out;
	size_t len, cap;
};

static void
settings_keep_line(char *line, int no, void *arg)
{
	struct settings_keeping *k = arg;
	struct settings scratch;
	enum settings_read r;
	char why[96];
	size_t n;

	(void)no;
	settings_default(&scratch);
	r = settings_line(&scratch, line, why, sizeof why);
	/* Comments of one's own are kept; the file's own header lines and
	 * every line this version reads are written anew. */
	if (line[0] == '\0' || strcmp(line, SETTINGS_HEADER) == 0 ||
	    strcmp(line, SETTINGS_KEPT) == 0 ||
	    (line[0] != '#' && r == SETTINGS_TAKEN))
		return;
	n = strlen(line) + 4;
	if (k->len + n + sizeof SETTINGS_KEPT + 2 > k->cap) {
		k->cap = (k->cap + n + sizeof SETTINGS_KEPT + 2) * 2;
		k->out = xreallocarray(k->out, k->cap, 1);
	}
	if (k->len == 0)
		k->len += (size_t)snprintf(k->out, k->cap, "%s\n", SETTINGS_KEPT);
	/* A bad value of a known setting is kept as a comment, or it would
	 * come before the value written and lose to it on reading. */
	k->len += (size_t)snprintf(k->out + k->len, k->cap - k->len, "%s%s\n",
	    r == SETTINGS_BAD_VALUE ? "# " : "", line);
}

int
settings_merge(struct settings *dst, const struct settings *from,
    const struct settings *to)
{
	int n = 0;

	for (size_t i = 0; i < SETTINGS_NROWS; i++) {
		const struct settings_row *row = &settings_rows[i];
		const char *a = (const char *)from + row->offset;
		const char *b = (const char *)to + row->offset;
		size_t len;
		bool same;
		double da, db;

		switch (row->type) {
		case SETTINGS_DOUBLE:
			memcpy(&da, a, sizeof da);
			memcpy(&db, b, sizeof db);
			same = da == db;
			len = sizeof da;
			break;
		case SETTINGS_BOOL:
			len = sizeof(bool);
			same = memcmp(a, b, len) == 0;
			break;
		case SETTINGS_STRING:
			/* The two strings of the struct are of one size. */
			len = SETTINGS_ENGINE_LEN;
			same = strcmp(a, b) == 0;
			break;
		default:
			len = sizeof(int);
			same = memcmp(a, b, len) == 0;
			break;
		}
		if (!same) {
			memcpy((char *)dst + row->offset, b, len);
			n++;
		}
	}
	return n;
}

int
settings_save(const struct settings *s, const char *path)
{
	char *text = settings_format(s), *old = settings_read(path);
	int rc = -1;

	/* What the file held that this version does not read (a newer
	 * version's settings, hand-written lines and comments) is kept. */
	if (old != NULL) {
		struct settings_keeping k = { NULL, 0, 0 };

		settings_lines(old, settings_keep_line, &k);
		free(old);
		if (k.len > 0) {
			size_t n = strlen(text);

			text = xreallocarray(text, n + k.len + 1, 1);
			memcpy(text + n, k.out, k.len + 1);
		}
		free(k.out);
	}

	if (settings_mkdir_parent(path) == 0)
		rc = util_write_atomic(path, text, strlen(text));
	free(text);
	return rc;
}

int
settings_xdg_path(const char *env, const char *fallback, const char *name,
		  char *buf, size_t len)
{
	const char *base = getenv(env), *home;
	int n;

	if (base != NULL && base[0] == '/')
		n = snprintf(buf, len, "%s/tengen/%s", base, name);
	else if ((home = getenv("HOME")) != NULL && home[0] != '\0')
		n = snprintf(buf, len, "%s/%s/tengen/%s", home, fallback, name);
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}
