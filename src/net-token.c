/*
 * net-token.c: reading and rewriting the token file, mode 0600.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "net-token.h"
#include "settings.h"
#include "util.h"

#define NET_TOKEN_LINE 1400

int
net_token_load(const char *path, const char *url, char *name, size_t namelen,
	       char *token, size_t tokenlen)
{
	FILE *f = fopen(path, "r");
	char line[NET_TOKEN_LINE];
	int rc = -1;

	if (f == NULL)
		return -1;
	while (rc < 0 && fgets(line, sizeof line, f) != NULL) {
		char *u = strtok(line, " \t\r\n"), *n = strtok(NULL, " \t\r\n");
		char *t = strtok(NULL, " \t\r\n");

		if (u == NULL || n == NULL || t == NULL || strcmp(u, url) != 0)
			continue;
		snprintf(name, namelen, "%s", n);
		snprintf(token, tokenlen, "%s", t);
		rc = 0;
	}
	fclose(f);
	return rc;
}

/* Is S one word of the file: not empty, no space, no control byte? */
static bool
net_token_word(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return false;
	return true;
}

int
net_token_save(const char *path, const char *url, const char *name,
	       const char *token)
{
	FILE *f = fopen(path, "r");
	size_t cap = 4096, len = 0;
	char *out, line[NET_TOKEN_LINE], copy[NET_TOKEN_LINE];
	int rc;

	/* A line is "URL NAME TOKEN": a name or token with a space or a
	 * control character in it (a server's reply, not to be trusted)
	 * would add or shift lines. */
	if (token != NULL && (!net_token_word(name) || !net_token_word(token) ||
	    !net_token_word(url))) {
		if (f != NULL)
			fclose(f);
		errno = EINVAL;
		return -1;
	}
	/* A file that is there but cannot be read is not written over: it
	 * holds the logins of the other servers. */
	if (f == NULL && errno != ENOENT)
		return -1;
	out = xmalloc(cap);
	out[0] = '\0';
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		char *u;

		snprintf(copy, sizeof copy, "%s", line);
		u = strtok(copy, " \t\r\n");
		if (u == NULL || strcmp(u, url) == 0)
			continue;
		if (len + strlen(line) + 2 > cap) {
			cap = (len + strlen(line) + 2) * 2;
			out = xreallocarray(out, cap, 1);
		}
		len += (size_t)snprintf(out + len, cap - len, "%s%s", line,
		    strchr(line, '\n') ? "" : "\n");
	}
	if (f != NULL) {
		bool failed = ferror(f) != 0;

		fclose(f);
		if (failed) {
			free(out);
			errno = EIO;
			return -1;
		}
	}
	if (token != NULL) {
		size_t need = strlen(url) + strlen(name) + strlen(token) + 4;

		if (len + need > cap) {
			cap = len + need;
			out = xreallocarray(out, cap, 1);
		}
		len += (size_t)snprintf(out + len, cap - len, "%s %s %s\n", url,
		    name, token);
	}
	rc = settings_mkdir_parent(path) == 0 ?
	    util_write_atomic_mode(path, out, len, 0600) : -1;
	free(out);
	return rc;
}
