/*
 * test-gtp-client.c: the GTP controller against a fake engine with bad
 * habits (tests/fake-gtp-engine.sh) and against GNU Go.
 *
 * The fake engine covers what a real engine rarely does on demand: CRLF line
 * ends, replies split across writes, dying, garbage, wrong ids, hanging and
 * refusing to quit.  The GNU Go part is skipped when GNU Go is missing.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "gtp-client.h"

static char test_script[4096];
static char test_gnugo_path[4096];

static double
test_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct gtp_client *
test_fake(const char *mode, const char *errlog)
{
	char *argv[4];
	struct gtp_client *c;

	argv[0] = (char *)"sh";
	argv[1] = test_script;
	argv[2] = (char *)mode;
	argv[3] = NULL;
	c = gtp_client_open_argv(argv, errlog);
	assert_non_null(c);
	gtp_client_set_timeout(c, 5000);
	return c;
}

static void
test_expect(struct gtp_client *c, int want, const char *text,
	    const char *cmd)
{
	const char *reply = NULL;
	int r;

	r = gtp_client_command(c, &reply, "%s", cmd);
	if (r == -1)
		print_error("%s: %s\n", cmd, gtp_client_error(c));
	assert_int_equal(r, want);
	assert_non_null(reply);
	assert_string_equal(reply, text);
}

static void
test_good_engine(void **state)
{
	char log[] = "/tmp/tengen-gtp-client-XXXXXX";
	struct gtp_client *c;
	const char *reply;
	char buf[256];
	size_t n;
	FILE *f;
	int fd;

	(void)state;
	fd = mkstemp(log);
	assert_true(fd != -1);
	close(fd);

	c = test_fake("good", log);
	test_expect(c, 0, "2", "protocol_version");
	test_expect(c, 0, "Fake", "name");
	test_expect(c, 0, "hello world", "echo hello world");
	test_expect(c, 0, "one\ntwo\n  three", "multi");
	test_expect(c, 1, "it went wrong", "fail");
	test_expect(c, 1, "unknown command", "frobnicate");
	test_expect(c, 0, "no id here", "noid");
	test_expect(c, 0, "a b", "tab");
	test_expect(c, 0, "", "echo");

	/* Three commands in flight, replies in order. */
	assert_int_equal(gtp_client_send(c, "echo %d", 1), 0);
	assert_int_equal(gtp_client_send(c, "echo %s", "two"), 0);
	assert_int_equal(gtp_client_send(c, "fail"), 0);
	assert_int_equal(gtp_client_recv(c, &reply), 0);
	assert_string_equal(reply, "1");
	assert_int_equal(gtp_client_recv(c, &reply), 0);
	assert_string_equal(reply, "two");
	assert_int_equal(gtp_client_recv(c, &reply), 1);
	assert_string_equal(reply, "it went wrong");
	/* Nothing left to read is a caller's mistake. */
	assert_int_equal(gtp_client_broken(c), 0);
	assert_int_equal(gtp_client_close(c), 0);

	/* The engine's stderr went to the log, not to our terminal. */
	f = fopen(log, "r");
	assert_non_null(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	unlink(log);
	assert_non_null(strstr(buf, "fake engine got: protocol_version"));
}

static void
test_bad_commands(void **state)
{
	struct gtp_client *c;
	const char *reply = "x";
	int i;

	(void)state;
	c = test_fake("good", NULL);
	assert_int_equal(gtp_client_command(c, &reply, "echo a\nquit"), -1);
	assert_null(reply);
	assert_non_null(strstr(gtp_client_error(c), "line break"));
	assert_true(gtp_client_broken(c));
	gtp_client_close(c);

	c = test_fake("good", NULL);
	assert_int_equal(gtp_client_recv(c, &reply), -1);
	assert_non_null(strstr(gtp_client_error(c), "no command"));
	gtp_client_close(c);

	/* At most 16 unanswered commands. */
	c = test_fake("good", NULL);
	for (i = 0; i < 16; i++)
		assert_int_equal(gtp_client_send(c, "echo %d", i), 0);
	assert_int_equal(gtp_client_send(c, "echo 16"), -1);
	assert_non_null(strstr(gtp_client_error(c), "too many"));
	gtp_client_close(c);

	/* No timeout at all is allowed too. */
	c = test_fake("good", NULL);
	gtp_client_set_timeout(c, 0);
	test_expect(c, 0, "Fake", "name");
	assert_int_equal(gtp_client_close(c), 0);
}

static void
test_engine_dies(void **state)
{
	struct gtp_client *c;
	const char *reply;

	(void)state;
	c = test_fake("die", NULL);
	assert_int_equal(gtp_client_command(c, &reply, "name"), 0);
	assert_string_equal(reply, "");
	assert_int_equal(gtp_client_command(c, &reply, "name"), -1);
	assert_null(reply);
	assert_non_null(strstr(gtp_client_error(c), "status 3"));
	assert_true(gtp_client_broken(c));
	/* Broken for good: fails at once. */
	assert_int_equal(gtp_client_command(c, &reply, "name"), -1);
	assert_int_equal(gtp_client_close(c), -1);
}

/* An engine the shell started dies of a signal: the shell's status says
 * which. */
static void
test_engine_crashes(void **state)
{
	struct gtp_client *c;
	const char *reply;

	(void)state;
	c = gtp_client_open("sh -c 'read line; kill -SEGV $$'", NULL);
	assert_non_null(c);
	gtp_client_set_timeout(c, 5000);
	assert_int_equal(gtp_client_command(c, &reply, "name"), -1);
	assert_non_null(strstr(gtp_client_error(c),
	    "status 139: killed by signal 11"));
	gtp_client_close(c);
}

static void
test_write_to_dead_engine(void **state)
{
	struct gtp_client *c;
	sigset_t pending;
	int i, r;

	(void)state;
	c = gtp_client_open("exit 0", NULL);
	assert_non_null(c);
	usleep(200000);
	/* Without care, this write would raise SIGPIPE and kill the test. */
	r = gtp_client_command(c, NULL, "protocol_version");
	for (i = 0; r != -1 && i < 10; i++)
		r = gtp_client_command(c, NULL, "protocol_version");
	assert_int_equal(r, -1);
	assert_non_null(strstr(gtp_client_error(c), "engine"));
	sigpending(&pending);
	assert_false(sigismember(&pending, SIGPIPE));
	assert_int_equal(gtp_client_close(c), 0);
}

static void
test_garbage(void **state)
{
	struct gtp_client *c;

	(void)state;
	c = test_fake("garbage", NULL);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	assert_non_null(strstr(gtp_client_error(c), "malformed reply to name"));
	gtp_client_close(c);

	c = test_fake("wrongid", NULL);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	assert_non_null(strstr(gtp_client_error(c), "expected 1"));
	gtp_client_close(c);

	c = test_fake("partial", NULL);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	assert_non_null(strstr(gtp_client_error(c), "exited (status 0)"));
	gtp_client_close(c);
}

static void
test_timeout(void **state)
{
	struct gtp_client *c;
	double t0, t;

	(void)state;
	c = test_fake("hang", NULL);
	gtp_client_set_timeout(c, 300);
	t0 = test_now();
	assert_int_equal(gtp_client_command(c, NULL, "genmove black"), -1);
	t = test_now() - t0;
	assert_true(t >= 0.25 && t < 3.0);
	assert_non_null(strstr(gtp_client_error(c),
			       "timeout after 300 ms waiting for the reply "
			       "to genmove"));
	/* It exits at the end of its input, when we close. */
	t0 = test_now();
	assert_int_equal(gtp_client_close(c), 0);
	assert_true(test_now() - t0 < 1.5);
}

/* An engine that writes blank lines without end never answers either:
 * it is stopped however fast the bytes come, by the timeout or by the
 * count of blank lines, whichever comes first. */
static void
test_flood(void **state)
{
	struct gtp_client *c;
	double t0, t;

	(void)state;
	c = test_fake("flood", NULL);
	gtp_client_set_timeout(c, 300);
	t0 = test_now();
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	t = test_now() - t0;
	assert_true(t < 5.0);
	assert_true(strstr(gtp_client_error(c), "timeout after 300 ms "
	    "waiting for the reply to name") != NULL ||
	    strstr(gtp_client_error(c), "malformed reply to name: blank "
	    "lines without end") != NULL);
	gtp_client_close(c);
}

/* Waited for without a deadline (a move), a flood of blank lines ends
 * all the same: no engine writes that many before a reply. */
static void
test_flood_no_deadline(void **state)
{
	struct gtp_client *c;
	double t0;

	(void)state;
	c = test_fake("flood", NULL);
	gtp_client_set_timeout(c, 0);
	t0 = test_now();
	assert_int_equal(gtp_client_command(c, NULL, "genmove b"), -1);
	assert_true(test_now() - t0 < 10.0);
	assert_non_null(strstr(gtp_client_error(c),
	    "malformed reply to genmove: blank lines without end"));
	gtp_client_close(c);
}

/* A reply never ended by its empty line is not waited for for ever, even
 * for a move waited for without a deadline: its first line came, and the
 * rest of a reply comes with it. */
static void
test_unended_reply(void **state)
{
	struct gtp_client *c;
	double t0;

	(void)state;
	c = test_fake("unended", NULL);
	gtp_client_set_timeout(c, 0);
	t0 = test_now();
	assert_int_equal(gtp_client_command(c, NULL, "genmove b"), -1);
	assert_true(test_now() - t0 >= 4.5);
	assert_true(test_now() - t0 < 30.0);
	assert_non_null(strstr(gtp_client_error(c), "the reply to genmove "
	    "did not end within 5000 ms of its first line"));
	gtp_client_close(c);
}

/* A program that is not a GTP engine and writes no line end (GNU Go
 * without --mode gtp: a few bytes of GMP) is told at once, not at the
 * deadline. */
static void
test_not_gtp(void **state)
{
	struct gtp_client *c;
	double t0;

	(void)state;
	c = gtp_client_open("printf '\\001\\002'; exec sleep 60", NULL);
	assert_non_null(c);
	gtp_client_set_timeout(c, 30000);
	t0 = test_now();
	assert_int_equal(gtp_client_command(c, NULL, "boardsize 9"), -1);
	assert_true(test_now() - t0 < 5.0);
	assert_non_null(strstr(gtp_client_error(c), "malformed reply to "
	    "boardsize: it does not begin with '=' or '?'"));
	gtp_client_close(c);
}

static void
test_stubborn(void **state)
{
	struct gtp_client *c;
	double t0, t;
	pid_t pid;

	(void)state;
	c = test_fake("stubborn", NULL);
	gtp_client_set_timeout(c, 200);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	pid = gtp_client_pid(c);
	assert_true(pid > 0);
	t0 = test_now();
	assert_int_equal(gtp_client_close(c), -1);
	t = test_now() - t0;
	assert_true(t < 5.0);
	/* Killed and reaped: the process is gone, not a zombie. */
	errno = 0;
	assert_int_equal(kill(pid, 0), -1);
	assert_int_equal(errno, ESRCH);
}

/* Does a live process (not a zombie) of group PGID remain? */
static bool
test_group_alive(pid_t pgid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	bool alive = false;

	assert_non_null(d);
	while (!alive && (e = readdir(d)) != NULL) {
		char path[300], buf[512], *p, state;
		long pgrp;
		FILE *f;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fgets(buf, sizeof buf, f) != NULL &&
		    (p = strrchr(buf, ')')) != NULL &&
		    sscanf(p + 1, " %c %*d %ld", &state, &pgrp) == 2 &&
		    pgrp == (long)pgid && state != 'Z')
			alive = true;
		fclose(f);
	}
	closedir(d);
	return alive;
}

/* The same engine started through the shell, as an engine's command line
 * is: the shell is the child, the engine its child, and SIGTERM ends only
 * the shell.  The engine goes too. */
static void
test_stubborn_behind_shell(void **state)
{
	struct gtp_client *c;
	char cmd[4200];
	pid_t pgid;
	int i;

	(void)state;
	snprintf(cmd, sizeof cmd, "sh '%s' stubborn", test_script);
	c = gtp_client_open(cmd, NULL);
	assert_non_null(c);
	gtp_client_set_timeout(c, 200);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	pgid = gtp_client_pid(c);
	assert_true(test_group_alive(pgid));
	assert_int_equal(gtp_client_close(c), -1);
	for (i = 0; i < 100 && test_group_alive(pgid); i++)
		usleep(10000);
	assert_false(test_group_alive(pgid));
}

static void
test_not_found(void **state)
{
	char *argv[] = { (char *)"/nonexistent/gtp-engine", NULL };
	struct gtp_client *c;

	(void)state;
	errno = 0;
	c = gtp_client_open_argv(argv, NULL);
	assert_null(c);
	assert_int_equal(errno, ENOENT);

	c = gtp_client_open("/nonexistent/gtp-engine --mode gtp", NULL);
	assert_non_null(c);
	assert_int_equal(gtp_client_command(c, NULL, "name"), -1);
	assert_non_null(strstr(gtp_client_error(c), "127"));
	assert_int_equal(gtp_client_close(c), -1);

	assert_null(gtp_client_open("", NULL));
	assert_int_equal(errno, EINVAL);
	gtp_client_close(NULL);
}

static void
test_gnugo(void **state)
{
	struct gtp_client *c;
	const char *reply;
	char cmd[4200];

	(void)state;
	if (test_gnugo_path[0] == '\0') {
		print_message("GNU Go not found, skipped\n");
		skip();
	}
	snprintf(cmd, sizeof cmd, "'%s' --mode gtp --chinese-rules "
		 "--level 0", test_gnugo_path);
	c = gtp_client_open(cmd, NULL);
	assert_non_null(c);
	test_expect(c, 0, "2", "protocol_version");
	test_expect(c, 0, "GNU Go", "name");
	test_expect(c, 0, "", "boardsize 9");
	test_expect(c, 0, "", "clear_board");
	test_expect(c, 0, "", "play black D5");
	test_expect(c, 1, "illegal move", "play white D5");
	test_expect(c, 0, "", "play white e5");
	test_expect(c, 0, "D5", "list_stones black");
	test_expect(c, 1, "unacceptable size",
		    "boardsize 40");
	assert_int_equal(gtp_client_command(c, &reply, "genmove black"), 0);
	assert_true(strlen(reply) >= 2 && strlen(reply) <= 4);
	/* A multi-line reply: the board with 9 rows and 2 label lines. */
	assert_int_equal(gtp_client_command(c, &reply, "showboard"), 0);
	assert_non_null(strstr(reply, "\n 9 "));
	assert_non_null(strstr(reply, "A B C D E F G H J"));
	assert_int_equal(gtp_client_close(c), 0);
}

/* The program a command runs, by name: past VAR=value words and env,
 * without quotes and folders. */
static void
test_program(void **state)
{
	static const struct {
		const char *command, *name;
	} cases[] = {
		{ "gnugo --mode gtp", "gnugo" },
		{ "/usr/games/gnugo --mode gtp", "gnugo" },
		{ "SLOW_DELAY=8 /path/engine.py", "engine.py" },
		{ "'/opt/go engines/katago' gtp", "katago" },
		{ "\"/opt/go engines/katago\" gtp", "katago" },
		{ "/opt/go\\ engines/leela-zero -g", "leela-zero" },
		{ "env X=1 gnugo --mode gtp", "gnugo" },
		{ "env -i -u HOME A=1 B='x y' /bin/pachi", "pachi" },
		{ "  \tgnugo", "gnugo" },
		{ "X=1 Y=2", "" },
		{ "", "" },
	};
	char buf[64];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(gtp_client_program(cases[i].command, buf,
		    sizeof buf), cases[i].name);
	/* A word longer than the buffer is cut, not overrun. */
	assert_string_equal(gtp_client_program("abcdefghij", buf, 4), "abc");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_engine),
		cmocka_unit_test(test_bad_commands),
		cmocka_unit_test(test_engine_dies),
		cmocka_unit_test(test_engine_crashes),
		cmocka_unit_test(test_write_to_dead_engine),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_flood),
		cmocka_unit_test(test_flood_no_deadline),
		cmocka_unit_test(test_unended_reply),
		cmocka_unit_test(test_not_gtp),
		cmocka_unit_test(test_stubborn),
		cmocka_unit_test(test_stubborn_behind_shell),
		cmocka_unit_test(test_not_found),
		cmocka_unit_test(test_gnugo),
		cmocka_unit_test(test_program),
	};
	const char *srcdir = getenv("top_srcdir");
	const char *gnugo = getenv("GNUGO");

	snprintf(test_script, sizeof test_script, "%s/tests/fake-gtp-engine.sh",
		 srcdir != NULL && srcdir[0] != '\0' ? srcdir : ".");
	if (gnugo != NULL && gnugo[0] != '\0')
		snprintf(test_gnugo_path, sizeof test_gnugo_path, "%s", gnugo);
	else if (access("/usr/games/gnugo", X_OK) == 0)
		snprintf(test_gnugo_path, sizeof test_gnugo_path, "%s",
			 "/usr/games/gnugo");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
