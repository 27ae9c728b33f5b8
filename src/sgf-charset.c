/*
 * sgf-charset.c: converting an SGF record's text to UTF-8.
 *
 * GB2312 is read as GBK, its superset, since files labelled GB2312 often
 * hold GBK characters; "ISO8859_1", common in old records, is retried as
 * "ISO8859-1".  Charsets that are not ASCII-compatible (UTF-16, UTF-32,
 * UTF-7) cannot hold SGF and are refused.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sgf-charset.h"
#include "util.h"

/* Upper case without '-', '_' and spaces: "iso8859_1" -> "ISO88591". */
static void
sgf_charset_key(const char *s, char *key, size_t len)
{
	size_t n = 0;

	for (; *s != '\0' && n + 1 < len; s++) {
		if (*s == '-' || *s == '_' || *s == ' ')
			continue;
		key[n++] = (*s >= 'a' && *s <= 'z') ? (char)(*s - 32) : *s;
	}
	key[n] = '\0';
}

/* Charsets whose second byte may be an ASCII '\' or ']'. */
bool
sgf_charset_is_dbcs(const char *name, bool *lead)
{
	char key[32];
	static const struct {
		const char *name;
		bool sjis;
	} names[] = {
		{ "BIG5", false }, { "BIG5HKSCS", false }, { "CP950", false },
		{ "WINDOWS950", false }, { "GBK", false }, { "GB2312", false },
		{ "EUCCN", false }, { "GB18030", false }, { "CP936", false },
		{ "WINDOWS936", false }, { "CP949", false }, { "UHC", false },
		{ "JOHAB", false }, { "SHIFTJIS", true }, { "SJIS", true },
		{ "CP932", true }, { "WINDOWS31J", true }, { "MSKANJI", true },
	};

	sgf_charset_key(name, key, sizeof key);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(key, names[i].name) != 0)
			continue;
		for (int b = 0; b < 256; b++)
			lead[b] = names[i].sjis ?
			    (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc) :
			    b >= 0x81 && b <= 0xfe;
		return true;
	}
	return false;
}

/* Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF. */
size_t
sgf_charset_utf8_char(const unsigned char *s, size_t len)
{
	unsigned char c = s[0];
	unsigned int cp;
	size_t n, k;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 1;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 2;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 3;
		cp = c & 0x07;
	} else
		return 0;
	if (len <= n)
		return 0;
	for (k = 1; k <= n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n + 1;
}

bool
sgf_charset_valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0, n;

	while (i < len) {
		if ((n = sgf_charset_utf8_char(s + i, len - i)) == 0)
			return false;
		i += n;
	}
	return true;
}

void
sgf_charset_guess(struct sgf_charset *cs, const char *data, size_t len)
{
	/* FF[4] says Latin-1, but many programs write UTF-8 without saying
	 * so; valid UTF-8 is taken as such. */
	cs->cd = (iconv_t)-1;
	cs->enc = sgf_charset_valid_utf8((const unsigned char *)data, len) ?
	    SGF_ENC_UTF8 : SGF_ENC_LATIN1;
}

int
sgf_charset_open(struct sgf_charset *cs, const char *name, const char **why)
{
	char key[32], alt[32];
	size_t i;

	cs->cd = (iconv_t)-1;
	sgf_charset_key(name, key, sizeof key);
	if (strcmp(key, "UTF8") == 0 || strcmp(key, "USASCII") == 0 ||
	    strcmp(key, "ASCII") == 0) {
		cs->enc = SGF_ENC_UTF8;
		return 0;
	}
	if (strncmp(key, "UTF16", 5) == 0 || strncmp(key, "UTF32", 5) == 0 ||
	    strncmp(key, "UCS", 3) == 0 || strncmp(key, "UTF7", 4) == 0) {
		*why = "character set not usable in SGF (not ASCII-compatible)";
		return -1;
	}
	cs->enc = SGF_ENC_ICONV;
	if (strcmp(key, "GB2312") == 0 || strcmp(key, "EUCCN") == 0)
		cs->cd = iconv_open("UTF-8", "GBK");
	else
		cs->cd = iconv_open("UTF-8", name);
	if (cs->cd == (iconv_t)-1) {
		for (i = 0; name[i] != '\0' && i + 1 < sizeof alt; i++)
			alt[i] = name[i] == '_' ? '-' : name[i];
		alt[i] = '\0';
		cs->cd = iconv_open("UTF-8", alt);
	}
	if (cs->cd == (iconv_t)-1) {
		*why = "unknown character set";
		return -1;
	}
	return 0;
}

void
sgf_charset_close(struct sgf_charset *cs)
{
	if (cs->cd != (iconv_t)-1)
		iconv_close(cs->cd);
	cs->cd = (iconv_t)-1;
}

char *
sgf_charset_to_utf8(struct sgf_charset *cs, const char *s, size_t len)
{
	char *out, *in = (char *)s, *o;
	size_t cap, inleft = len, oleft, i, n = 0;

	switch (cs->enc) {
	case SGF_ENC_UTF8:
		if (!sgf_charset_valid_utf8((const unsigned char *)s, len))
			return NULL;
		return xstrndup(s, len);
	case SGF_ENC_LATIN1:
		out = xmalloc(2 * len + 1);
		for (i = 0; i < len; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x80)
				out[n++] = (char)c;
			else {
				out[n++] = (char)(0xc0 | (c >> 6));
				out[n++] = (char)(0x80 | (c & 0x3f));
			}
		}
		out[n] = '\0';
		return out;
	case SGF_ENC_ICONV:
		break;
	}
	cap = 4 * len + 16;
	out = xmalloc(cap);
	o = out;
	oleft = cap - 1;
	iconv(cs->cd, NULL, NULL, NULL, NULL);
	while (inleft > 0) {
		if (iconv(cs->cd, &in, &inleft, &o, &oleft) != (size_t)-1)
			continue;
		if (errno != E2BIG) {
			free(out);
			return NULL;
		}
		n = (size_t)(o - out);
		cap *= 2;
		out = xreallocarray(out, cap, 1);
		o = out + n;
		oleft = cap - n - 1;
	}
	if (iconv(cs->cd, NULL, NULL, &o, &oleft) == (size_t)-1) {
		free(out);
		return NULL;
	}
	*o = '\0';
	return out;
}
