/*
 * main.c: tengen's command line.
 *
 * Options choose a front end: the GTP engine on stdin/stdout (--gtp), the
 * playout benchmark (--bench), or the game in the terminal (default).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "board.h"
#include "match.h"
#include "play-gtp.h"

static void
main_usage(FILE *f)
{
	fprintf(f,
	    "usage: tengen [options]\n"
	    "  --gtp                 speak GTP version 2 on stdin and stdout\n"
	    "  --level L             computer strength: beginner, intermediate,\n"
	    "                        advanced (default intermediate)\n"
	    "  --playouts N          computer: N playouts a move\n"
	    "  --seconds S           computer: at most S seconds a move;\n"
	    "                        --bench: seconds per size (default 5)\n"
	    "  --threads T           computer: threads (default: all cores);\n"
	    "                        --bench: threads (default 1)\n"
	    "  --match 'CMD'         play a match against the GTP engine CMD\n"
	    "  --games N             games in the match (default 10)\n"
	    "  --komi K              komi (default 7.5)\n"
	    "  --sgf-dir DIR         write the match's games to DIR (default match)\n"
	    "  --bench               measure random playouts per second\n"
	    "  --size N              board size (--bench default: 9 and 19)\n"
	    "  --help, --version\n");
}

static int
main_number(const char *opt, const char *arg, double lo, double hi, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (*arg == '\0' || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "tengen: %s %s: expected a number from %g to %g\n",
		    opt, arg, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int
main(int argc, char **argv)
{
	enum { OPT_GTP = 256, OPT_BENCH, OPT_SIZE, OPT_THREADS, OPT_SECONDS,
	       OPT_LEVEL, OPT_PLAYOUTS, OPT_MATCH, OPT_GAMES, OPT_KOMI,
	       OPT_SGF_DIR, OPT_HELP, OPT_VERSION };
	static const struct option longopts[] = {
		{ "gtp", no_argument, NULL, OPT_GTP },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "size", required_argument, NULL, OPT_SIZE },
		{ "threads", required_argument, NULL, OPT_THREADS },
		{ "seconds", required_argument, NULL, OPT_SECONDS },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
		{ "match", required_argument, NULL, OPT_MATCH },
		{ "games", required_argument, NULL, OPT_GAMES },
		{ "komi", required_argument, NULL, OPT_KOMI },
		{ "sgf-dir", required_argument, NULL, OPT_SGF_DIR },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int gtp = 0, bench = 0, opt;
	double size = 0, threads = 0, seconds = 0, playouts = 0;
	struct ai_options ai;
	struct match_options mo = { NULL, 10, 9, GAME_DEFAULT_KOMI, "match", { 0 } };
	double games = 10;

	ai_options_default(&ai);

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_GTP: gtp = 1; break;
		case OPT_BENCH: bench = 1; break;
		case OPT_SIZE:
			if (main_number("--size", optarg, BOARD_MIN_SIZE,
			    BOARD_MAX_SIZE, &size) < 0 || size != (int)size)
				return 2;
			break;
		case OPT_LEVEL:
			if (ai_level_parse(optarg, &ai.level) < 0) {
				fprintf(stderr, "tengen: --level %s: expected beginner, "
				    "intermediate or advanced\n", optarg);
				return 2;
			}
			break;
		case OPT_PLAYOUTS:
			if (main_number("--playouts", optarg, 1, 1e9, &playouts) < 0)
				return 2;
			break;
		case OPT_MATCH: mo.engine = optarg; break;
		case OPT_GAMES:
			if (main_number("--games", optarg, 1, 100000, &games) < 0)
				return 2;
			break;
		case OPT_KOMI:
			if (main_number("--komi", optarg, -1000, 1000, &mo.komi) < 0)
				return 2;
			break;
		case OPT_SGF_DIR: mo.sgf_dir = optarg; break;
		case OPT_THREADS:
			if (main_number("--threads", optarg, 1, 64, &threads) < 0)
				return 2;
			break;
		case OPT_SECONDS:
			if (main_number("--seconds", optarg, 0.1, 3600, &seconds) < 0)
				return 2;
			break;
		case OPT_HELP: main_usage(stdout); return 0;
		case OPT_VERSION: printf("tengen %s\n", PACKAGE_VERSION); return 0;
		default: main_usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "tengen: unexpected argument: %s\n", argv[optind]);
		return 2;
	}
	if (bench)
		return bench_run(stdout, (int)size, threads ? (int)threads : 1,
		    seconds ? seconds : 5) < 0;
	ai.playouts = (long)playouts;
	ai.seconds = seconds;
	ai.threads = (int)threads;
	if (getenv("TENGEN_SEED"))
		ai.seed = strtoull(getenv("TENGEN_SEED"), NULL, 10);
	if (gtp)
		return play_gtp_run(&ai, stdin, stdout);
	if (mo.engine) {
		mo.games = (int)games;
		mo.size = size ? (int)size : 9;
		mo.ai = ai;
		return match_run(&mo);
	}
	main_usage(stdout);
	return 0;
}
