/*
 * test-token.c: the token file (net-token.c).
 *
 * A login kept for one server leaves the others' lines as they were; a
 * name or token that would add or shift a line (a space, a newline, a
 * control character: a server's reply is not to be trusted) is refused and
 * the file left untouched; the file is mode 0600.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "net-token.h"

static char dir[] = "/tmp/test-token.XXXXXX";
static char path[64];

static char *
slurp(void)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void
test_keep_and_refuse(void **state)
{
	static const char *const bad[][2] = {
		{ "bob", "abc\nhttp://evil bob t0" },
		{ "bob", "ab cd" },
		{ "bob\nx", "abc" },
		{ "bob x", "abc" },
		{ "bob", "ab\x1b" "c" },
		{ "", "abc" },
		{ "bob", "" },
	};
	char name[64], token[128], before[4096];
	struct stat st;

	(void)state;
	assert_int_equal(net_token_save(path, "http://a:1", "alice", "t1"), 0);
	assert_int_equal(net_token_save(path, "http://b:2", "bob", "t2"), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	snprintf(before, sizeof before, "%s", slurp());
	assert_string_equal(before, "http://a:1 alice t1\nhttp://b:2 bob t2\n");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		errno = 0;
		assert_int_equal(net_token_save(path, "http://b:2", bad[i][0],
		    bad[i][1]), -1);
		assert_int_equal(errno, EINVAL);
		assert_string_equal(slurp(), before);
	}
	assert_int_equal(net_token_load(path, "http://b:2", name, sizeof name,
	    token, sizeof token), 0);
	assert_string_equal(name, "bob");
	assert_string_equal(token, "t2");
	/* A name in any script is one word. */
	assert_int_equal(net_token_save(path, "http://b:2", "棋手", "t3"), 0);
	assert_int_equal(net_token_load(path, "http://b:2", name, sizeof name,
	    token, sizeof token), 0);
	assert_string_equal(name, "棋手");
	/* Forgetting a server keeps the other. */
	assert_int_equal(net_token_save(path, "http://b:2", "", NULL), 0);
	assert_string_equal(slurp(), "http://a:1 alice t1\n");
	assert_int_equal(net_token_load(path, "http://b:2", name, sizeof name,
	    token, sizeof token), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keep_and_refuse),
	};
	int rc;

	if (mkdtemp(dir) == NULL)
		return 99;
	snprintf(path, sizeof path, "%s/tokens", dir);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(path);
	rmdir(dir);
	return rc;
}
