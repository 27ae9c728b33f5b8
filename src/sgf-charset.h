/*
 * sgf-charset.h: the text of an SGF record to UTF-8.
 *
 * The one idea: a record's text is converted value by value, from the
 * charset its root names in CA[] (through iconv), or, when there is no CA[],
 * as UTF-8 if the whole file is valid UTF-8 and as Latin-1 (the FF[4]
 * default) otherwise.
 *
 * Ownership: struct sgf_charset is caller-allocated; sgf_charset_close()
 * releases the iconv descriptor.  Converted strings are the caller's.
 */
#ifndef TENGEN_SGF_CHARSET_H
#define TENGEN_SGF_CHARSET_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>

enum sgf_charset_enc {
	SGF_ENC_UTF8,
	SGF_ENC_LATIN1,
	SGF_ENC_ICONV
};

struct sgf_charset {
	enum sgf_charset_enc enc;
	iconv_t cd;
};

/* Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF. */
bool sgf_charset_valid_utf8(const unsigned char *s, size_t len);
/* The length of the character S begins (LEN > 0 bytes there): 1 to 4, or
 * 0 where it is not strict UTF-8. */
size_t sgf_charset_utf8_char(const unsigned char *s, size_t len);

/* Is NAME (as in CA[]) a double-byte charset whose second byte may be an
 * ASCII '\' or ']' (Big5, GBK, Shift_JIS, ...)?  If so, LEAD[b] (256
 * entries) is set for the bytes that begin a two-byte character: 0x81 to
 * 0xFE, or for Shift_JIS 0x81 to 0x9F and 0xE0 to 0xFC (0xA1 to 0xDF are
 * the one-byte half-width katakana). */
bool sgf_charset_is_dbcs(const char *name, bool *lead);

/* No CA[]: decide from the bytes of the whole file. */
void sgf_charset_guess(struct sgf_charset *cs, const char *data, size_t len);

/* The charset NAME (a C string of printable ASCII).  Returns 0, or -1 with
 * *WHY set to a static reason. */
int sgf_charset_open(struct sgf_charset *cs, const char *name, const char **why);
void sgf_charset_close(struct sgf_charset *cs);

/* LEN bytes of S as a new UTF-8 string, or NULL if S is not valid text in
 * the charset. */
char *sgf_charset_to_utf8(struct sgf_charset *cs, const char *s, size_t len);

#endif
