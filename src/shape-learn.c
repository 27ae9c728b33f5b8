/*
 * shape-learn.c: learn the weights of src/shape-data.c from game records.
 *
 *   shape-learn [-p NAME] [-m MIN] [-s PRIOR] [-t N] FILE.sgf... > shape-data.c
 *
 * For every move of the players whose name (PB, PW) contains NAME, every
 * legal point of the position (own true eyes left out) counts as available
 * to its shape, and the point played counts as chosen.  A shape's weight is
 * log2 of its chosen/available ratio over the ratio of all moves, in half
 * bits, the ratio smoothed by PRIOR moves at the average (default 50);
 * shapes available fewer than MIN times (default 30) are left out.  With -t
 * N, every Nth record is kept out of the learning and used to report on
 * standard error how often the best-weighted point is the one played, for
 * the learned shapes and for the hand-written patterns of pattern.h.  A
 * record that cannot be read stops it with an error before anything is
 * written.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game-sgf.h"
#include "pattern.h"
#include "shape.h"
#include "util.h"

static uint32_t chosen[1 << SHAPE_BITS], avail[1 << SHAPE_BITS];
static int8_t learned[1 << SHAPE_BITS];

struct eval {
	double hits_shape, hits_pattern;
	long moves;
};

static bool
learn_legal(const struct game *g, enum color c, point_t p)
{
	const struct board *b = &g->board;

	return b->color[p] == EMPTY && !board_is_true_eye(b, c, p) &&
	    game_check(g, c, p) == MOVE_OK;
}

/* The share of the points scoring best under SCORE that is the move M. */
static double
learn_hit(const struct game *g, enum color c, point_t m, bool use_shape)
{
	const struct board *b = &g->board;
	int best = -1000, nbest = 0;
	bool mbest = false;

	for (point_t p = 0; p < b->npoints; p++) {
		if (!learn_legal(g, c, p))
			continue;
		int s = use_shape ? learned[shape_canonical(shape_code(b, c, p))] :
		    pattern_match(b, p);

		if (s > best) {
			best = s;
			nbest = 0;
			mbest = false;
		}
		if (s == best) {
			nbest++;
			if (p == m)
				mbest = true;
		}
	}
	return mbest ? 1.0 / nbest : 0;
}

/* Replay FILE, counting (or, with EV, evaluating) the moves of NAME. */
static int
learn_file(const char *file, const char *name, struct eval *ev, long *nmoves)
{
	struct sgf_record rec;
	struct game g;
	char err[256];

	sgf_record_init(&rec);
	if (sgf_read_file(file, &rec, err, sizeof err) < 0) {
		fprintf(stderr, "shape-learn: %s\n", err);
		return -1;
	}
	/* game_from_sgf() initialises G itself. */
	if (game_from_sgf(&g, &rec, file, err, sizeof err) < 0) {
		fprintf(stderr, "shape-learn: %s\n", err);
		sgf_record_free(&rec);
		return -1;
	}
	int n = g.nmoves;
	struct game_move *moves = xmalloc(sizeof *moves * (size_t)(n ? n : 1));

	memcpy(moves, g.moves, sizeof *moves * (size_t)n);
	game_goto(&g, 0);
	for (int i = 0; i < n; i++) {
		enum color c = moves[i].color;
		const char *who = c == BLACK ? rec.black : rec.white;
		point_t m = moves[i].point;

		if (m >= 0 && who && (!name || strstr(who, name))) {
			const struct board *b = &g.board;

			if (ev) {
				ev->hits_shape += learn_hit(&g, c, m, true);
				ev->hits_pattern += learn_hit(&g, c, m, false);
				ev->moves++;
			} else {
				for (point_t p = 0; p < b->npoints; p++)
					if (learn_legal(&g, c, p))
						avail[shape_canonical(shape_code(b, c, p))]++;
				chosen[shape_canonical(shape_code(b, c, m))]++;
				(*nmoves)++;
			}
		}
		if (game_play(&g, c, m) != MOVE_OK)
			break;
	}
	free(moves);
	game_free(&g);
	sgf_record_free(&rec);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *name = NULL;
	long min = 30, test = 0, nmoves = 0, nfiles = 0;
	double prior = 50, tch = 0, tav = 0;
	int opt, nshapes = 0;

	while ((opt = getopt(argc, argv, "p:m:s:t:")) != -1) {
		switch (opt) {
		case 'p': name = optarg; break;
		case 'm': min = atol(optarg); break;
		case 's': prior = atof(optarg); break;
		case 't': test = atol(optarg); break;
		default:
			fprintf(stderr, "usage: shape-learn [-p NAME] [-m MIN] "
			    "[-s PRIOR] [-t N] FILE.sgf...\n");
			return 2;
		}
	}
	pattern_init();
	for (int i = optind; i < argc; i++) {
		if (test && (i - optind) % test == test - 1)
			continue;
		if (learn_file(argv[i], name, NULL, &nmoves) < 0)
			return 1;
		nfiles++;
	}
	for (uint32_t k = 0; k < 1u << SHAPE_BITS; k++) {
		tch += chosen[k];
		tav += avail[k];
	}
	if (!nmoves) {
		fprintf(stderr, "shape-learn: no moves to learn from\n");
		return 1;
	}
	double base = tch / tav;

	for (uint32_t k = 0; k < 1u << SHAPE_BITS; k++) {
		if (avail[k] < (uint32_t)min)
			continue;
		double r = (chosen[k] + prior * base) / (avail[k] + prior);
		long w = lround(2 * log2(r / base));

		if (w > SHAPE_WEIGHT_MAX)
			w = SHAPE_WEIGHT_MAX;
		if (w < -SHAPE_WEIGHT_MAX)
			w = -SHAPE_WEIGHT_MAX;
		learned[k] = (int8_t)w;
	}
	printf("/*\n * shape-data.c: the shapes of shape.h and their weights.\n"
	    " * Written by shape-learn from %ld moves of %ld game records;\n"
	    " * do not edit.\n */\n#include \"config.h\"\n\n#include \"shape.h\"\n\n"
	    "const struct shape_entry shape_data[] = {\n", nmoves, nfiles);
	for (uint32_t k = 0; k < 1u << SHAPE_BITS; k++) {
		if (learned[k]) {
			printf("\t{ 0x%05x, %d },\n", (unsigned)k, learned[k]);
			nshapes++;
		}
	}
	printf("};\n\nconst int shape_data_count = %d;\n", nshapes);
	if (test) {
		struct eval ev = { 0, 0, 0 };

		for (int i = optind; i < argc; i++)
			if ((i - optind) % test == test - 1)
				if (learn_file(argv[i], name, &ev, NULL) < 0)
					return 1;
		if (ev.moves)
			fprintf(stderr, "held out: %ld moves; best shape is the "
			    "move played %.1f%%, a pattern %.1f%%\n", ev.moves,
			    100 * ev.hits_shape / ev.moves,
			    100 * ev.hits_pattern / ev.moves);
	}
	return 0;
}
