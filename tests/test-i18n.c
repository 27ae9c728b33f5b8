/*
 * test-i18n.c: the message catalogs of the build tree are found and chosen
 * by the locale: English by default, simplified or traditional Chinese by
 * LANGUAGE (over the C.UTF-8 locale, always present) or by LANG when the
 * zh_CN.UTF-8 locale is installed.
 */
#include "config.h"

#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "i18n.h"
#include "score.h"

/* Clear every variable that picks the language, then set NAME to VALUE. */
static int
use_locale(const char *name, const char *value)
{
	static const char *const vars[] = {
		"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANG",
	};
	size_t i;

	for (i = 0; i < sizeof vars / sizeof vars[0]; i++)
		unsetenv(vars[i]);
	if (name != NULL)
		setenv(name, value, 1);
	if (setlocale(LC_ALL, "") == NULL)
		return -1;
	i18n_init();
	return 0;
}

/* LANGUAGE is honoured by GNU gettext only over a locale other than C. */
static void
use_language(const char *lang)
{
	assert_int_equal(use_locale("LC_ALL", "C.UTF-8"), 0);
	setenv("LANGUAGE", lang, 1);
	i18n_init();
}

static void
test_english_by_default(void **state)
{
	(void)state;
	assert_int_equal(use_locale(NULL, NULL), 0);
	assert_string_equal(i18n_catalog(), "en");
	assert_string_equal(i18n_lang(), "en");
	assert_string_equal(_("Komi"), "Komi");
	assert_int_equal(use_locale("LC_ALL", "C.UTF-8"), 0);
	assert_string_equal(i18n_lang(), "en");
}

static void
test_simplified(void **state)
{
	char buf[64];

	(void)state;
	use_language("zh_CN");
	assert_string_equal(i18n_catalog(), "zh_CN");
	assert_string_equal(i18n_lang(), "zh");
	assert_string_equal(_("Black"), "黑");
	assert_string_equal(_("Komi"), "贴目");
	assert_string_equal(score_result_stones(2.5, i18n_lang(), false, buf,
	    sizeof buf), "黑胜 1¼ 子");
}

static void
test_traditional(void **state)
{
	(void)state;
	use_language("zh_TW");
	assert_string_equal(i18n_catalog(), "zh_TW");
	assert_string_equal(i18n_lang(), "zh");
	assert_string_equal(_("Komi"), "貼目");
}

static void
test_language_list(void **state)
{
	(void)state;
	/* An unknown first choice falls through to the next one. */
	use_language("fr:zh_TW:zh_CN");
	assert_string_equal(i18n_catalog(), "zh_TW");
	use_language("fr");
	assert_string_equal(i18n_lang(), "en");
}

/* LANG=zh_CN.UTF-8, the locale built with localedef into a private
 * folder (LOCPATH) where the system has not generated it. */
static void
test_lang_variable(void **state)
{
	char dir[] = "/tmp/tengen-locale-XXXXXX", cmd[256];

	(void)state;
	assert_non_null(mkdtemp(dir));
	if (use_locale("LANG", "zh_CN.UTF-8") != 0) {
		snprintf(cmd, sizeof cmd, "localedef -i zh_CN -f UTF-8 "
		    "%s/zh_CN.UTF-8 >/dev/null 2>&1", dir);
		if (system(cmd) != 0) {
			snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
			(void)system(cmd);
			skip();	/* no localedef (package locales) */
		}
		setenv("LOCPATH", dir, 1);
		assert_int_equal(use_locale("LANG", "zh_CN.UTF-8"), 0);
	}
	assert_string_equal(i18n_catalog(), "zh_CN");
	assert_string_equal(i18n_lang(), "zh");
	unsetenv("LOCPATH");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void
test_build_tree_fallback(void **state)
{
	(void)state;
	/* Not installed: the catalogs of the build tree are used. */
	unsetenv("TENGEN_LOCALEDIR");
	use_language("zh_CN");
	setenv("TENGEN_LOCALEDIR", TENGEN_BUILD_LOCALEDIR, 1);
	assert_string_equal(i18n_catalog(), "zh_CN");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_english_by_default),
		cmocka_unit_test(test_simplified),
		cmocka_unit_test(test_traditional),
		cmocka_unit_test(test_language_list),
		cmocka_unit_test(test_lang_variable),
		cmocka_unit_test(test_build_tree_fallback),
	};

#ifndef ENABLE_NLS
	return 77;	/* built with --disable-nls */
#endif
	/* The catalogs made by this build, not installed ones. */
	setenv("TENGEN_LOCALEDIR", TENGEN_BUILD_LOCALEDIR, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
