/*
 * net-http.c: libcurl's multi_socket interface driven by the caller's poll().
 *
 * libcurl tells us through its socket callback which sockets it wants to
 * watch and for what, and through its timer callback when it next needs to
 * run; we keep both in small arrays that net_http_pollfds() hands out.
 */
#include "config.h"

#include <curl/curl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net-http.h"
#include "util.h"

#define NET_HTTP_MAX_SOCKETS 64
/* Replies bigger than this are not from a tengen server. */
#define NET_HTTP_MAX_REPLY ((size_t)16 << 20)

struct net_http_req {
	struct net_http *h;
	CURL *easy;
	struct curl_slist *headers;
	uint64_t id;
	net_http_cb cb;
	void *arg;
	char *body;		/* request body (copied) */
	char *reply;		/* reply body so far */
	size_t len, cap;
	bool too_big;		/* stopped at NET_HTTP_MAX_REPLY */
	char error[CURL_ERROR_SIZE];
	struct net_http_req *next;
};

struct net_http_sock {
	curl_socket_t fd;
	int what;		/* CURL_POLL_IN, _OUT, _INOUT */
};

struct net_http {
	CURLM *multi;
	char *base;
	struct net_http_req *reqs;
	uint64_t next_id;
	struct net_http_sock socks[NET_HTTP_MAX_SOCKETS];
	int nsocks;
	long timer_ms;		/* -1: no timer */
	double timer_set;	/* when timer_ms was set */
};

static int
net_http_socket_cb(CURL *easy, curl_socket_t fd, int what, void *userp,
		   void *socketp)
{
	struct net_http *h = userp;
	int i;

	(void)easy;
	(void)socketp;
	for (i = 0; i < h->nsocks; i++)
		if (h->socks[i].fd == fd)
			break;
	if (what == CURL_POLL_REMOVE) {
		if (i < h->nsocks)
			h->socks[i] = h->socks[--h->nsocks];
		return 0;
	}
	if (i == h->nsocks) {
		if (h->nsocks == NET_HTTP_MAX_SOCKETS)
			return -1;
		h->nsocks++;
	}
	h->socks[i].fd = fd;
	h->socks[i].what = what;
	return 0;
}

static int
net_http_timer_cb(CURLM *multi, long timeout_ms, void *userp)
{
	struct net_http *h = userp;

	(void)multi;
	h->timer_ms = timeout_ms;
	h->timer_set = util_now();
	return 0;
}

static size_t
net_http_write_cb(char *data, size_t size, size_t n, void *userp)
{
	struct net_http_req *r = userp;
	size_t len = size * n;

	/* CURLOPT_MAXFILESIZE stops only a reply whose size is said before
	 * it (libcurl before 8.4): a chunked one is stopped here. */
	if (len > NET_HTTP_MAX_REPLY - r->len) {
		r->too_big = true;
		return 0;
	}
	if (r->len + len + 1 > r->cap) {
		r->cap = (r->len + len + 1) * 2;
		r->reply = xreallocarray(r->reply, r->cap, 1);
	}
	memcpy(r->reply + r->len, data, len);
	r->len += len;
	r->reply[r->len] = '\0';
	return len;
}

struct net_http *
net_http_new(const char *base_url)
{
	static int global_done;
	struct net_http *h;

	if (!global_done) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
			return NULL;
		global_done = 1;
	}
	h = xcalloc(1, sizeof *h);
	h->multi = curl_multi_init();
	if (!h->multi) {
		free(h);
		return NULL;
	}
	h->base = xstrdup(base_url);
	h->timer_ms = -1;
	curl_multi_setopt(h->multi, CURLMOPT_SOCKETFUNCTION, net_http_socket_cb);
	curl_multi_setopt(h->multi, CURLMOPT_SOCKETDATA, h);
	curl_multi_setopt(h->multi, CURLMOPT_TIMERFUNCTION, net_http_timer_cb);
	curl_multi_setopt(h->multi, CURLMOPT_TIMERDATA, h);
	return h;
}

static void
net_http_req_free(struct net_http_req *r)
{
	curl_multi_remove_handle(r->h->multi, r->easy);
	curl_easy_cleanup(r->easy);
	curl_slist_free_all(r->headers);
	free(r->body);
	free(r->reply);
	free(r);
}

void
net_http_free(struct net_http *h)
{
	struct net_http_req *r, *next;

	if (!h)
		return;
	for (r = h->reqs; r; r = next) {
		next = r->next;
		net_http_req_free(r);
	}
	curl_multi_cleanup(h->multi);
	free(h->base);
	free(h);
}

uint64_t
net_http_request(struct net_http *h, const char *method, const char *path,
		 const char *token, const char *body, long timeout_ms,
		 net_http_cb cb, void *arg)
{
	struct net_http_req *r = xcalloc(1, sizeof *r);
	size_t ulen = strlen(h->base) + strlen(path) + 1;
	char *url = xmalloc(ulen);

	r->h = h;
	r->cb = cb;
	r->arg = arg;
	r->easy = curl_easy_init();
	if (!r->easy) {
		free(url);
		free(r);
		return 0;
	}
	snprintf(url, ulen, "%s%s", h->base, path);
	curl_easy_setopt(r->easy, CURLOPT_URL, url);
	free(url);
	curl_easy_setopt(r->easy, CURLOPT_PRIVATE, r);
	curl_easy_setopt(r->easy, CURLOPT_WRITEFUNCTION, net_http_write_cb);
	curl_easy_setopt(r->easy, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(r->easy, CURLOPT_ERRORBUFFER, r->error);
	curl_easy_setopt(r->easy, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(r->easy, CURLOPT_CONNECTTIMEOUT_MS,
	    timeout_ms < 10000 ? timeout_ms : 10000L);
	curl_easy_setopt(r->easy, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075700
	/* A transfer stopped while its host name is still being looked up
	 * (a cancel, a connect timeout) does not wait for the lookup: with
	 * DNS packets lost that took half a minute of a frozen screen. */
	curl_easy_setopt(r->easy, CURLOPT_QUICK_EXIT, 1L);
#endif
	curl_easy_setopt(r->easy, CURLOPT_USERAGENT, "tengen/" PACKAGE_VERSION);
	/* Certificates are always checked (libcurl's default); a private CA
	 * can be trusted through SSL_CERT_FILE, as with OpenSSL's tools. */
	if (getenv("SSL_CERT_FILE") && *getenv("SSL_CERT_FILE"))
		curl_easy_setopt(r->easy, CURLOPT_CAINFO, getenv("SSL_CERT_FILE"));
	curl_easy_setopt(r->easy, CURLOPT_MAXFILESIZE,
	    (long)NET_HTTP_MAX_REPLY);
	r->headers = curl_slist_append(NULL, "Accept: application/json");
	if (token) {
		size_t n = strlen(token) + 32;
		char *auth = xmalloc(n);

		snprintf(auth, n, "Authorization: Bearer %s", token);
		r->headers = curl_slist_append(r->headers, auth);
		free(auth);
	}
	if (strcmp(method, "POST") == 0) {
		r->body = xstrdup(body ? body : "{}");
		r->headers = curl_slist_append(r->headers,
		    "Content-Type: application/json");
		curl_easy_setopt(r->easy, CURLOPT_POSTFIELDS, r->body);
		curl_easy_setopt(r->easy, CURLOPT_POSTFIELDSIZE, (long)strlen(r->body));
	}
	curl_easy_setopt(r->easy, CURLOPT_HTTPHEADER, r->headers);
	if (curl_multi_add_handle(h->multi, r->easy) != CURLM_OK) {
		curl_easy_cleanup(r->easy);
		curl_slist_free_all(r->headers);
		free(r->body);
		free(r);
		return 0;
	}
	r->id = ++h->next_id;
	r->next = h->reqs;
	h->reqs = r;
	return r->id;
}

static void
net_http_unlink(struct net_http *h, struct net_http_req *r)
{
	struct net_http_req **pp;

	for (pp = &h->reqs; *pp; pp = &(*pp)->next) {
		if (*pp == r) {
			*pp = r->next;
			return;
		}
	}
}

void
net_http_cancel(struct net_http *h, uint64_t id)
{
	for (struct net_http_req *r = h->reqs; r; r = r->next) {
		if (r->id == id) {
			net_http_unlink(h, r);
			net_http_req_free(r);
			return;
		}
	}
}

int
net_http_pending(const struct net_http *h)
{
	int n = 0;

	for (const struct net_http_req *r = h->reqs; r; r = r->next)
		n++;
	return n;
}

int
net_http_pollfds(struct net_http *h, struct pollfd *fds, int max,
		 int *timeout_ms)
{
	int n = 0;

	for (int i = 0; i < h->nsocks && n < max; i++) {
		fds[n].fd = h->socks[i].fd;
		fds[n].events = 0;
		if (h->socks[i].what & CURL_POLL_IN)
			fds[n].events |= POLLIN;
		if (h->socks[i].what & CURL_POLL_OUT)
			fds[n].events |= POLLOUT;
		fds[n].revents = 0;
		n++;
	}
	if (h->timer_ms >= 0) {
		long left = h->timer_ms -
		    (long)((util_now() - h->timer_set) * 1000);

		if (left < 0)
			left = 0;
		if (*timeout_ms < 0 || left < *timeout_ms)
			*timeout_ms = (int)left;
	}
	return n;
}

/* Call the callbacks of finished transfers. */
static void
net_http_finish(struct net_http *h)
{
	CURLMsg *msg;
	int left;

	while ((msg = curl_multi_info_read(h->multi, &left)) != NULL) {
		struct net_http_req *r;
		long status = 0;

		if (msg->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&r);
		net_http_unlink(h, r);
		if (msg->data.result == CURLE_OK) {
			char *to = NULL;

			curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &status);
			/* Redirects are not followed (the token would go
			 * along): where one points is told instead. */
			if (status < 300 || status >= 400 ||
			    curl_easy_getinfo(r->easy, CURLINFO_REDIRECT_URL,
			    &to) != CURLE_OK)
				to = NULL;
			r->cb(r->arg, status, r->reply ? r->reply : "", r->len,
			    to);
		} else if (r->too_big) {
			snprintf(r->error, sizeof r->error, "the reply is larger "
			    "than %zu MiB: not a tengen server",
			    NET_HTTP_MAX_REPLY >> 20);
			r->cb(r->arg, 0, "", 0, r->error);
		} else {
			const char *e = r->error[0] ? r->error :
			    curl_easy_strerror(msg->data.result);

			r->cb(r->arg, 0, "", 0, e);
		}
		net_http_req_free(r);
	}
}

void
net_http_dispatch(struct net_http *h, const struct pollfd *fds, int n)
{
	int running;

	for (int i = 0; i < n; i++) {
		int flags = 0;

		if (fds[i].revents & POLLIN)
			flags |= CURL_CSELECT_IN;
		if (fds[i].revents & POLLOUT)
			flags |= CURL_CSELECT_OUT;
		if (fds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
			flags |= CURL_CSELECT_ERR;
		if (flags)
			curl_multi_socket_action(h->multi, fds[i].fd, flags, &running);
	}
	if (h->timer_ms >= 0 &&
	    (util_now() - h->timer_set) * 1000 >= h->timer_ms) {
		h->timer_ms = -1;
		curl_multi_socket_action(h->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	}
	net_http_finish(h);
}
