/*
 * server-name.c: what a player's name may be, and the key under which
 * names that look alike are one name.
 *
 * A name's key is its letters as they look: every letter that looks like
 * a Latin one becomes it (Cyrillic "а", Greek "Ο", the digits 0 and 1,
 * "rn" for "m"), and the case goes; i, I, l and 1 are one letter.  A new
 * name whose key another name has is taken, so "Alice", "alice", "AIice"
 * and a Cyrillic "Аре" beside a Latin "Ape" are one name each.  The letters of other
 * scripts keep their own form (lower case where Greek and Cyrillic have
 * one); accents stay: "José" and "Jose" are two names.
 */
#include "config.h"

#include <string.h>

#include "server.h"

/* A name: 1 to 32 bytes of letters, digits, "_", "-", "." or any non-ASCII
 * UTF-8 character (Chinese names), checked for UTF-8 by the JSON reader. */
bool
server_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > SERVER_NAME_MAX)
		return false;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (*p < 0x80 && !(*p >= 'a' && *p <= 'z') &&
		    !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') &&
		    *p != '_' && *p != '-' && *p != '.')
			return false;
	return true;
}

/* The script of the letter CP, as far as a look-alike matters: Latin,
 * Greek, Cyrillic, or none of them (0). */
static int
server_name_script(unsigned long cp)
{
	static const struct {
		unsigned long lo, hi;
		int script;
	} scripts[] = {
		{ 'A', 'Z', 1 }, { 'a', 'z', 1 }, { 0x00c0, 0x00d6, 1 },
		{ 0x00d8, 0x00f6, 1 }, { 0x00f8, 0x024f, 1 },
		{ 0x1e00, 0x1eff, 1 }, { 0x2c60, 0x2c7f, 1 },
		{ 0xa720, 0xa7ff, 1 }, { 0xab30, 0xab6f, 1 },
		{ 0x0370, 0x03ff, 2 }, { 0x1f00, 0x1fff, 2 },
		{ 0x0400, 0x052f, 3 }, { 0x1c80, 0x1c8f, 3 },
		{ 0x2de0, 0x2dff, 3 }, { 0xa640, 0xa69f, 3 },
	};

	for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++)
		if (cp >= scripts[i].lo && cp <= scripts[i].hi)
			return scripts[i].script;
	return 0;
}

bool
server_name_new_ok(const char *name)
{
	/* What shows as nothing or as a space, format controls, and letters
	 * in another form: full-width, mathematical (U+1D400-U+1D7FF, and
	 * those of them kept among the letterlike symbols, U+2102 to
	 * U+2139). */
	static const unsigned long hidden[][2] = {
		{ 0x00a0, 0x00a0 }, { 0x00ad, 0x00ad }, { 0x034f, 0x034f },
		{ 0x0600, 0x0605 }, { 0x061c, 0x061c }, { 0x06dd, 0x06dd },
		{ 0x070f, 0x070f }, { 0x08e2, 0x08e2 }, { 0x115f, 0x1160 },
		{ 0x17b4, 0x17b5 }, { 0x180b, 0x180f }, { 0x2000, 0x200f },
		{ 0x2028, 0x202f }, { 0x205f, 0x206f }, { 0x2102, 0x2102 },
		{ 0x2107, 0x2107 }, { 0x210a, 0x2113 }, { 0x2115, 0x2115 },
		{ 0x2119, 0x211d }, { 0x2124, 0x2124 }, { 0x2128, 0x2128 },
		{ 0x212c, 0x212d }, { 0x212f, 0x2131 }, { 0x2133, 0x2134 },
		{ 0x2139, 0x2139 }, { 0x2800, 0x2800 }, { 0x3000, 0x3000 },
		{ 0x3164, 0x3164 }, { 0xfe00, 0xfe0f }, { 0xfeff, 0xfeff },
		{ 0xff01, 0xff5e }, { 0xffa0, 0xffa0 }, { 0xfff0, 0xffff },
		{ 0x110bd, 0x110bd }, { 0x110cd, 0x110cd },
		{ 0x13430, 0x1343f }, { 0x1bca0, 0x1bca3 },
		{ 0x1d173, 0x1d17a }, { 0x1d400, 0x1d7ff },
		{ 0xe0000, 0xe0fff },
	};
	const unsigned char *p = (const unsigned char *)name;
	unsigned long cp;
	int n, script = 0;

	for (; *p; p += n) {
		int sc;

		if ((n = server_utf8_char(p, &cp)) == 0)
			return false;
		for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
			if (cp >= hidden[i][0] && cp <= hidden[i][1])
				return false;
		/* Latin, Greek and Cyrillic letters in one name: "a" and
		 * Cyrillic "а" look the same. */
		sc = server_name_script(cp);
		if (sc != 0 && script != 0 && sc != script)
			return false;
		if (sc != 0)
			script = sc;
	}
	return true;
}

/* Letters that look like Latin ones (or like other Latin ones), and the
 * ASCII letters they look like: 0 like o, 1 and i (so I too) like l, m like
 * rn; the Cyrillic and Greek letters of Latin shape, small, and capital
 * where the small letter does not look like the capital's Latin one (Greek
 * capital B looks like b, its small beta does not). */
static const struct {
	unsigned long cp;
	const char *as;
} server_name_alike[] = {
	{ '0', "o" }, { '1', "l" }, { 'i', "l" }, { 'm', "rn" },
	{ 0x0392, "b" }, { 0x0395, "e" }, { 0x0396, "z" }, { 0x0397, "h" },
	{ 0x039c, "rn" }, { 0x039d, "n" }, { 0x03a4, "t" }, { 0x03a5, "y" },
	{ 0x03a7, "x" }, { 0x03b1, "a" }, { 0x03b9, "l" }, { 0x03ba, "k" },
	{ 0x03bd, "v" }, { 0x03bf, "o" }, { 0x03c1, "p" }, { 0x03c5, "u" },
	{ 0x0412, "b" }, { 0x041a, "k" }, { 0x041c, "rn" }, { 0x041d, "h" },
	{ 0x0422, "t" }, { 0x0430, "a" }, { 0x0435, "e" }, { 0x043e, "o" },
	{ 0x0440, "p" }, { 0x0441, "c" }, { 0x0443, "y" }, { 0x0445, "x" },
	{ 0x0455, "s" }, { 0x0456, "l" }, { 0x0458, "j" }, { 0x04af, "y" },
	{ 0x04bb, "h" }, { 0x04c0, "l" }, { 0x04cf, "l" }, { 0x0501, "d" },
	{ 0x051b, "q" }, { 0x051d, "w" },
};

/* The lower case of CP, for the scripts whose case is simple: Latin
 * (ASCII, Latin-1, Latin Extended-A), Greek, Cyrillic; always below
 * U+0800 when it is not CP. */
static unsigned long
server_name_lower(unsigned long cp)
{
	if ((cp >= 'A' && cp <= 'Z') || (cp >= 0x00c0 && cp <= 0x00de &&
	    cp != 0x00d7) || (cp >= 0x0391 && cp <= 0x03ab && cp != 0x03a2) ||
	    (cp >= 0x0410 && cp <= 0x042f))
		return cp + 0x20;
	if (cp >= 0x0400 && cp <= 0x040f)
		return cp + 0x50;
	/* Latin Extended-A and Cyrillic's later letters: pairs, capital
	 * first (at an even code point, or an odd one in U+0139-U+0148 and
	 * U+0179-U+017E); U+0130, U+0131 and U+0138 are not pairs. */
	if ((cp >= 0x0100 && cp <= 0x012f) || (cp >= 0x0132 && cp <= 0x0137) ||
	    (cp >= 0x014a && cp <= 0x0177) || (cp >= 0x0460 && cp <= 0x0481) ||
	    (cp >= 0x048a && cp <= 0x04bf) || (cp >= 0x04d0 && cp <= 0x052f))
		return cp % 2 == 0 ? cp + 1 : cp;
	if ((cp >= 0x0139 && cp <= 0x0148) || (cp >= 0x0179 && cp <= 0x017e))
		return cp % 2 == 1 ? cp + 1 : cp;
	if (cp == 0x0178)
		return 0x00ff;
	return cp;
}

/* The ASCII letters CP looks like, or NULL. */
static const char *
server_name_as(unsigned long cp)
{
	for (size_t i = 0; i < sizeof server_name_alike /
	    sizeof server_name_alike[0]; i++)
		if (server_name_alike[i].cp == cp)
			return server_name_alike[i].as;
	return NULL;
}

int
server_name_key(const char *name, char *key, size_t len)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t k = 0;
	unsigned long cp;
	int n;

	for (; *p; p += n) {
		char buf[2];
		const char *as;
		unsigned long lower;
		size_t m;

		if ((n = server_utf8_char(p, &cp)) == 0)
			return -1;
		lower = server_name_lower(cp);
		/* As it is (Greek capital B), or else in lower case ("M" is
		 * "m", which looks like "rn"), or else the letter in lower
		 * case itself. */
		if ((as = server_name_as(cp)) != NULL ||
		    (as = server_name_as(lower)) != NULL) {
			m = strlen(as);
		} else if (lower == cp) {
			as = (const char *)p;
			m = (size_t)n;
		} else if (lower < 0x80) {
			buf[0] = (char)lower;
			as = buf;
			m = 1;
		} else {
			buf[0] = (char)(0xc0 | lower >> 6);
			buf[1] = (char)(0x80 | (lower & 0x3f));
			as = buf;
			m = 2;
		}
		if (k + m >= len)
			return -1;
		memcpy(key + k, as, m);
		k += m;
	}
	key[k] = '\0';
	return 0;
}
