/*
 * i18n.c: binding the "tengen" message catalogs.
 *
 * Which language is in use is asked of the catalog itself: translators
 * translate the message "en" into their language code.  That answer stays
 * right however gettext chose the catalog (LANGUAGE, LC_ALL, LC_MESSAGES,
 * LANG), where the locale name alone would not.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"

#ifdef ENABLE_NLS
/* Nonzero if DIR holds a catalog of ours for one of the shipped languages. */
static int
i18n_has_catalog(const char *dir)
{
	static const char *const langs[] = { "zh_CN", "zh_TW" };
	char path[4096];
	size_t i;

	for (i = 0; i < sizeof langs / sizeof langs[0]; i++) {
		int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo",
		    dir, langs[i], PACKAGE);
		if (n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0)
			return 1;
	}
	return 0;
}
#endif

void
i18n_init(void)
{
#ifdef ENABLE_NLS
	const char *dir = getenv("TENGEN_LOCALEDIR");

	if (dir == NULL || *dir == '\0') {
		dir = LOCALEDIR;
#ifdef TENGEN_BUILD_LOCALEDIR
		/* Not installed yet: use the catalogs made in the build tree. */
		if (!i18n_has_catalog(dir) &&
		    i18n_has_catalog(TENGEN_BUILD_LOCALEDIR))
			dir = TENGEN_BUILD_LOCALEDIR;
#endif
	}
	bindtextdomain(PACKAGE, dir);
	textdomain(PACKAGE);
#endif
}

const char *
i18n_catalog(void)
{
	/* TRANSLATORS: not shown to users.  Translate this with the code of
	   your language as named in po/LINGUAS, for instance "zh_CN". */
	const char *code = _("en");

	return *code != '\0' ? code : "en";
}

const char *
i18n_lang(void)
{
	return strncmp(i18n_catalog(), "zh", 2) == 0 ? "zh" : "en";
}
