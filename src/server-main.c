/*
 * server-main.c: tengend's command line, start-up and the clock tick.
 *
 * The main thread owns the signals: it waits for SIGINT/SIGTERM/SIGHUP ten
 * times a second, and each time none came it ticks: clocks, disconnects,
 * escapes and long-polls whose time is up.  MHD's threads answer requests;
 * a thread of its own estimates a count's dead stones (at most --estimates
 * at once, the rest waiting their turn), and the server is not freed
 * before the last of those has ended.
 * Storage failures are fatal by design (crash-only): a restart reloads the
 * last committed state, which every reply already described.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "server.h"
#include "util.h"

#define SERVER_TICK_NS 100000000L
#define SERVER_ALIVE_SECONDS 1.0

void
server_fatal(struct server *srv, const char *what)
{
	fprintf(stderr, "tengend: storage failed while %s: %s; exiting\n", what,
	    srv->db ? server_db_error(srv->db) : "no database");
	_exit(70);
}

void
server_begin(struct server *srv)
{
	if (srv->txn++ == 0 && server_db_begin(srv->db) < 0)
		server_fatal(srv, "beginning a transaction");
}

void
server_commit(struct server *srv)
{
	if (--srv->txn == 0 && server_db_commit(srv->db) < 0)
		server_fatal(srv, "committing");
}

static void
server_usage(FILE *f)
{
	fprintf(f,
	    "usage: tengend [--port N] [--listen ADDR] [--db PATH]\n"
	    "               [--threads N] [--max-connections N]\n"
	    "               [--connections-per-address N]\n"
	    "               [--poll-timeout S] [--disconnect-seconds S]\n"
	    "               [--escape-seconds S] [--count-seconds S]\n"
	    "               [--sync normal|full]\n"
	    "               [--pwhash min|interactive|moderate]\n"
	    "               [--login-lockout S] [--address-limit N]\n"
	    "               [--estimates N] [--keep-events N]\n"
	    "               [--port-file FILE] [--quiet]\n"
	    "       tengend [--db PATH] --post-news TITLE TEXT\n"
	    "       tengend [--db PATH] --add-room NAME NAME_ZH BASE PENALTY\n"
	    "       tengend --help | --version\n");
}

/* The default database: $XDG_DATA_HOME/tengend/tengend.db, or
 * ~/.local/share/tengend/tengend.db, or /var/lib/tengend/tengend.db for
 * root.  The directory is made if needed.  Returns a heap string. */
static char *
server_default_db(void)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char dir[4096], *path;
	size_t len;

	if (xdg && *xdg)
		snprintf(dir, sizeof dir, "%s/tengend", xdg);
	else if (home && *home && getuid() != 0)
		snprintf(dir, sizeof dir, "%s/.local/share/tengend", home);
	else
		snprintf(dir, sizeof dir, "/var/lib/tengend");
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(dir, 0755);
		*p = '/';
	}
	mkdir(dir, 0700);
	len = strlen(dir) + sizeof "/tengend.db";
	path = xmalloc(len);
	snprintf(path, len, "%s/tengend.db", dir);
	return path;
}

/* A number from MIN to MAX (a whole one if WHOLE) for option OPT. */
static int
server_number(const char *opt, const char *arg, double min, double max,
		bool whole, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' || errno || !isfinite(*out) ||
	    *out < min || *out > max || (whole && *out != floor(*out))) {
		fprintf(stderr, "tengend: %s %s: give a %snumber from %g to %g\n",
		    opt, arg, whole ? "whole " : "", min, max);
		return -1;
	}
	return 0;
}

static int
server_post_news(struct server_db *db, const char *title, const char *body)
{
	if (server_db_begin(db) < 0 || server_db_news_add(db, title, body) < 0 ||
	    server_db_commit(db) < 0) {
		fprintf(stderr, "tengend: cannot post the news: %s\n",
		    server_db_error(db));
		return 1;
	}
	return 0;
}

static int
server_add_room(struct server_db *db, char **arg)
{
	struct server_db_room r;
	double base, penalty;
	long id;

	memset(&r, 0, sizeof r);
	snprintf(r.name, sizeof r.name, "%s", arg[0]);
	snprintf(r.name_zh, sizeof r.name_zh, "%s", arg[1]);
	if (server_number("--add-room BASE", arg[2], 1, 1e6, true, &base) < 0 ||
	    server_number("--add-room PENALTY", arg[3], 0, 1e6, true,
	    &penalty) < 0)
		return 2;
	r.base = (int)base;
	r.penalty = (int)penalty;
	if (server_db_begin(db) < 0 || server_db_room_add(db, &r, &id) < 0 ||
	    server_db_commit(db) < 0) {
		fprintf(stderr, "tengend: cannot add the room: %s\n",
		    server_db_error(db));
		return 1;
	}
	printf("%ld\n", id);
	return 0;
}

/* Say in the database that the server runs, once a second while a clock
 * runs (and when it stops): a restart charges the player to move what
 * they thought until then, and not the time the server was down. */
static void
server_alive(struct server *srv, double now, bool stopping)
{
	if (!stopping && (now - srv->alive_at < SERVER_ALIVE_SECONDS ||
	    !server_games_playing(srv)))
		return;
	server_begin(srv);
	if (server_db_alive_set(srv->db, util_wall_ms()) < 0)
		server_fatal(srv, "writing the time");
	server_commit(srv);
	srv->alive_at = now;
}

static void
server_tick(struct server *srv)
{
	double now = util_now();

	pthread_mutex_lock(&srv->lock);
	server_game_tick(srv, now);
	server_waiters_expire(srv, now, false);
	server_alive(srv, now, false);
	pthread_mutex_unlock(&srv->lock);
}

/* One server per database: an exclusive lock on the file, held while the
 * process lives (the operator's --post-news and --add-room do not take
 * it: they write beside a running server).  Returns the locked file's
 * descriptor, or -1 after saying why. */
static int
server_claim_db(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		fprintf(stderr, "tengend: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno == EWOULDBLOCK)
			fprintf(stderr, "tengend: %s: another tengend serves "
			    "from this database; stop it first\n", path);
		else
			fprintf(stderr, "tengend: %s: cannot lock it: %s\n",
			    path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Serve until one of the signals of SET (blocked in every thread) comes. */
static int
server_run(struct server *srv, const sigset_t *set)
{
	struct timespec tick = { 0, SERVER_TICK_NS };
	int sig;

	if (server_http_start(srv) < 0)
		return 1;
	if (srv->opt.port_file) {
		char buf[32];
		int n = snprintf(buf, sizeof buf, "%d\n", srv->opt.port);

		if (util_write_atomic(srv->opt.port_file, buf, (size_t)n) < 0) {
			fprintf(stderr, "tengend: %s: %s\n", srv->opt.port_file,
			    strerror(errno));
			server_http_stop(srv);
			return 1;
		}
	}
	if (!srv->opt.quiet)
		fprintf(stderr, "tengend: listening on %s port %d, database %s\n",
		    srv->opt.listen ? srv->opt.listen : "127.0.0.1",
		    srv->opt.port, srv->opt.db_path);
	for (;;) {
		sig = sigtimedwait(set, NULL, &tick);
		if (sig > 0)
			break;
		server_tick(srv);
	}
	if (!srv->opt.quiet)
		fprintf(stderr, "tengend: signal %d, stopping\n", sig);
	server_http_stop(srv);
	pthread_mutex_lock(&srv->lock);
	server_alive(srv, util_now(), true);
	pthread_mutex_unlock(&srv->lock);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "listen", required_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'd' },
		{ "threads", required_argument, NULL, 't' },
		{ "max-connections", required_argument, NULL, 'm' },
		{ "connections-per-address", required_argument, NULL, 'c' },
		{ "poll-timeout", required_argument, NULL, 'P' },
		{ "disconnect-seconds", required_argument, NULL, 'D' },
		{ "escape-seconds", required_argument, NULL, 'E' },
		{ "count-seconds", required_argument, NULL, 'C' },
		{ "sync", required_argument, NULL, 's' },
		{ "pwhash", required_argument, NULL, 'w' },
		{ "login-lockout", required_argument, NULL, 'L' },
		{ "address-limit", required_argument, NULL, 'A' },
		{ "estimates", required_argument, NULL, 'e' },
		{ "keep-events", required_argument, NULL, 'k' },
		{ "port-file", required_argument, NULL, 'f' },
		{ "post-news", no_argument, NULL, 'n' },
		{ "add-room", no_argument, NULL, 'r' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct server srv;
	char err[512], *db_default = NULL;
	bool news = false, room = false;
	double v;
	int opt, rc, lock_fd;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	const char *delay;
	sigset_t sigs;

	memset(&srv, 0, sizeof srv);
	srv.opt.port = 8700;
	srv.opt.threads = 2;
	srv.opt.max_conns = 10000;
	srv.opt.poll_timeout = 25;
	srv.opt.disconnect_after = 10;
	srv.opt.escape_after = 180;
	srv.opt.count_limit = 300;
	srv.opt.pwhash_level = 1;
	srv.opt.login_lockout = 30;
	srv.opt.address_limit = 20;
	srv.opt.estimates = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus;
	srv.opt.keep_events = 10000;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'p':
			if (server_number("--port", optarg, 0, 65535, true,
			    &v) < 0)
				return 2;
			srv.opt.port = (int)v;
			break;
		case 'l':
			srv.opt.listen = optarg;
			break;
		case 'd':
			srv.opt.db_path = optarg;
			break;
		case 't':
			if (server_number("--threads", optarg, 1, 64, true, &v) < 0)
				return 2;
			srv.opt.threads = (int)v;
			break;
		case 'm':
			if (server_number("--max-connections", optarg, 16, 1e6,
			    true, &v) < 0)
				return 2;
			srv.opt.max_conns = (int)v;
			break;
		case 'c':
			if (server_number("--connections-per-address", optarg,
			    0, 1e6, true, &v) < 0)
				return 2;
			srv.opt.conns_per_addr = (int)v;
			break;
		case 'P':
			if (server_number("--poll-timeout", optarg, 1, 300,
			    true, &srv.opt.poll_timeout) < 0)
				return 2;
			break;
		case 'D':
			if (server_number("--disconnect-seconds", optarg, 0.1,
			    3600, false, &srv.opt.disconnect_after) < 0)
				return 2;
			break;
		case 'E':
			if (server_number("--escape-seconds", optarg, 0.1, 86400,
			    false, &srv.opt.escape_after) < 0)
				return 2;
			break;
		case 'C':
			if (server_number("--count-seconds", optarg, 0, 86400,
			    false, &srv.opt.count_limit) < 0)
				return 2;
			break;
		case 's':
			if (strcmp(optarg, "full") != 0 &&
			    strcmp(optarg, "normal") != 0) {
				fprintf(stderr, "tengend: --sync normal or full\n");
				return 2;
			}
			srv.opt.sync_full = strcmp(optarg, "full") == 0;
			break;
		case 'w':
			srv.opt.pwhash_level = strcmp(optarg, "min") == 0 ? 0 :
			    strcmp(optarg, "interactive") == 0 ? 1 :
			    strcmp(optarg, "moderate") == 0 ? 2 : -1;
			if (srv.opt.pwhash_level < 0) {
				fprintf(stderr, "tengend: --pwhash min, interactive "
				    "or moderate\n");
				return 2;
			}
			break;
		case 'L':
			if (server_number("--login-lockout", optarg, 0, 3600,
			    false, &srv.opt.login_lockout) < 0)
				return 2;
			break;
		case 'A':
			if (server_number("--address-limit", optarg, 0, 1e6,
			    true, &v) < 0)
				return 2;
			srv.opt.address_limit = (int)v;
			break;
		case 'e':
			if (server_number("--estimates", optarg, 1, 64, true,
			    &v) < 0)
				return 2;
			srv.opt.estimates = (int)v;
			break;
		case 'k':
			if (server_number("--keep-events", optarg, 0, 1e9, true,
			    &v) < 0)
				return 2;
			if (v > 0 && v < 10) {
				fprintf(stderr, "tengend: --keep-events %s: 0 "
				    "(all) or at least 10\n", optarg);
				return 2;
			}
			srv.opt.keep_events = (long)v;
			break;
		case 'f':
			srv.opt.port_file = optarg;
			break;
		case 'n':
			news = true;
			break;
		case 'r':
			room = true;
			break;
		case 'q':
			srv.opt.quiet = true;
			break;
		case 'h':
			server_usage(stdout);
			return 0;
		case 'V':
			printf("tengend (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
			return 0;
		default:
			server_usage(stderr);
			return 2;
		}
	}
	if (argc - optind != (news ? 2 : room ? 4 : 0) || (news && room)) {
		server_usage(stderr);
		return 2;
	}
	/* For the tests: an estimate of dead stones that surely comes after
	 * the requests made just after the counting starts. */
	delay = getenv("TENGEND_ESTIMATE_DELAY");
	if (delay && server_number("TENGEND_ESTIMATE_DELAY", delay, 0, 60, false,
	    &srv.opt.estimate_delay) < 0)
		return 2;
	if (sodium_init() < 0) {
		fprintf(stderr, "tengend: libsodium cannot start\n");
		return 1;
	}
	if (srv.opt.db_path == NULL)
		srv.opt.db_path = db_default = server_default_db();
	srv.db = server_db_open(srv.opt.db_path, srv.opt.sync_full,
	    server_name_key, err, sizeof err);
	if (srv.db == NULL) {
		fprintf(stderr, "tengend: %s\n", err);
		return 1;
	}
	if (news || room) {
		rc = news ? server_post_news(srv.db, argv[optind],
		    argv[optind + 1]) : server_add_room(srv.db, argv + optind);
		server_db_close(srv.db);
		free(db_default);
		return rc;
	}
	if ((lock_fd = server_claim_db(srv.opt.db_path)) < 0) {
		server_db_close(srv.db);
		free(db_default);
		return 1;
	}
	/* Before any thread starts (the estimates server_tables_load()
	 * takes up again, MHD's, the hashing workers), so that all inherit
	 * the mask and only the main thread takes these signals. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	pthread_mutex_init(&srv.lock, NULL);
	pthread_cond_init(&srv.estimates_done, NULL);
	if ((srv.alive_ms = server_db_alive_get(srv.db)) < 0 ||
	    server_tables_load(&srv) < 0) {
		fprintf(stderr, "tengend: %s: cannot load the tables: %s\n",
		    srv.opt.db_path, server_db_error(srv.db));
		return 1;
	}
	rc = server_run(&srv, &sigs);
	/* No request comes any more, but an estimate of dead stones may still
	 * be on its way to a table. */
	server_game_estimates_wait(&srv);
	for (long id = 1; id < srv.ctables; id++) {
		struct server_table *t = srv.tables[id];

		if (t == NULL)
			continue;
		server_game_free(t->game);
		server_chan_free(&t->chan);
		free(t);
	}
	for (int i = 0; i < srv.nrooms; i++)
		server_chan_free(&srv.rooms[i].chan);
	free(srv.rooms);
	free(srv.tables);
	server_db_close(srv.db);
	server_throttle_free(&srv);
	pthread_cond_destroy(&srv.estimates_done);
	pthread_mutex_destroy(&srv.lock);
	close(lock_fd);
	free(db_default);
	return rc;
}
