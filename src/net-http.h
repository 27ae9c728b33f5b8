/*
 * net-http.h: asynchronous HTTP requests for an event loop (libcurl multi).
 *
 * The one idea: the caller owns the loop.  It asks net_http_pollfds() which
 * sockets to watch and how long it may sleep, calls poll() with its own
 * descriptors added, and hands the result to net_http_dispatch(), which
 * advances every transfer and calls the callbacks of those that finished.
 * Nothing ever blocks on the network, so a curses screen stays live.
 *
 * Ownership: net_http_new() returns an object freed by net_http_free(),
 * which cancels pending requests without calling their callbacks.  The
 * body passed to a callback belongs to the library and is valid only during
 * the call.
 */
#ifndef TENGEN_NET_HTTP_H
#define TENGEN_NET_HTTP_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>

struct net_http;

/* STATUS is the HTTP status, or 0 when the request failed before a reply
 * (ERROR then says why: "connection refused", "timeout", ...). */
typedef void (*net_http_cb)(void *arg, long status, const char *body,
			    size_t len, const char *error);

/* BASE_URL: "http://host:port" or "https://...", without a trailing '/'.
 * Certificates are always checked; SSL_CERT_FILE names a file of CA
 * certificates to trust instead of the system's. */
struct net_http *net_http_new(const char *base_url);
void net_http_free(struct net_http *h);

/* Start a request: METHOD "GET" or "POST", PATH beginning with '/', TOKEN a
 * bearer token or NULL, BODY a JSON text for POST or NULL.  The request
 * fails with "timeout" after TIMEOUT_MS.  Returns an id (> 0) that
 * net_http_cancel() accepts, or 0 if it could not be started. */
uint64_t net_http_request(struct net_http *h, const char *method,
			  const char *path, const char *token, const char *body,
			  long timeout_ms, net_http_cb cb, void *arg);
/* Drop a request: its callback will not be called. */
void net_http_cancel(struct net_http *h, uint64_t id);
/* Requests started and not yet finished. */
int net_http_pending(const struct net_http *h);

/* Fill up to MAX pollfds with the sockets to watch; returns how many, and
 * lowers *TIMEOUT_MS (-1: none) to when libcurl next needs to run. */
int net_http_pollfds(struct net_http *h, struct pollfd *fds, int max,
		     int *timeout_ms);
/* After poll(): FDS and N as filled by net_http_pollfds (with revents). */
void net_http_dispatch(struct net_http *h, const struct pollfd *fds, int n);

#endif
