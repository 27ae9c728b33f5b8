/*
 * gnugo-util.c: test helpers that hold tengen up against GNU Go.
 *
 * The one idea: positions are plain colour arrays (see gnugo-util.h), and
 * the rules here are the simplest correct ones, flood fills with no
 * cleverness, so that they can judge tengen's fast incremental board.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gnugo-util.h"

const char *
gnugo_path(void)
{
	const char *p = getenv("GNUGO");

	if (p != NULL && p[0] != '\0')
		return access(p, X_OK) == 0 ? p : NULL;
	if (access("/usr/games/gnugo", X_OK) == 0)
		return "/usr/games/gnugo";
	return NULL;
}

struct gtp_client *
gnugo_start(const char *path)
{
	char *argv[] = { (char *)path, (char *)"--mode", (char *)"gtp",
			 (char *)"--chinese-rules", (char *)"--level",
			 (char *)"0", NULL };
	struct gtp_client *c;
	const char *reply;

	c = gtp_client_open_argv(argv, NULL);
	if (c == NULL) {
		perror(path);
		exit(1);
	}
	if (gtp_client_command(c, &reply, "protocol_version") != 0) {
		fprintf(stderr, "%s: %s\n", path, gtp_client_error(c));
		exit(1);
	}
	return c;
}

void
gnugo_pos_clear(struct gnugo_pos *pos, int size)
{
	memset(pos, 0, sizeof *pos);
	pos->size = size;
}

void
gnugo_pos_from_board(struct gnugo_pos *pos, const struct board *b)
{
	int x, y;

	gnugo_pos_clear(pos, b->size);
	for (y = 0; y < b->size; y++)
		for (x = 0; x < b->size; x++)
			pos->c[y * b->size + x] =
			    (uint8_t)board_at(b, board_point(b, x, y));
}

/* Put C on every vertex of the list S ("D4 C3 ..."); -1 on a bad one. */
static int
gnugo_pos_parse(struct gnugo_pos *pos, enum color c, const char *s)
{
	int x, row, n;
	char letter;

	for (;;) {
		while (*s == ' ' || *s == '\n')
			s++;
		if (*s == '\0')
			return 0;
		letter = (char)toupper((unsigned char)*s);
		if (letter < 'A' || letter > 'Z' || letter == 'I')
			return -1;
		x = letter - 'A' - (letter > 'I');
		if (sscanf(s + 1, "%d%n", &row, &n) != 1)
			return -1;
		if (x >= pos->size || row < 1 || row > pos->size)
			return -1;
		if (pos->c[(pos->size - row) * pos->size + x] != EMPTY)
			return -1;
		pos->c[(pos->size - row) * pos->size + x] = (uint8_t)c;
		s += 1 + n;
	}
}

int
gnugo_pos_ask(struct gtp_client *c)
{
	if (gtp_client_send(c, "list_stones black") == -1 ||
	    gtp_client_send(c, "list_stones white") == -1) {
		fprintf(stderr, "gnugo: %s\n", gtp_client_error(c));
		return -1;
	}
	return 0;
}

int
gnugo_pos_read(struct gnugo_pos *pos, struct gtp_client *c, int size)
{
	static const enum color colors[2] = { BLACK, WHITE };
	const char *reply;
	int i;

	gnugo_pos_clear(pos, size);
	for (i = 0; i < 2; i++) {
		if (gtp_client_recv(c, &reply) != 0) {
			fprintf(stderr, "gnugo: list_stones: %s\n",
				reply != NULL ? reply : gtp_client_error(c));
			return -1;
		}
		if (gnugo_pos_parse(pos, colors[i], reply) == -1) {
			fprintf(stderr, "gnugo: bad list_stones reply: %s\n",
				reply);
			return -1;
		}
	}
	return 0;
}

int
gnugo_pos_diff(const struct gnugo_pos *a, const struct gnugo_pos *b)
{
	int i;

	if (a->size != b->size)
		return 0;
	for (i = 0; i < a->size * a->size; i++)
		if (a->c[i] != b->c[i])
			return i;
	return -1;
}

uint64_t
gnugo_pos_hash(const struct gnugo_pos *pos)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	int i;

	for (i = 0; i < pos->size * pos->size; i++) {
		h ^= pos->c[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static void
gnugo_pos_row(FILE *f, const struct gnugo_pos *pos, int y)
{
	static const char marks[] = ".XO#";
	int x;

	fprintf(f, "%2d ", pos->size - y);
	for (x = 0; x < pos->size; x++)
		fprintf(f, " %c", marks[pos->c[y * pos->size + x] & 3]);
}

static void
gnugo_pos_letters(FILE *f, int size)
{
	static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
	int x;

	fprintf(f, "   ");
	for (x = 0; x < size; x++)
		fprintf(f, " %c", letters[x]);
}

void
gnugo_pos_print2(FILE *f, const char *ta, const struct gnugo_pos *a,
		 const char *tb, const struct gnugo_pos *b)
{
	int y, width = 3 + 2 * a->size;

	fprintf(f, "%-*s    %s  (X black, O white)\n", width, ta, tb);
	for (y = 0; y < a->size; y++) {
		gnugo_pos_row(f, a, y);
		fprintf(f, "    ");
		gnugo_pos_row(f, b, y);
		fprintf(f, "\n");
	}
	gnugo_pos_letters(f, a->size);
	fprintf(f, "    ");
	gnugo_pos_letters(f, b->size);
	fprintf(f, "\n");
}

/* Does the group at I have a liberty?  MARK collects its stones (MARK
 * must be zero on entry; the caller clears it). */
static int
gnugo_pos_group(const struct gnugo_pos *pos, int i, uint8_t *mark,
		int *stones, int *nstones)
{
	int stack[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
	int n = 0, libs = 0, s = pos->size, k, j, x, y;
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	uint8_t c = pos->c[i];

	*nstones = 0;
	stack[n++] = i;
	mark[i] = 1;
	while (n > 0) {
		i = stack[--n];
		stones[(*nstones)++] = i;
		for (k = 0; k < 4; k++) {
			x = i % s + dx[k];
			y = i / s + dy[k];
			if (x < 0 || y < 0 || x >= s || y >= s)
				continue;
			j = y * s + x;
			if (pos->c[j] == EMPTY)
				libs = 1;
			else if (pos->c[j] == c && !mark[j]) {
				mark[j] = 1;
				stack[n++] = j;
			}
		}
	}
	return libs;
}

int
gnugo_pos_play(struct gnugo_pos *pos, enum color c, int x, int y)
{
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	uint8_t mark[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
	int stones[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
	int s = pos->size, i = y * s + x, captured = 0, n, k, j, nx, ny;

	if (pos->c[i] != EMPTY)
		return -1;
	pos->c[i] = (uint8_t)c;
	for (k = 0; k < 4; k++) {
		nx = x + dx[k];
		ny = y + dy[k];
		if (nx < 0 || ny < 0 || nx >= s || ny >= s)
			continue;
		j = ny * s + nx;
		if (pos->c[j] != color_other(c))
			continue;
		memset(mark, 0, sizeof mark);
		if (gnugo_pos_group(pos, j, mark, stones, &n))
			continue;
		captured += n;
		while (n > 0)
			pos->c[stones[--n]] = EMPTY;
	}
	memset(mark, 0, sizeof mark);
	if (captured == 0 && !gnugo_pos_group(pos, i, mark, stones, &n)) {
		pos->c[i] = EMPTY;
		return -2;
	}
	return captured;
}

char *
gnugo_vertex(int size, int x, int y, char *buf)
{
	static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

	if (x < 0)
		snprintf(buf, 8, "pass");
	else
		snprintf(buf, 8, "%c%d", letters[x], size - y);
	return buf;
}
