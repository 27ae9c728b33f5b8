/*
 * test-chat.c: the lines of a chat on their way (tui-chat.c).
 *
 * Each line sent keeps its own flight until its answer, so answers that
 * come in any order each know their line: a line refused goes back on the
 * input line, or, if something is written there already, among the lines
 * as not sent.  Nothing typed is lost, and a full flight refuses a line
 * rather than drop one.  The lines said before one came, from a state,
 * and the events after it show each line once, also after the server's
 * numbers start over.  No line moves the terminal's cursor.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "tui-online.h"

static struct tui_chat c;

static int
setup(void **state)
{
	(void)state;
	memset(&c, 0, sizeof c);
	return 0;
}

static struct tui_chat_flight *
send_line(const char *text)
{
	snprintf(c.edit, sizeof c.edit, "%s", text);
	return tui_chat_sending(&c, NULL);
}

static void
test_first_fails(void **state)
{
	struct tui_chat_flight *one, *two;

	(void)state;
	one = send_line("one");
	two = send_line("two");
	assert_non_null(one);
	assert_non_null(two);
	assert_ptr_not_equal(one, two);
	assert_string_equal(c.edit, "");
	/* The first is refused while the second is on its way: the first
	 * comes back, not the second. */
	tui_chat_failed(one);
	assert_string_equal(c.edit, "one");
	assert_true(c.editing);
	tui_chat_arrived(two);
	assert_int_equal(c.n, 0);
}

static void
test_both_fail(void **state)
{
	struct tui_chat_flight *one, *two;

	(void)state;
	one = send_line("one");
	two = send_line("two");
	tui_chat_failed(two);
	tui_chat_failed(one);
	/* The second came back first; the first, finding the input line
	 * taken, is shown as not sent. */
	assert_string_equal(c.edit, "two");
	assert_int_equal(c.n, 1);
	assert_non_null(strstr(c.line[0], ": one"));
}

/* A line that fails once its table is left is not put in the next one's
 * input line, nor shown there. */
static void
test_fails_after_leaving(void **state)
{
	struct tui_chat_flight *one;

	(void)state;
	one = send_line("for the first table");
	tui_chat_clear(&c);
	tui_chat_failed(one);
	assert_string_equal(c.edit, "");
	assert_false(c.editing);
	assert_int_equal(c.n, 0);
	assert_false(one->busy);
}

static void
test_arrived_frees(void **state)
{
	(void)state;
	for (int i = 0; i < 3 * TUI_CHAT_FLIGHT; i++) {
		struct tui_chat_flight *f = send_line("again");

		assert_non_null(f);
		tui_chat_arrived(f);
	}
	assert_string_equal(c.edit, "");
	assert_int_equal(c.n, 0);
}

static void
test_full_flight(void **state)
{
	struct tui_chat_flight *f[TUI_CHAT_FLIGHT];

	(void)state;
	for (int i = 0; i < TUI_CHAT_FLIGHT; i++)
		assert_non_null(f[i] = send_line("busy"));
	/* One more is refused and stays on the input line. */
	assert_null(send_line("waiting"));
	assert_string_equal(c.edit, "waiting");
	tui_chat_arrived(f[3]);
	assert_ptr_equal(tui_chat_sending(&c, NULL), f[3]);
	assert_string_equal(f[3]->text, "waiting");
	assert_string_equal(c.edit, "");
}

/* The chat said before one came (a state's "chat") and the events after
 * it make each line once, in order, however they overlap. */
static void
test_past_and_events(void **state)
{
	cJSON *st = cJSON_Parse("{\"chat\": ["
	    "{\"from\": \"alice\", \"text\": \"one\", \"seq\": 3},"
	    "{\"from\": \"bob\", \"text\": \"two\", \"seq\": 7}]}");
	cJSON *ev7 = cJSON_Parse("{\"type\": \"chat\", \"from\": \"bob\", "
	    "\"text\": \"two\", \"seq\": 7}");
	cJSON *ev9 = cJSON_Parse("{\"type\": \"chat\", \"from\": \"alice\", "
	    "\"text\": \"three\", \"seq\": 9}");

	(void)state;
	assert_non_null(st);
	tui_chat_past(&c, st, 7);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.line[0], "alice: one");
	assert_string_equal(c.line[1], "bob: two");
	/* An event the state held already, then a new one. */
	tui_chat_event(&c, ev7);
	tui_chat_event(&c, ev9);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.line[2], "alice: three");
	/* The state fetched again after a drop adds nothing it had. */
	tui_chat_past(&c, st, 9);
	assert_int_equal(c.n, 3);
	/* A state without chat (a server before it) adds nothing. */
	cJSON_Delete(st);
	st = cJSON_Parse("{\"id\": 5}");
	tui_chat_past(&c, st, 9);
	assert_int_equal(c.n, 3);
	cJSON_Delete(st);
	cJSON_Delete(ev7);
	cJSON_Delete(ev9);
}

/* A drop longer than the state's last lines: the state read again holds
 * only the newest, and the events from where the watch stopped bring every
 * line, in order, once. */
static void
test_long_drop(void **state)
{
	char buf[4096], one[128];
	cJSON *st, *ev;

	(void)state;
	ev = cJSON_Parse("{\"type\": \"chat\", \"from\": \"a\", "
	    "\"text\": \"line 9\", \"seq\": 9}");
	tui_chat_event(&c, ev);
	cJSON_Delete(ev);
	/* Lines 10 to 40 said during the drop; the state holds 21 to 40. */
	snprintf(buf, sizeof buf, "{\"seq\": 40, \"chat\": [");
	for (int i = 21; i <= 40; i++) {
		snprintf(one, sizeof one, "%s{\"from\": \"a\", \"text\": "
		    "\"line %d\", \"seq\": %d}", i > 21 ? "," : "", i, i);
		strcat(buf, one);
	}
	strcat(buf, "]}");
	st = cJSON_Parse(buf);
	assert_non_null(st);
	tui_chat_past(&c, st, 9);
	assert_int_equal(c.n, 1);
	for (int i = 10; i <= 40; i++) {
		snprintf(one, sizeof one, "{\"type\": \"chat\", \"from\": "
		    "\"a\", \"text\": \"line %d\", \"seq\": %d}", i, i);
		ev = cJSON_Parse(one);
		tui_chat_event(&c, ev);
		cJSON_Delete(ev);
	}
	assert_int_equal(c.n, 32);
	for (int i = 0; i < 32; i++) {
		snprintf(one, sizeof one, "a: line %d", 9 + i);
		assert_string_equal(c.line[i], one);
	}
	cJSON_Delete(st);
}

/* What a player or a server sends cannot move the terminal's cursor: a
 * newline, a tab, ESC and the C1 controls show as spaces, and a line cut
 * to its room keeps whole characters. */
static void
test_controls_and_cut(void **state)
{
	char text[1200];
	size_t n;

	(void)state;
	tui_chat_add(&c, "bob", "hi\nthere\tTAB\x1b[2J\xc2\x9b" "2J\x7f end");
	assert_string_equal(c.line[0], "bob: hi there TAB [2J 2J  end");
	tui_chat_add(&c, "alice", "中文 ¾ stays");
	assert_string_equal(c.line[1], "alice: 中文 ¾ stays");
	/* 400 characters of three bytes: cut whole, within the line. */
	text[0] = '\0';
	for (int i = 0; i < 400; i++)
		strcat(text, "中");
	tui_chat_add(&c, "x", text);
	n = strlen(c.line[2]);
	assert_true(n < sizeof c.line[2]);
	assert_int_equal((n - strlen("x: ")) % 3, 0);
	assert_true(strncmp(c.line[2] + n - 3, "中", 3) == 0);
}

/* After the server's events start over (a state numbered below the lines
 * seen), its new lines are shown, not taken for old ones. */
static void
test_numbers_start_over(void **state)
{
	cJSON *st = cJSON_Parse("{\"seq\": 40, \"chat\": ["
	    "{\"from\": \"alice\", \"text\": \"old\", \"seq\": 40}]}");
	cJSON *again = cJSON_Parse("{\"seq\": 2, \"chat\": ["
	    "{\"from\": \"bob\", \"text\": \"new\", \"seq\": 2}]}");
	cJSON *ev = cJSON_Parse("{\"type\": \"chat\", \"from\": \"bob\", "
	    "\"text\": \"newer\", \"seq\": 3}");

	(void)state;
	tui_chat_past(&c, st, 40);
	assert_int_equal(c.n, 1);
	tui_chat_past(&c, again, 2);
	tui_chat_event(&c, ev);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.line[1], "bob: new");
	assert_string_equal(c.line[2], "bob: newer");
	/* and each of them still once, from a state read later */
	cJSON_Delete(st);
	st = cJSON_Parse("{\"seq\": 3, \"chat\": ["
	    "{\"from\": \"bob\", \"text\": \"new\", \"seq\": 2},"
	    "{\"from\": \"bob\", \"text\": \"newer\", \"seq\": 3}]}");
	tui_chat_past(&c, st, 3);
	tui_chat_event(&c, ev);
	assert_int_equal(c.n, 3);
	cJSON_Delete(st);
	cJSON_Delete(again);
	cJSON_Delete(ev);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_first_fails, setup),
		cmocka_unit_test_setup(test_both_fail, setup),
		cmocka_unit_test_setup(test_fails_after_leaving, setup),
		cmocka_unit_test_setup(test_arrived_frees, setup),
		cmocka_unit_test_setup(test_full_flight, setup),
		cmocka_unit_test_setup(test_past_and_events, setup),
		cmocka_unit_test_setup(test_long_drop, setup),
		cmocka_unit_test_setup(test_controls_and_cut, setup),
		cmocka_unit_test_setup(test_numbers_start_over, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
