/*
 * main.c: tengen's command line.
 *
 * Options choose a front end: the GTP engine on stdin/stdout (--gtp), a
 * match against another engine (--match), the playout benchmark (--bench),
 * or the game in the terminal (default): the lobby, or a game at once when
 * an option describes one, or a saved game named on the command line.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "bench.h"
#include "board.h"
#include "i18n.h"
#include "match.h"
#include "play-gtp.h"
#include "settings.h"
#include "tui.h"

static void
main_usage(FILE *f)
{
	fputs(_("usage: tengen [options] [FILE.sgf]\n"
	    "The game in the terminal (without options: the lobby):\n"
	    "  FILE.sgf              continue or look through a saved game\n"
	    "  --size 9|13|19        start a game at once on this board\n"
	    "  --level L             play the computer: beginner, intermediate,\n"
	    "                        advanced\n"
	    "  --color black|white   your colour against the computer\n"
	    "  --no-resign           the computer never resigns (also --gtp,\n"
	    "                        --match)\n"
	    "  --hotseat             two players on one screen\n"
	    "  --engine 'CMD'        play a GTP engine, e.g. 'gnugo --mode gtp'\n"
	    "  --komi K              komi (default 7.5; 0.5 with a handicap)\n"
	    "  --handicap N          fixed handicap stones, 2 to 9\n"
	    "  --pace real|fast|off  the computer's move shows after 2-5 s, 1-2 s,\n"
	    "                        or at once\n"
	    "  --ascii               draw the board with . + X O\n"
	    "  --no-color            no colours (also: NO_COLOR=1)\n"
	    "  --ambiwidth auto|narrow|wide\n"
	    "                        columns taken by characters such as \xe2\x97\x8f\n"
	    "  --server URL          play online on a tengend server\n"
	    "                        (http://host:port or https://host)\n"
	    "Other programs:\n"
	    "  --gtp                 speak GTP version 2 on stdin and stdout\n"
	    "  --level L             computer strength: beginner, intermediate,\n"
	    "                        advanced (default intermediate)\n"
	    "  --playouts N          computer: N playouts a move\n"
	    "  --seconds S           computer: at most S seconds a move;\n"
	    "                        --bench: seconds per size (default 5)\n"
	    "  --threads T           computer: threads (default: all cores);\n"
	    "                        --bench: threads (default 1)\n"
	    "  --max-memory M        computer: at most M MiB of search tree\n"
	    "                        (default 512)\n"
	    "  --match 'CMD'         play a match against the GTP engine CMD\n"
	    "  --games N             games in the match (default 10)\n"
	    "  --komi K              komi (default 7.5)\n"
	    "  --sgf-dir DIR         write the match's games to DIR (default match)\n"
	    "  --resume              go on with the match whose games are in DIR\n"
	    "  --bench               measure random playouts per second\n"
	    "  --size N              board size (--match default: 9; --bench: 9 and 19)\n"
	    "  --help, --version\n"), f);
}

static int
main_number(const char *opt, const char *arg, double lo, double hi, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (*arg == '\0' || *end != '\0' || !isfinite(v) || v < lo || v > hi) {
		fprintf(stderr, "tengen: %s %s: expected a number from %.10g to "
		    "%.10g\n", opt, arg, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

/* Is ARG, the value of OPT, free of line breaks and other control
 * characters (tabs aside)?  They would break the settings file that keeps
 * it, or the program line run from it; if not, says so. */
static bool
main_one_line(const char *opt, const char *arg)
{
	for (const unsigned char *c = (const unsigned char *)arg; *c; c++)
		if ((*c < 0x20 && *c != '\t') || *c == 0x7f) {
			fprintf(stderr, _("tengen: %s: a line break or another "
			    "control character at byte %d\n"), opt,
			    (int)(c - (const unsigned char *)arg) + 1);
			return false;
		}
	return true;
}

/* The terminal game's options, checked; 0 or 2 (a bad command line). */
static int
main_tui_option(struct tui_start *st, int opt, const char *arg)
{
	double v;

	switch (opt) {
	case 'c':
		if (strcmp(arg, "black") != 0 && strcmp(arg, "white") != 0) {
			fprintf(stderr, _("tengen: --color %s: expected black or white\n"),
			    arg);
			return 2;
		}
		st->set.color = arg[0] == 'w' ? WHITE : BLACK;
		st->have |= TUI_HAVE_COLOR;
		break;
	case 'e':
		if (*arg == '\0' || strlen(arg) >= sizeof st->set.engine) {
			fprintf(stderr, _("tengen: --engine: expected a command line such as 'gnugo --mode gtp'\n"));
			return 2;
		}
		if (!main_one_line("--engine", arg))
			return 2;
		snprintf(st->set.engine, sizeof st->set.engine, "%s", arg);
		st->have |= TUI_HAVE_ENGINE;
		break;
	case 'H':
		if (main_number("--handicap", arg, 0, 9, &v) < 0)
			return 2;
		if (v != (int)v || v == 1) {
			fprintf(stderr, _("tengen: --handicap %s: expected 0 or 2 to 9 stones\n"),
			    arg);
			return 2;
		}
		st->set.handicap = (int)v;
		st->have |= TUI_HAVE_HANDICAP;
		break;
	case 'p':
		if (settings_pace_parse(arg) < 0) {
			fprintf(stderr, _("tengen: --pace %s: expected real, fast or off\n"),
			    arg);
			return 2;
		}
		st->set.pace = settings_pace_parse(arg);
		st->have |= TUI_HAVE_PACE;
		break;
	case 'w':
		if ((st->width = settings_width_parse(arg)) < 0) {
			fprintf(stderr, _("tengen: --ambiwidth %s: expected auto, narrow or wide\n"),
			    arg);
			return 2;
		}
		break;
	}
	return 0;
}

/* What tengen is asked to be: the modes an option applies to. */
enum { MAIN_TUI = 1, MAIN_GTP = 2, MAIN_MATCH = 4, MAIN_BENCH = 8 };

static const char *
main_mode_name(unsigned mode)
{
	return mode == MAIN_GTP ? "--gtp" : mode == MAIN_MATCH ? "--match" :
	    mode == MAIN_BENCH ? "--bench" : "the game in the terminal";
}

/* A whole number from LO to HI, as main_number() reads it. */
static int
main_whole(const char *opt, const char *arg, double lo, double hi, double *out)
{
	if (main_number(opt, arg, lo, hi, out) < 0)
		return -1;
	if (*out != floor(*out)) {
		fprintf(stderr, "tengen: %s %s: expected a whole number from "
		    "%.10g to %.10g\n", opt, arg, lo, hi);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	enum { OPT_GTP = 256, OPT_BENCH, OPT_SIZE, OPT_THREADS, OPT_SECONDS,
	       OPT_LEVEL, OPT_PLAYOUTS, OPT_MATCH, OPT_GAMES, OPT_KOMI,
	       OPT_SGF_DIR, OPT_HELP, OPT_VERSION, OPT_HOTSEAT, OPT_ASCII,
	       OPT_NO_COLOR, OPT_SERVER, OPT_NO_RESIGN, OPT_MAX_MEMORY,
	       OPT_RESUME };
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
		{ "color", required_argument, NULL, 'c' },
		{ "colour", required_argument, NULL, 'c' },
		{ "engine", required_argument, NULL, 'e' },
		{ "handicap", required_argument, NULL, 'H' },
		{ "pace", required_argument, NULL, 'p' },
		{ "ambiwidth", required_argument, NULL, 'w' },
		{ "hotseat", no_argument, NULL, OPT_HOTSEAT },
		{ "no-resign", no_argument, NULL, OPT_NO_RESIGN },
		{ "max-memory", required_argument, NULL, OPT_MAX_MEMORY },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "no-color", no_argument, NULL, OPT_NO_COLOR },
		{ "no-colour", no_argument, NULL, OPT_NO_COLOR },
		{ "server", required_argument, NULL, OPT_SERVER },
		{ NULL, 0, NULL, 0 }
	};
	/* The modes each option given applies to, to refuse one that the
	 * chosen mode would quietly ignore. */
	struct { const char *name; unsigned modes; } given[64];
	int ngiven = 0;
	int gtp = 0, bench = 0, opt;
	double size = 0, threads = 0, seconds = 0, playouts = 0, memory = 0;
	struct ai_options ai;
	struct match_options mo = { NULL, 10, 9, GAME_DEFAULT_KOMI, "match", false,
	    { 0 } };
	struct tui_start st;
	double games = 10;

	setlocale(LC_ALL, "");
	/* Numbers are written and read with a decimal point whatever the
	 * language: komi and scores in GTP, SGF and the settings file. */
	setlocale(LC_NUMERIC, "C");
	i18n_init();
	ai_options_default(&ai);
	memset(&st, 0, sizeof st);
	settings_default(&st.set);
	st.width = -1;

	int longindex;

	while ((opt = getopt_long(argc, argv, "", longopts, &longindex)) != -1) {
		static const struct { int opt; unsigned modes; } applies[] = {
			{ OPT_SIZE, MAIN_TUI | MAIN_MATCH | MAIN_BENCH },
			{ OPT_THREADS, MAIN_GTP | MAIN_MATCH | MAIN_BENCH },
			{ OPT_SECONDS, MAIN_GTP | MAIN_MATCH | MAIN_BENCH },
			{ OPT_LEVEL, MAIN_TUI | MAIN_GTP | MAIN_MATCH },
			{ OPT_PLAYOUTS, MAIN_GTP | MAIN_MATCH },
			{ OPT_GAMES, MAIN_MATCH },
			{ OPT_KOMI, MAIN_TUI | MAIN_MATCH },
			{ OPT_SGF_DIR, MAIN_MATCH },
			{ OPT_RESUME, MAIN_MATCH },
			{ OPT_NO_RESIGN, MAIN_TUI | MAIN_GTP | MAIN_MATCH },
			{ OPT_MAX_MEMORY, MAIN_TUI | MAIN_GTP | MAIN_MATCH },
			{ OPT_HOTSEAT, MAIN_TUI }, { OPT_ASCII, MAIN_TUI },
			{ OPT_NO_COLOR, MAIN_TUI }, { OPT_SERVER, MAIN_TUI },
			{ 'c', MAIN_TUI }, { 'e', MAIN_TUI }, { 'H', MAIN_TUI },
			{ 'p', MAIN_TUI }, { 'w', MAIN_TUI },
		};

		for (size_t i = 0; i < sizeof applies / sizeof applies[0]; i++)
			if (applies[i].opt == opt && ngiven < 64) {
				given[ngiven].name = longopts[longindex].name;
				given[ngiven++].modes = applies[i].modes;
			}
		switch (opt) {
		case OPT_GTP: gtp = 1; break;
		case OPT_BENCH: bench = 1; break;
		case OPT_SIZE:
			if (main_whole("--size", optarg, BOARD_MIN_SIZE,
			    BOARD_MAX_SIZE, &size) < 0)
				return 2;
			break;
		case OPT_LEVEL:
			if (ai_level_parse(optarg, &ai.level) < 0) {
				fprintf(stderr, "tengen: --level %s: expected beginner, "
				    "intermediate or advanced\n", optarg);
				return 2;
			}
			st.set.level = (int)ai.level;
			st.have |= TUI_HAVE_LEVEL;
			break;
		case OPT_PLAYOUTS:
			if (main_whole("--playouts", optarg, 1, 1e9, &playouts) < 0)
				return 2;
			break;
		case OPT_MATCH:
			if (*optarg == '\0') {
				fprintf(stderr, "tengen: --match: expected the "
				    "command line of a GTP engine\n");
				return 2;
			}
			if (!main_one_line("--match", optarg))
				return 2;
			mo.engine = optarg;
			break;
		case OPT_GAMES:
			if (main_whole("--games", optarg, 1, 100000, &games) < 0)
				return 2;
			break;
		case OPT_KOMI:
			if (main_number("--komi", optarg, -GAME_KOMI_MAX,
			    GAME_KOMI_MAX, &mo.komi) < 0)
				return 2;
			st.set.komi = mo.komi;
			st.have |= TUI_HAVE_KOMI;
			break;
		case OPT_SGF_DIR:
			if (*optarg == '\0') {
				fprintf(stderr, "tengen: --sgf-dir: expected a "
				    "folder\n");
				return 2;
			}
			mo.sgf_dir = optarg;
			break;
		case OPT_RESUME: mo.resume = true; break;
		case OPT_THREADS:
			if (main_whole("--threads", optarg, 1, 64, &threads) < 0)
				return 2;
			break;
		case OPT_SECONDS:
			if (main_number("--seconds", optarg, 0.1, 3600, &seconds) < 0)
				return 2;
			break;
		case OPT_HOTSEAT: st.have |= TUI_HAVE_HOTSEAT; break;
		case OPT_NO_RESIGN: ai.resign = false; st.no_resign = true; break;
		case OPT_MAX_MEMORY:
			if (main_whole("--max-memory", optarg, 1,
			    (double)(SIZE_MAX >> 20 < 1 << 20 ? SIZE_MAX >> 20 :
			    1 << 20), &memory) < 0)
				return 2;
			ai.max_memory = (size_t)memory << 20;
			st.max_memory = ai.max_memory;
			break;
		case OPT_ASCII: st.ascii = true; break;
		case OPT_NO_COLOR: st.no_color = true; break;
		case OPT_SERVER:
			if (!main_one_line("--server", optarg))
				return 2;
			st.server = optarg;
			break;
		case 'c': case 'e': case 'H': case 'p': case 'w':
			if (main_tui_option(&st, opt, optarg) != 0)
				return 2;
			break;
		case OPT_HELP: main_usage(stdout); return 0;
		case OPT_VERSION: printf("tengen %s\n", PACKAGE_VERSION); return 0;
		default: main_usage(stderr); return 2;
		}
	}
	if (gtp + bench + (mo.engine != NULL) + (st.server != NULL) > 1) {
		fprintf(stderr, "tengen: --gtp, --bench, --match and --server "
		    "are different modes: choose one\n");
		return 2;
	}
	unsigned mode = bench ? MAIN_BENCH : gtp ? MAIN_GTP :
	    mo.engine ? MAIN_MATCH : MAIN_TUI;
	for (int i = 0; i < ngiven; i++)
		if (!(given[i].modes & mode)) {
			fprintf(stderr, "tengen: --%s does not apply to %s\n",
			    given[i].name, main_mode_name(mode));
			return 2;
		}
	if (gtp || bench || mo.engine) {
		if (optind < argc) {
			fprintf(stderr, "tengen: unexpected argument: %s\n",
			    argv[optind]);
			return 2;
		}
	} else if (optind + 1 < argc) {
		fprintf(stderr, "tengen: unexpected argument: %s\n",
		    argv[optind + 1]);
		return 2;
	}
	if (bench)
		return bench_run(stdout, (int)size, threads ? (int)threads : 1,
		    seconds ? seconds : 5) < 0;
	ai.playouts = (long)playouts;
	ai.seconds = seconds;
	ai.threads = (int)threads;
	if (getenv("TENGEN_SEED")) {
		const char *s = getenv("TENGEN_SEED");
		char *end;

		errno = 0;
		ai.seed = strtoull(s, &end, 10);
		if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 ||
		    ai.seed == 0) {
			fprintf(stderr, "tengen: TENGEN_SEED=%s: expected a whole "
			    "number from 1\n", s);
			return 2;
		}
		/* Repeatable play needs one search thread. */
		if (threads == 0)
			ai.threads = 1;
	}
	if (gtp)
		return play_gtp_run(&ai, stdin, stdout);
	if (mo.engine) {
		mo.games = (int)games;
		mo.size = size ? (int)size : 9;
		mo.ai = ai;
		return match_run(&mo);
	}

	/* The game in the terminal. */
	if (size != 0) {
		if (size != 9 && size != 13 && size != 19) {
			fprintf(stderr, _("tengen: --size %g: the board is 9, 13 or 19 (other sizes through SGF files)\n"),
			    size);
			return 2;
		}
		st.set.size = (int)size;
		st.have |= TUI_HAVE_SIZE;
	}
	if ((st.have & TUI_HAVE_HOTSEAT) &&
	    (st.have & (TUI_HAVE_LEVEL | TUI_HAVE_ENGINE | TUI_HAVE_COLOR))) {
		fprintf(stderr, _("tengen: --hotseat is two people at one screen: leave out --level, --color and --engine\n"));
		return 2;
	}
	if ((st.have & TUI_HAVE_LEVEL) && (st.have & TUI_HAVE_ENGINE)) {
		fprintf(stderr, _("tengen: choose one opponent: --level (tengen) or --engine\n"));
		return 2;
	}
	if (st.server != NULL && (optind < argc || (st.have & TUI_HAVE_GAME))) {
		fprintf(stderr, _("tengen: --server opens the online lobby: leave out the game options and files\n"));
		return 2;
	}
	if (optind < argc)
		st.file = argv[optind];
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		struct game g;
		char err[400];

		/* A file that cannot be read says so first, as in a
		 * terminal. */
		if (st.file != NULL) {
			if (tui_save_read(st.file, &g, NULL, NULL, NULL, err,
			    sizeof err) < 0) {
				fprintf(stderr, "tengen: %s\n", err);
				return 1;
			}
			game_free(&g);
		}
		fprintf(stderr, _("tengen: the game needs a terminal (try tengen --help)\n"));
		return 1;
	}
	return tui_run(&st);
}
