/*
 * net-token.h: the login tokens of online servers, kept between runs.
 *
 * The one idea: a token is a password for as long as it lives, so the file
 * ($XDG_CONFIG_HOME/tengen/tokens, a line "URL NAME TOKEN" per server) is
 * written with mode 0600 from its first byte and replaced atomically.
 */
#ifndef TENGEN_NET_TOKEN_H
#define TENGEN_NET_TOKEN_H

#include <stddef.h>

/* The name and token kept for URL: 0, or -1 when there are none. */
int net_token_load(const char *path, const char *url, char *name,
		   size_t namelen, char *token, size_t tokenlen);
/* Keep NAME and TOKEN for URL (TOKEN NULL: forget URL).  0 or -1 (errno
 * EINVAL, the file untouched, where the URL, NAME or TOKEN is empty or
 * holds a space or a control character). */
int net_token_save(const char *path, const char *url, const char *name,
		   const char *token);

#endif
