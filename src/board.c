/*
 * board.c: the rules of Go on one position.
 *
 * See board.h for the representation.  The hot path is board_play(): it looks
 * at the four neighbours once to decide legality (using the pseudo-liberty
 * atari test), then places the stone, merges groups by relabelling the smaller
 * one, and removes captured groups.  No allocation, no I/O.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>

#include "board.h"

static uint64_t board_zobrist_table[3][BOARD_MAX_POINTS];
static pthread_once_t board_zobrist_once = PTHREAD_ONCE_INIT;

static uint64_t
board_splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
board_zobrist_fill(void)
{
	uint64_t state = 0x74656e67656eULL;	/* fixed: hashes are reproducible */
	int c, p;

	for (c = 0; c < 3; c++)
		for (p = 0; p < BOARD_MAX_POINTS; p++)
			board_zobrist_table[c][p] = c == 0 ? 0 : board_splitmix(&state);
}

uint64_t
board_zobrist(enum color c, point_t p)
{
	return board_zobrist_table[c][p];
}

void
board_init(struct board *b, int size)
{
	int p, x, y;

	pthread_once(&board_zobrist_once, board_zobrist_fill);
	if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
		abort();
	memset(b, 0, sizeof *b);
	b->size = size;
	b->stride = size + 2;
	b->npoints = b->stride * b->stride;
	b->offs[0] = -1;
	b->offs[1] = 1;
	b->offs[2] = -b->stride;
	b->offs[3] = b->stride;
	for (p = 0; p < b->npoints; p++)
		b->color[p] = OFFBOARD;
	for (y = 0; y < size; y++) {
		for (x = 0; x < size; x++) {
			p = board_point(b, x, y);
			b->color[p] = EMPTY;
			b->free_at[p] = (int16_t)b->nfree;
			b->free[b->nfree++] = (point_t)p;
		}
	}
	b->last_move = b->last_move2 = BOARD_NONE;
	b->to_move = BLACK;
}

#define FOR_NEIGHBOURS(b, p, n) \
	for (int n##_i_ = 0, n; \
	     n##_i_ < 4 && (n = (p) + (b)->offs[n##_i_], 1); n##_i_++)

static inline void
board_lib_add(struct board *b, point_t g, point_t lib)
{
	struct board_group *gr = &b->groups[g];

	gr->nlibs++;
	gr->libsum += (uint32_t)lib;
	gr->libsum2 += (uint32_t)lib * (uint32_t)lib;
}

static inline void
board_lib_remove(struct board *b, point_t g, point_t lib)
{
	struct board_group *gr = &b->groups[g];

	gr->nlibs--;
	gr->libsum -= (uint32_t)lib;
	gr->libsum2 -= (uint32_t)lib * (uint32_t)lib;
}

static inline bool
board_atari(const struct board_group *gr)
{
	return (uint64_t)gr->nlibs * gr->libsum2 ==
	    (uint64_t)gr->libsum * gr->libsum;
}

bool
board_group_in_atari(const struct board *b, point_t p)
{
	return board_atari(&b->groups[b->group[p]]);
}

point_t
board_group_atari_lib(const struct board *b, point_t p)
{
	const struct board_group *gr = &b->groups[b->group[p]];

	return gr->nlibs ? (point_t)(gr->libsum / gr->nlibs) : 0;
}

int
board_group_stones(const struct board *b, point_t p)
{
	return b->group[p] ? b->groups[b->group[p]].stones : 0;
}

int
board_group_libs(const struct board *b, point_t p, int max)
{
	uint8_t seen[BOARD_MAX_POINTS];
	point_t root = b->group[p], s = root;
	int n = 0;

	if (!root)
		return 0;
	if (board_atari(&b->groups[root]))
		return b->groups[root].nlibs ? 1 : 0;
	memset(seen, 0, (size_t)b->npoints);
	do {
		FOR_NEIGHBOURS(b, s, q) {
			if (b->color[q] == EMPTY && !seen[q]) {
				seen[q] = 1;
				if (++n >= max)
					return n;
			}
		}
		s = b->next[s];
	} while (s != root);
	return n;
}

/* Reach Q at distance D: Q alone if empty, its whole string if a stone. */
static void
board_cfg_reach(const struct board *b, point_t q, int d, uint8_t *dist,
		point_t *queue, int *tail)
{
	point_t g, st;

	if (b->color[q] != BLACK && b->color[q] != WHITE) {
		dist[q] = (uint8_t)d;
		queue[(*tail)++] = q;
		return;
	}
	g = b->group[q];
	st = g;
	do {
		dist[st] = (uint8_t)d;
		queue[(*tail)++] = st;
		st = b->next[st];
	} while (st != g);
}

void
board_cfg_distances(const struct board *b, point_t p, int max, uint8_t *dist)
{
	point_t queue[BOARD_MAX_POINTS];
	int head = 0, tail = 0;

	memset(dist, BOARD_FAR, (size_t)b->npoints);
	if (!board_on(b, p))
		return;
	board_cfg_reach(b, p, 0, dist, queue, &tail);
	while (head < tail) {
		point_t q = queue[head++];

		if (dist[q] >= max)
			continue;
		FOR_NEIGHBOURS(b, q, n) {
			if (b->color[n] != OFFBOARD && dist[n] == BOARD_FAR)
				board_cfg_reach(b, (point_t)n, dist[q] + 1, dist, queue,
				    &tail);
		}
	}
}

/* Would C at P be legal (ignoring superko)? */
enum board_verdict
board_check(const struct board *b, enum color c, point_t p)
{
	enum color other = color_other(c);

	if (p == BOARD_PASS)
		return MOVE_OK;
	if (!board_on(b, p))
		return MOVE_OFFBOARD;
	if (b->color[p] != EMPTY)
		return MOVE_OCCUPIED;
	if (p == b->ko && c == b->ko_color)
		return MOVE_KO;
	FOR_NEIGHBOURS(b, p, n) {
		enum color nc = (enum color)b->color[n];
		const struct board_group *gr;

		if (nc == EMPTY)
			return MOVE_OK;
		if (nc == OFFBOARD)
			continue;
		gr = &b->groups[b->group[n]];
		/* Own group with another liberty, or an enemy group we capture. */
		if (nc == c ? !(board_atari(gr)) : board_atari(gr))
			return MOVE_OK;
		(void)other;
	}
	return MOVE_SUICIDE;
}

static void
board_free_remove(struct board *b, point_t p)
{
	int i = b->free_at[p];
	point_t last = b->free[--b->nfree];

	b->free[i] = last;
	b->free_at[last] = (int16_t)i;
}

static void
board_free_add(struct board *b, point_t p)
{
	b->free_at[p] = (int16_t)b->nfree;
	b->free[b->nfree++] = p;
}

/* Put a lone stone on an empty point, with its own group and liberties,
 * taking P away from the liberties of the groups around it. */
static void
board_put_stone(struct board *b, enum color c, point_t p)
{
	struct board_group *gr = &b->groups[p];

	b->color[p] = (uint8_t)c;
	b->group[p] = p;
	b->next[p] = p;
	gr->stones = 1;
	gr->nlibs = 0;
	gr->libsum = gr->libsum2 = 0;
	b->hash ^= board_zobrist_table[c][p];
	board_free_remove(b, p);
	FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] == EMPTY)
			board_lib_add(b, p, (point_t)n);
		else if (b->color[n] != OFFBOARD)
			board_lib_remove(b, b->group[n], p);
	}
}

/* Merge group G2 into G1 (both of one colour, adjacent); returns the root. */
static point_t
board_merge(struct board *b, point_t g1, point_t g2)
{
	struct board_group *a, *z;
	point_t s, t;

	if (g1 == g2)
		return g1;
	if (b->groups[g1].stones < b->groups[g2].stones) {
		point_t tmp = g1;
		g1 = g2;
		g2 = tmp;
	}
	a = &b->groups[g1];
	z = &b->groups[g2];
	s = g2;
	do {
		b->group[s] = g1;
		s = b->next[s];
	} while (s != g2);
	/* Splice the two circular lists. */
	t = b->next[g1];
	b->next[g1] = b->next[g2];
	b->next[g2] = t;
	a->stones += z->stones;
	a->nlibs += z->nlibs;
	a->libsum += z->libsum;
	a->libsum2 += z->libsum2;
	return g1;
}

/* Remove the group at G; returns the number of stones taken. */
static int
board_remove_group(struct board *b, point_t g)
{
	enum color c = (enum color)b->color[g];
	point_t s = g, next;
	int n = 0;

	do {
		next = b->next[s];
		b->color[s] = EMPTY;
		b->group[s] = 0;
		b->hash ^= board_zobrist_table[c][s];
		board_free_add(b, s);
		n++;
		s = next;
	} while (s != g);
	/* Second pass: each removed point is a new liberty of every enemy
	 * stone next to it (once per stone: these are pseudo-liberties). */
	s = g;
	do {
		next = b->next[s];
		FOR_NEIGHBOURS(b, s, q) {
			if (b->color[q] == BLACK || b->color[q] == WHITE)
				board_lib_add(b, b->group[q], s);
		}
		s = next;
	} while (s != g);
	return n;
}

enum board_verdict
board_play(struct board *b, enum color c, point_t p)
{
	enum board_verdict v;
	enum color other = color_other(c);
	point_t root, captured_at = 0;
	int captured = 0;

	if (p == BOARD_PASS) {
		b->ko = 0;
		b->last_move2 = b->last_move;
		b->last_move = BOARD_PASS;
		b->to_move = other;
		b->moves++;
		return MOVE_OK;
	}
	v = board_check(b, c, p);
	if (v != MOVE_OK)
		return v;

	board_put_stone(b, c, p);
	root = p;
	FOR_NEIGHBOURS(b, p, n) {
		enum color nc = (enum color)b->color[n];

		if (nc == c) {
			root = board_merge(b, root, b->group[n]);
		} else if (nc == other && b->groups[b->group[n]].nlibs == 0) {
			int k = board_remove_group(b, b->group[n]);

			captured += k;
			captured_at = (point_t)n;
		}
	}
	b->captures[c] += captured;
	b->ko = 0;
	/* A lone stone that took exactly one stone and now has that point as
	 * its only liberty: retaking at once is simple ko. */
	if (captured == 1 && b->groups[root].stones == 1 &&
	    board_atari(&b->groups[root])) {
		b->ko = captured_at;
		b->ko_color = other;
	}
	b->last_move2 = b->last_move;
	b->last_move = p;
	b->to_move = other;
	b->moves++;
	return MOVE_OK;
}

uint64_t
board_hash_after(const struct board *b, enum color c, point_t p)
{
	uint64_t h = b->hash ^ board_zobrist_table[c][p];
	point_t done[4];
	int ndone = 0;

	FOR_NEIGHBOURS(b, p, n) {
		point_t g;
		int i;

		if (b->color[n] != color_other(c))
			continue;
		g = b->group[n];
		if (!board_atari(&b->groups[g]))
			continue;
		for (i = 0; i < ndone; i++)
			if (done[i] == g)
				break;
		if (i < ndone)
			continue;
		done[ndone++] = g;
		point_t s = g;
		do {
			h ^= board_zobrist_table[b->color[s]][s];
			s = b->next[s];
		} while (s != g);
	}
	return h;
}

bool
board_is_true_eye(const struct board *b, enum color c, point_t p)
{
	int enemy = 0, edge = 0;
	int d[4] = { -b->stride - 1, -b->stride + 1, b->stride - 1, b->stride + 1 };

	if (b->color[p] != EMPTY || !board_is_eyelike(b, c, p))
		return false;
	for (int i = 0; i < 4; i++) {
		uint8_t dc = b->color[p + d[i]];

		if (dc == OFFBOARD)
			edge = 1;
		else if (dc == color_other(c))
			enemy++;
	}
	return enemy + edge < 2;
}

/* Rebuild groups, liberties, the free list and the hash from the colours. */
static void
board_rebuild(struct board *b)
{
	uint8_t colors[BOARD_MAX_POINTS];
	int p;

	memcpy(colors, b->color, sizeof colors);
	struct board keep = *b;
	board_init(b, keep.size);
	for (p = 0; p < b->npoints; p++) {
		if (colors[p] != BLACK && colors[p] != WHITE)
			continue;
		board_put_stone(b, (enum color)colors[p], (point_t)p);
		FOR_NEIGHBOURS(b, p, n) {
			if (b->color[n] == colors[p])
				board_merge(b, b->group[p], b->group[n]);
		}
	}
	b->ko = 0;
	b->to_move = keep.to_move;
	b->moves = keep.moves;
	b->captures[BLACK] = keep.captures[BLACK];
	b->captures[WHITE] = keep.captures[WHITE];
	b->last_move = keep.last_move;
	b->last_move2 = keep.last_move2;
}

int
board_setup(struct board *b, point_t p, enum color c)
{
	struct board save;

	if (!board_on(b, p) || (c != EMPTY && c != BLACK && c != WHITE))
		return -1;
	if (b->color[p] == c)
		return 0;
	save = *b;
	if (c != EMPTY && b->color[p] == EMPTY) {
		/* The common case (AB/AW on an empty point): play it in place. */
		board_put_stone(b, c, p);
		FOR_NEIGHBOURS(b, p, n) {
			if (b->color[n] == c)
				board_merge(b, b->group[p], b->group[n]);
		}
	} else {
		b->color[p] = (uint8_t)c;
		board_rebuild(b);
	}
	b->ko = 0;
	/* No group may be left without a liberty. */
	for (int q = 0; q < b->npoints; q++) {
		if ((b->color[q] == BLACK || b->color[q] == WHITE) &&
		    b->groups[b->group[q]].nlibs == 0) {
			*b = save;
			return -1;
		}
	}
	return 0;
}

int
board_count(const struct board *b, enum color c)
{
	int n = 0;

	for (int p = 0; p < b->npoints; p++)
		n += b->color[p] == c;
	return n;
}

const char *
board_verify(const struct board *b)
{
	uint64_t hash = 0;
	int nfree = 0;

	for (int p = 0; p < b->npoints; p++) {
		enum color c = (enum color)b->color[p];

		if (c == OFFBOARD)
			continue;
		if (c == EMPTY) {
			nfree++;
			if (b->free_at[p] < 0 || b->free_at[p] >= b->nfree ||
			    b->free[b->free_at[p]] != p)
				return "free list does not hold an empty point";
			continue;
		}
		hash ^= board_zobrist_table[c][p];
		point_t g = b->group[p];
		if (g <= 0 || b->color[g] != c || b->group[g] != g)
			return "stone with a bad group root";
		if (p != g)
			continue;
		/* Walk the group from its root and recount everything. */
		int stones = 0, nlibs = 0;
		uint32_t sum = 0, sum2 = 0;
		point_t s = g;
		do {
			if (b->group[s] != g || b->color[s] != c)
				return "group list reaches a foreign point";
			stones++;
			FOR_NEIGHBOURS(b, s, q) {
				if (b->color[q] == EMPTY) {
					nlibs++;
					sum += (uint32_t)q;
					sum2 += (uint32_t)q * (uint32_t)q;
				} else if (b->color[q] == c && b->group[q] != g) {
					return "adjacent stones of one colour in two groups";
				}
			}
			s = b->next[s];
			if (stones > b->npoints)
				return "group list does not close";
		} while (s != g);
		const struct board_group *gr = &b->groups[g];
		if (gr->stones != stones)
			return "group stone count is wrong";
		if (gr->nlibs != nlibs || gr->libsum != sum || gr->libsum2 != sum2)
			return "group liberties are wrong";
		if (nlibs == 0)
			return "group without liberties on the board";
	}
	for (int p = 0; p < b->npoints; p++) {
		if ((b->color[p] == BLACK || b->color[p] == WHITE) &&
		    b->groups[b->group[p]].stones == 0)
			return "stone in an empty group";
	}
	if (nfree != b->nfree)
		return "free list has the wrong length";
	if (hash != b->hash)
		return "hash does not match the stones";
	return NULL;
}

const char *
board_verdict_str(enum board_verdict v)
{
	static const char *const names[] = {
		[MOVE_OK] = "legal",
		[MOVE_OCCUPIED] = "point occupied",
		[MOVE_SUICIDE] = "suicide",
		[MOVE_KO] = "ko",
		[MOVE_SUPERKO] = "superko",
		[MOVE_OFFBOARD] = "off the board",
	};

	return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "?";
}

const char *
color_name(enum color c)
{
	return c == BLACK ? "black" : c == WHITE ? "white" : "empty";
}

static const char board_columns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

char *
board_vertex_str(const struct board *b, point_t p, char *buf)
{
	if (p == BOARD_PASS)
		strcpy(buf, "pass");
	else if (p == BOARD_RESIGN)
		strcpy(buf, "resign");
	else if (!board_on(b, p))
		strcpy(buf, "?");
	else
		snprintf(buf, 8, "%c%d", board_columns[board_x(b, p)],
		    b->size - board_y(b, p));
	return buf;
}

point_t
board_vertex_parse(const struct board *b, const char *s)
{
	const char *col;
	char *end;
	long row;
	int x;

	if (strcasecmp(s, "pass") == 0)
		return BOARD_PASS;
	if (!isalpha((unsigned char)s[0]) || toupper((unsigned char)s[0]) == 'I')
		return BOARD_NONE;
	col = strchr(board_columns, toupper((unsigned char)s[0]));
	if (!col)
		return BOARD_NONE;
	x = (int)(col - board_columns);
	if (!isdigit((unsigned char)s[1]))
		return BOARD_NONE;
	row = strtol(s + 1, &end, 10);
	if (*end != '\0' || x >= b->size || row < 1 || row > b->size)
		return BOARD_NONE;
	return board_point(b, x, b->size - (int)row);
}
