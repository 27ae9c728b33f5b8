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

static void
main_usage(FILE *f)
{
	fprintf(f,
	    "usage: tengen [options]\n"
	    "  --gtp                 speak GTP version 2 on stdin and stdout\n"
	    "  --bench               measure random playouts per second\n"
	    "  --size N              board size for --bench (default: 9 and 19)\n"
	    "  --threads T           threads for --bench (default 1)\n"
	    "  --seconds S           seconds per size for --bench (default 5)\n"
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
	       OPT_HELP, OPT_VERSION };
	static const struct option longopts[] = {
		{ "gtp", no_argument, NULL, OPT_GTP },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "size", required_argument, NULL, OPT_SIZE },
		{ "threads", required_argument, NULL, OPT_THREADS },
		{ "seconds", required_argument, NULL, OPT_SECONDS },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int gtp = 0, bench = 0, opt;
	double size = 0, threads = 1, seconds = 5;

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_GTP: gtp = 1; break;
		case OPT_BENCH: bench = 1; break;
		case OPT_SIZE:
			if (main_number("--size", optarg, BOARD_MIN_SIZE,
			    BOARD_MAX_SIZE, &size) < 0 || size != (int)size)
				return 2;
			break;
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
		return bench_run(stdout, (int)size, (int)threads, seconds) < 0;
	if (gtp)
		return 0;
	main_usage(stdout);
	return 0;
}
