/*
 * i18n.h: message translation for the tengen program (GNU gettext).
 *
 * Wrap every user-visible string in _() where it is used, or in N_() where
 * it sits in a static table and is passed through _() when shown.  The
 * caller sets the locale with setlocale(LC_ALL, "") and then calls
 * i18n_init() once, before the first _().
 */
#ifndef TENGEN_I18N_H
#define TENGEN_I18N_H

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) ((const char *)(s))
#define ngettext(s, p, n) ((n) == 1 ? (const char *)(s) : (const char *)(p))
#endif
#define N_(s) (s)

/*
 * Bind the "tengen" text domain.  Catalogs are looked up in the directory
 * named by the environment variable TENGEN_LOCALEDIR when it is set, else in
 * the installed $(localedir), else (for a program run from its build tree)
 * in the build tree's po/locale.
 */
void i18n_init(void);

/*
 * The language of the messages in use: "zh" when a Chinese catalog is in
 * use, "en" otherwise.  Meant for code outside the translated program, such
 * as score_result_stones().  The string is static.
 */
const char *i18n_lang(void);

/*
 * The same, with the region: "zh_CN" (simplified), "zh_TW" (traditional)
 * or "en".  The string is static.
 */
const char *i18n_catalog(void);

#endif
