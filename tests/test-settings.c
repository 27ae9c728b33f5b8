/*
 * test-settings.c: the settings file, read and written back.
 */
#include "config.h"

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

#include "game.h"
#include "settings.h"

/* A bad value is skipped and leaves the setting as it was: NaN and
 * infinities are not numbers, whatever strtod() makes of them. */
static void
test_bad_numbers(void **state)
{
	struct settings s;

	(void)state;
	settings_default(&s);
	assert_int_equal(settings_parse(&s, "komi=nan\n"), 1);
	assert_true(s.komi == GAME_DEFAULT_KOMI);
	assert_int_equal(settings_parse(&s, "komi=inf\nkomi=-infinity\n"), 2);
	assert_true(s.komi == GAME_DEFAULT_KOMI);
	assert_int_equal(settings_parse(&s, "komi=1000.5\nsize=nan\n"), 2);
	assert_true(s.komi == GAME_DEFAULT_KOMI);
	assert_int_equal(settings_parse(&s, "komi=6.5\n"), 0);
	assert_true(s.komi == 6.5);
}

/* Any komi the command line takes (up to GAME_KOMI_MAX either way, with
 * all its digits) comes back from the file as it was. */
static void
test_komi_round_trip(void **state)
{
	static const double komis[] = { 200, -GAME_KOMI_MAX, GAME_KOMI_MAX,
		7.123456789, 0.1, -0.0 };

	(void)state;
	for (size_t i = 0; i < sizeof komis / sizeof komis[0]; i++) {
		struct settings s, back;
		char *text;

		settings_default(&s);
		s.komi = komis[i];
		text = settings_format(&s);
		settings_default(&back);
		assert_int_equal(settings_parse(&back, text), 0);
		assert_true(back.komi == komis[i]);
		free(text);
	}
}

/* play_on, of a game's current.conf alone, is written only when set, so
 * that the player's settings never carry it, and read back as it was. */
static void
test_play_on(void **state)
{
	struct settings s, back;
	char *text;

	(void)state;
	settings_default(&s);
	assert_int_equal(s.play_on, -1);
	text = settings_format(&s);
	assert_null(strstr(text, "play_on"));
	free(text);
	s.play_on = 12;
	text = settings_format(&s);
	assert_non_null(strstr(text, "\nplay_on=12\n"));
	settings_default(&back);
	assert_int_equal(settings_parse(&back, text), 0);
	assert_int_equal(back.play_on, 12);
	free(text);
	assert_int_equal(settings_parse(&back, "play_on=-5\n"), 1);
	assert_int_equal(back.play_on, 12);
}

/* A line not read is said: its number and why. */
static void
test_where_and_why(void **state)
{
	struct settings s;
	char err[128];

	(void)state;
	settings_default(&s);
	assert_int_equal(settings_parse_err(&s, "# mine\nsize=9\ntheme=dark\n"
	    "komi=6,5\n", err, sizeof err), 2);
	assert_string_equal(err, "3: unknown setting \"theme\"");
	assert_int_equal(s.size, 9);
	assert_int_equal(settings_parse_err(&s, "komi=6,5\n", err, sizeof err), 1);
	assert_string_equal(err, "1: bad value for komi");
	assert_int_equal(settings_parse_err(&s, "just words\n", err, sizeof err), 1);
	assert_string_equal(err, "1: not a setting (no '=')");
	assert_int_equal(settings_parse_err(&s, "size=13\n", err, sizeof err), 0);
	assert_string_equal(err, "");
}

/* Writing the settings keeps what the file held that this version does
 * not read: comments, another version's settings, and a bad value as a
 * comment (or it would win over the value written); twice over, once. */
static void
test_save_keeps_lines(void **state)
{
	char path[] = "/tmp/tengen-settings-XXXXXX", text[4096], err[256];
	struct settings s, back;
	FILE *f;
	size_t n;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("# my settings\nsize=9\ntheme=dark\nkomi=6,5\n", f);
	fclose(f);
	settings_default(&s);
	assert_int_equal(settings_load(&s, path, err, sizeof err), 2);
	assert_non_null(strstr(err, ":3: unknown setting \"theme\" (and more lines)"));
	s.komi = 6.5;
	assert_int_equal(settings_save(&s, path), 0);
	assert_int_equal(settings_save(&s, path), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	unlink(path);
	assert_non_null(strstr(text, "komi=6.5\n"));
	assert_non_null(strstr(text, "\n# Not read by this tengen, kept as found:\n"
	    "# my settings\ntheme=dark\n# komi=6,5\n"));
	assert_null(strstr(strstr(text, "theme=dark") + 1, "theme=dark"));
	/* and read back, the same settings, the kept line said */
	settings_default(&back);
	assert_int_equal(settings_parse(&back, text), 1);
	assert_true(back.komi == 6.5);
	assert_int_equal(back.size, 9);
}

/* Settings kept in a folder of their own, linked to: written through the
 * link, which stays a link. */
static void
test_save_through_link(void **state)
{
	char dir[] = "/tmp/tengen-link-XXXXXX", file[64], link[64], text[256];
	struct settings s;
	struct stat st;
	FILE *f;
	size_t n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/real", dir);
	snprintf(link, sizeof link, "%s/settings", dir);
	f = fopen(file, "w");
	assert_non_null(f);
	fputs("size=9\n", f);
	fclose(f);
	assert_int_equal(symlink("real", link), 0);
	settings_default(&s);
	s.size = 13;
	assert_int_equal(settings_save(&s, link), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	f = fopen(file, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	assert_non_null(strstr(text, "size=13\n"));
	unlink(link);
	unlink(file);
	rmdir(dir);
}

/* A merge copies what changed between two versions, and nothing else:
 * the lobby's changes go to the file, the command line's choices do not. */
static void
test_merge(void **state)
{
	struct settings file, before, after;

	(void)state;
	settings_default(&file);
	before = file;
	before.size = 9;
	before.pace = SETTINGS_PACE_OFF;
	before.width = SETTINGS_WIDTH_WIDE;
	snprintf(before.engine, sizeof before.engine, "gnugo --mode gtp --level 1");
	after = before;
	assert_int_equal(settings_merge(&file, &before, &after), 0);
	after.numbers = !before.numbers;
	after.komi = 0.5;
	snprintf(after.server, sizeof after.server, "https://go.example");
	assert_int_equal(settings_merge(&file, &before, &after), 3);
	assert_true(file.numbers == after.numbers);
	assert_true(file.komi == 0.5);
	assert_string_equal(file.server, "https://go.example");
	assert_int_equal(file.size, 19);
	assert_int_equal(file.pace, SETTINGS_PACE_REAL);
	assert_int_equal(file.width, SETTINGS_WIDTH_AUTO);
	assert_string_not_equal(file.engine, before.engine);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_numbers),
		cmocka_unit_test(test_komi_round_trip),
		cmocka_unit_test(test_play_on),
		cmocka_unit_test(test_where_and_why),
		cmocka_unit_test(test_save_keeps_lines),
		cmocka_unit_test(test_save_through_link),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
