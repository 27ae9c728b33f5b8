/*
 * server-http.c: tengend's HTTP with libmicrohttpd.
 *
 * MHD runs its own threads over epoll (or poll); each request gathers its
 * body (at most SERVER_BODY_MAX bytes: one said to be more is refused
 * before it is read), parses it as a JSON object, finds its route, checks
 * the bearer token and runs the handler under the server lock.  A
 * long-poll with nothing to say yet suspends its connection: it costs no
 * thread, only its place on a channel's list, and is resumed by the next
 * event there or by the tick when its time is up; MHD then calls us again
 * and the handler answers.  The routes that hash a password
 * (/register, /login) are slow: their connection is suspended too and a
 * worker of ours runs the handler, so that MHD's threads, which serve the
 * moves, never wait for a hash.
 */
#include "config.h"

#include <arpa/inet.h>
#include <assert.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "server.h"
#include "util.h"

#define SERVER_BODY_MAX 16384
#define SERVER_SKIP_MAX (1 << 20)	/* then an endless body is dropped */
#define SERVER_JOBS_MAX 64		/* slow requests waiting at most */
#define SERVER_JOBS_RETRY 5		/* then: try again in so many seconds */

/* A slow request: queued, then run by a worker while its connection is
 * suspended; the connection owns it, from its start to its answer. */
struct server_job {
	struct server_call c;
	const struct server_route *route;
	bool done;			/* answered: the connection resumed */
	struct server_job *next;	/* in srv's queue */
};

/* What MHD keeps for us per request. */
struct server_conn {
	char *body;
	size_t len;
	size_t skipped;			/* body bytes over the limit */
	bool too_big;
	bool answered;			/* refused before its body: too big */
	struct server_waiter w;
	struct server_job *job;		/* a slow request under way, or NULL */
};

const char *
server_http_arg(struct server_call *c, const char *name)
{
	return MHD_lookup_connection_value(c->conn, MHD_GET_ARGUMENT_KIND, name);
}

void
server_http_resume(struct server *srv, struct server_waiter *w)
{
	(void)srv;
	w->resumed = true;
	MHD_resume_connection(w->conn);
}

/* Queue TEXT (owned, freed by MHD) with STATUS. */
static enum MHD_Result
server_http_send(struct MHD_Connection *conn, int status, int retry_after,
		char *text)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(strlen(text), text,
	    MHD_RESPMEM_MUST_FREE);
	if (r == NULL) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
	    "application/json; charset=utf-8");
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	if (retry_after > 0) {
		char secs[16];

		snprintf(secs, sizeof secs, "%d", retry_after);
		MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, secs);
	}
	ret = MHD_queue_response(conn, (unsigned int)status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result
server_http_fail(struct MHD_Connection *conn, int status, const char *code,
		const char *msg)
{
	cJSON *o = cJSON_CreateObject();
	char *text;

	cJSON_AddStringToObject(o, "error", code);
	cJSON_AddStringToObject(o, "message", msg);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return text ? server_http_send(conn, status, 0, text) : MHD_NO;
}

/* ADDR, of FAMILY, as text in OUT (SERVER_ADDR_MAX bytes): an IPv4
 * address, or an IPv6 one's first 64 bits, the block one client is
 * given; an IPv4 address mapped into IPv6 is the IPv4 one. */
static void
server_http_addr_text(int family, const void *addr, char *out)
{
	struct in6_addr v6;

	if (family == AF_INET6) {
		memcpy(&v6, addr, sizeof v6);
		if (IN6_IS_ADDR_V4MAPPED(&v6)) {
			inet_ntop(AF_INET, v6.s6_addr + 12, out, SERVER_ADDR_MAX);
			return;
		}
		memset(v6.s6_addr + 8, 0, 8);
		addr = &v6;
	}
	if (inet_ntop(family, addr, out, SERVER_ADDR_MAX) == NULL)
		snprintf(out, SERVER_ADDR_MAX, "unknown");
}

/* The last X-Forwarded-For line: a proxy adds its own after any the
 * client sent, and that one alone can be trusted. */
static enum MHD_Result
server_http_last_fwd(void *cls, enum MHD_ValueKind kind, const char *key,
    const char *value)
{
	(void)kind;
	if (value != NULL && strcasecmp(key, "X-Forwarded-For") == 0)
		*(const char **)cls = value;
	return MHD_YES;
}

/* The client's address into OUT (SERVER_ADDR_MAX bytes), for the limits
 * per address.  A connection from this machine is a reverse proxy's, or
 * the operator's: the client is the last address of its X-Forwarded-For,
 * the one the proxy saw (those before it are the client's word), and
 * without one, nobody to limit (""). */
static void
server_http_client(struct MHD_Connection *conn, char *out)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn,
	    MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = info ? info->client_addr : NULL;
	const char *fwd, *last;
	char addr[SERVER_ADDR_MAX];
	unsigned char bin[16];
	size_t n;
	bool local;

	out[0] = '\0';
	if (sa == NULL)
		return;
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		local = (ntohl(in->sin_addr.s_addr) >> 24) == 127;
		if (!local)
			server_http_addr_text(AF_INET, &in->sin_addr, out);
	} else if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
		const unsigned char *b = in6->sin6_addr.s6_addr;

		local = IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr) ||
		    (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr) && b[12] == 127);
		if (!local)
			server_http_addr_text(AF_INET6, b, out);
	} else {
		return;
	}
	if (!local)
		return;
	fwd = NULL;
	MHD_get_connection_values(conn, MHD_HEADER_KIND, server_http_last_fwd,
	    &fwd);
	if (fwd == NULL)
		return;
	last = strrchr(fwd, ',');
	last = last ? last + 1 : fwd;
	last += strspn(last, " \t");
	n = strcspn(last, " \t");
	if (n >= sizeof addr) {
		snprintf(out, SERVER_ADDR_MAX, "unknown");
		return;
	}
	memcpy(addr, last, n);
	addr[n] = '\0';
	if (inet_pton(AF_INET, addr, bin) == 1)
		server_http_addr_text(AF_INET, bin, out);
	else if (inet_pton(AF_INET6, addr, bin) == 1)
		server_http_addr_text(AF_INET6, bin, out);
	else
		snprintf(out, SERVER_ADDR_MAX, "unknown");
}

/* The body as JSON, with nothing but blanks after its value ("{} junk"
 * is no JSON); NULL if it is not. */
static cJSON *
server_http_parse(const char *body, size_t len)
{
	const char *end = NULL;
	cJSON *json = cJSON_ParseWithLengthOpts(body, len, &end, 0);

	if (json == NULL || end == NULL)
		return json;
	while (end < body + len && (*end == ' ' || *end == '\t' ||
	    *end == '\n' || *end == '\r'))
		end++;
	if (end < body + len) {
		cJSON_Delete(json);
		return NULL;
	}
	return json;
}

/* A NUL in a string of the body, "\\u0000" or a zero byte, would end the
 * string there for cJSON, and "a\\u0000b" would be taken as "a": made a
 * U+0001 instead, it is refused as the control character it is by the
 * check of the field, which names it. */
static void
server_http_nul(char *body, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (body[i] == '\0') {
			body[i] = '\1';
		} else if (body[i] == '\\' && i + 1 < len) {
			if (body[i + 1] == 'u' && i + 5 < len &&
			    memcmp(body + i + 2, "0000", 4) == 0)
				body[i + 5] = '1';
			i++;		/* the escaped character */
		}
	}
}

/* Send C's answer; C's body and reply are freed. */
static enum MHD_Result
server_http_reply(struct MHD_Connection *conn, struct server_call *c)
{
	char *text;

	cJSON_Delete(c->body);
	c->body = NULL;
	if (c->raw) {
		text = c->raw;
	} else {
		if (c->reply == NULL)
			c->reply = cJSON_CreateObject();
		text = cJSON_PrintUnformatted(c->reply);
		cJSON_Delete(c->reply);
	}
	c->raw = NULL;
	c->reply = NULL;
	if (text == NULL)
		return MHD_NO;
	return server_http_send(conn, c->status, c->retry_after, text);
}

static void
server_http_job_free(struct server_job *j)
{
	cJSON_Delete(j->c.body);
	cJSON_Delete(j->c.reply);
	free(j->c.raw);
	free(j);
}

/* A worker: it runs the slow requests, oldest first, until the server
 * stops.  Each handler takes the lock itself, for as long as it needs. */
static void *
server_http_worker(void *arg)
{
	struct server *srv = arg;
	struct server_job *j;

	pthread_mutex_lock(&srv->lock);
	for (;;) {
		while ((j = srv->job_first) == NULL && !srv->workers_stop)
			pthread_cond_wait(&srv->job_ready, &srv->lock);
		if (j == NULL)
			break;
		srv->job_first = j->next;
		if (srv->job_first == NULL)
			srv->job_last = NULL;
		pthread_mutex_unlock(&srv->lock);
		j->route->handler(&j->c);
		pthread_mutex_lock(&srv->lock);
		/* Under the lock, as the suspension was: MHD calls us again
		 * and the connection sends the answer. */
		j->done = true;
		MHD_resume_connection(j->c.conn);
		if (--srv->jobs == 0)
			pthread_cond_broadcast(&srv->jobs_done);
	}
	pthread_mutex_unlock(&srv->lock);
	return NULL;
}

/* Hand C, of the slow ROUTE, to a worker, the connection suspended until
 * it is answered; or, with too many waiting or the server stopping, 503
 * at once. */
static enum MHD_Result
server_http_defer(struct server *srv, struct server_conn *sc,
		const struct server_route *route, struct server_call *c)
{
	struct server_job *j;

	pthread_mutex_lock(&srv->lock);
	if (srv->stopping || srv->jobs >= SERVER_JOBS_MAX) {
		pthread_mutex_unlock(&srv->lock);
		c->retry_after = SERVER_JOBS_RETRY;
		server_error(c, 503, "busy", "too many logins and registrations "
		    "at once: try again in %d s", SERVER_JOBS_RETRY);
		return server_http_reply(c->conn, c);
	}
	j = xcalloc(1, sizeof *j);
	j->c = *c;
	j->route = route;
	if (srv->job_last)
		srv->job_last->next = j;
	else
		srv->job_first = j;
	srv->job_last = j;
	srv->jobs++;
	sc->job = j;
	MHD_suspend_connection(c->conn);
	pthread_cond_signal(&srv->job_ready);
	pthread_mutex_unlock(&srv->lock);
	return MHD_YES;
}

static enum MHD_Result
server_http_dispatch(struct server *srv, struct server_conn *sc,
		struct MHD_Connection *conn, const char *url, const char *method)
{
	const struct server_route *route;
	struct server_call c;
	const char *auth;
	bool known;

	/* A slow request back from its worker: its answer. */
	if (sc->job) {
		struct server_job *j = sc->job;
		enum MHD_Result ret;

		assert(j->done);
		sc->job = NULL;
		ret = server_http_reply(conn, &j->c);
		server_http_job_free(j);
		return ret;
	}
	route = server_api_route(method, url, &known);
	if (route == NULL)
		return known ?
		    server_http_fail(conn, 405, "bad_method", "wrong method") :
		    server_http_fail(conn, 404, "no_route", "no such path");
	memset(&c, 0, sizeof c);
	c.srv = srv;
	c.conn = conn;
	c.status = 200;
	c.waiter = &sc->w;
	server_http_client(conn, c.addr);
	if (strcmp(method, "POST") == 0) {
		if (sc->too_big)
			return server_http_fail(conn, 413, "too_large",
			    "the body is larger than 16384 bytes");
		server_http_nul(sc->body, sc->len);
		c.body = sc->len ? server_http_parse(sc->body, sc->len) :
		    cJSON_CreateObject();
		if (!cJSON_IsObject(c.body)) {
			cJSON_Delete(c.body);
			return server_http_fail(conn, 400, "bad_json",
			    "the body must be a JSON object");
		}
	}
	if (!route->lock)
		return server_http_defer(srv, sc, route, &c);
	auth = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
	    MHD_HTTP_HEADER_AUTHORIZATION);
	pthread_mutex_lock(&srv->lock);
	if (auth && server_auth_token(&c, auth) < 0)
		server_error(&c, 401, "bad_token", "the token is not valid; "
		    "log in again");
	else if (route->auth && c.user == 0)
		server_error(&c, 401, "no_token", "log in first (Authorization: "
		    "Bearer TOKEN)");
	else
		route->handler(&c);
	if (c.suspend) {
		MHD_suspend_connection(conn);
		pthread_mutex_unlock(&srv->lock);
		cJSON_Delete(c.body);
		return MHD_YES;
	}
	pthread_mutex_unlock(&srv->lock);
	return server_http_reply(conn, &c);
}

static enum MHD_Result
server_http_access(void *cls, struct MHD_Connection *conn, const char *url,
		const char *method, const char *version, const char *upload,
		size_t *upload_size, void **con_cls)
{
	struct server *srv = cls;
	struct server_conn *sc = *con_cls;

	(void)version;
	if (sc == NULL) {
		const char *cl = MHD_lookup_connection_value(conn,
		    MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);

		sc = xcalloc(1, sizeof *sc);
		sc->w.conn = conn;
		*con_cls = sc;
		/* Said too big: refused before its body is read, and the
		 * connection closes after the answer. */
		if (cl && strtoull(cl, NULL, 10) > SERVER_BODY_MAX) {
			sc->answered = true;
			return server_http_fail(conn, 413, "too_large",
			    "the body is larger than 16384 bytes");
		}
		return MHD_YES;
	}
	if (sc->answered) {
		*upload_size = 0;
		return MHD_YES;
	}
	if (*upload_size) {
		if (!sc->too_big && sc->len + *upload_size > SERVER_BODY_MAX) {
			sc->too_big = true;
			free(sc->body);
			sc->body = NULL;
			sc->len = 0;
		}
		if (sc->too_big) {
			sc->skipped += *upload_size;
		} else {
			sc->body = xreallocarray(sc->body, sc->len + *upload_size,
			    1);
			memcpy(sc->body + sc->len, upload, *upload_size);
			sc->len += *upload_size;
		}
		*upload_size = 0;
		/* A body of unsaid length (chunked) that goes on and on
		 * beyond the limit: the connection is dropped. */
		return sc->skipped > SERVER_SKIP_MAX ? MHD_NO : MHD_YES;
	}
	return server_http_dispatch(srv, sc, conn, url, method);
}

static void
server_http_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
		enum MHD_RequestTerminationCode toe)
{
	struct server *srv = cls;
	struct server_conn *sc = *con_cls;

	(void)conn;
	(void)toe;
	if (sc == NULL)
		return;
	pthread_mutex_lock(&srv->lock);
	server_waiter_remove(srv, &sc->w);
	if (sc->w.counted)
		server_game_presence(srv, sc->w.table, sc->w.user, -1);
	pthread_mutex_unlock(&srv->lock);
	/* Answered but not sent: the client went meanwhile.  (A job still
	 * under way keeps its connection suspended, so it cannot end.) */
	if (sc->job) {
		assert(sc->job->done);
		server_http_job_free(sc->job);
	}
	free(sc->body);
	free(sc);
	*con_cls = NULL;
}

/* The workers of the slow requests: as many as half the HTTP threads,
 * rounded up, so that hashing leaves processors to the games. */
static int
server_http_workers_start(struct server *srv)
{
	int n = (srv->opt.threads + 1) / 2;

	pthread_cond_init(&srv->job_ready, NULL);
	pthread_cond_init(&srv->jobs_done, NULL);
	srv->workers = xcalloc((size_t)n, sizeof *srv->workers);
	for (srv->nworkers = 0; srv->nworkers < n; srv->nworkers++)
		if (pthread_create(&srv->workers[srv->nworkers], NULL,
		    server_http_worker, srv) != 0)
			break;
	if (srv->nworkers == 0) {
		fprintf(stderr, "tengend: cannot start a thread\n");
		return -1;
	}
	return 0;
}

/* Once no request can come any more. */
static void
server_http_workers_stop(struct server *srv)
{
	pthread_mutex_lock(&srv->lock);
	srv->workers_stop = true;
	pthread_cond_broadcast(&srv->job_ready);
	pthread_mutex_unlock(&srv->lock);
	for (int i = 0; i < srv->nworkers; i++)
		pthread_join(srv->workers[i], NULL);
	free(srv->workers);
	srv->workers = NULL;
	srv->nworkers = 0;
	pthread_cond_destroy(&srv->job_ready);
	pthread_cond_destroy(&srv->jobs_done);
}

int
server_http_start(struct server *srv)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
	const char *addr = srv->opt.listen ? srv->opt.listen : "127.0.0.1";
	unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD |
	    MHD_ALLOW_SUSPEND_RESUME;
	const union MHD_DaemonInfo *info;

	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, addr, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)srv->opt.port);
	} else if (inet_pton(AF_INET6, addr, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)srv->opt.port);
		/* "::", every address, takes IPv4 clients too (as
		 * ::ffff:a.b.c.d), as it would elsewhere on Linux; any other
		 * IPv6 address only its own. */
		flags |= IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr) ?
		    MHD_USE_DUAL_STACK : MHD_USE_IPv6;
	} else {
		fprintf(stderr, "tengend: --listen %s: not an IPv4 or IPv6 "
		    "address\n", addr);
		return -1;
	}
	if (!srv->opt.quiet)
		flags |= MHD_USE_ERROR_LOG;
	if (server_http_workers_start(srv) < 0) {
		server_http_workers_stop(srv);
		return -1;
	}
	srv->daemon = MHD_start_daemon(flags, (uint16_t)srv->opt.port, NULL,
	    NULL, server_http_access, srv,
	    MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
	    MHD_OPTION_NOTIFY_COMPLETED, server_http_completed, srv,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned int)srv->opt.max_conns,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT,
	    (unsigned int)srv->opt.conns_per_addr,
	    MHD_OPTION_CONNECTION_TIMEOUT,
	    (unsigned int)(srv->opt.poll_timeout + 60),
	    MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)srv->opt.threads,
	    MHD_OPTION_END);
	if (srv->daemon == NULL) {
		fprintf(stderr, "tengend: cannot listen on %s port %d\n", addr,
		    srv->opt.port);
		server_http_workers_stop(srv);
		return -1;
	}
	info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
	if (info)
		srv->opt.port = info->port;
	return 0;
}

void
server_http_stop(struct server *srv)
{
	if (srv->daemon == NULL)
		return;
	/* Answer every waiting poll before MHD closes the connections. */
	pthread_mutex_lock(&srv->lock);
	srv->stopping = true;
	server_waiters_expire(srv, 0, true);
	/* And every slow request under way or waiting: MHD may not stop
	 * with a connection suspended.  No new one is taken. */
	while (srv->jobs > 0)
		pthread_cond_wait(&srv->jobs_done, &srv->lock);
	pthread_mutex_unlock(&srv->lock);
	MHD_stop_daemon(srv->daemon);
	srv->daemon = NULL;
	server_http_workers_stop(srv);
}
