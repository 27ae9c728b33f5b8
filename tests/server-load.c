/*
 * server-load.c: many simulated players against a running tengend.
 *
 *   server-load --port P [--games N] [--seconds S] [--think MS]
 *
 * Sets up N tables with two players each on 127.0.0.1:P, starts the games,
 * then for S seconds every player keeps one long-poll waiting on its table
 * and, on its turn, plays a random legal move after a random think time
 * (0 to 2×MS).  It measures how long a move takes from the moment its POST
 * is sent until the opponent's long-poll hands it over, and checks that
 * every player sees the event numbers 1, 2, 3, ... with none lost and none
 * twice.  Loopback only, one thread, epoll, plain HTTP/1.1 keep-alive.
 *
 * The one idea: the player is a small state machine driven by two
 * connections (poll and post) and one timer; everything else is counting.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "board.h"
#include "game.h"
#include "util.h"

struct load_conn {
	int fd;
	char out[1024];
	size_t outlen, outoff;
	char *in;
	size_t inlen, incap;
	double sent;
	struct load_player *p;
	bool poll;		/* the long-poll connection */
	bool busy;
};

struct load_game {
	long table;
	long id;
	struct game g;
	int sent_n;		/* move number in flight and its send time */
	double sent_at;
	struct load_player *pl[2];
};

struct load_player {
	char name[40];
	char token[80];
	struct load_game *game;
	enum color color;
	long since;
	struct load_conn poll, post;
	double due;		/* the timer: when to move, < 0 if none */
	int heap_at;
	int action;		/* 1 move, 2 start */
};

struct load {
	int port;
	int ngames;
	double seconds;
	double think;
	int ep;
	struct rng rng;
	struct load_player **heap;
	int nheap;
	double *lat;
	size_t nlat, clat;
	long moves, lost, dup, errors, polls_done, games_ended;
	int waiting, max_waiting;
};

static double
load_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* --- the timer heap (earliest due first) */

static void
load_heap_swap(struct load *L, int a, int b)
{
	struct load_player *t = L->heap[a];

	L->heap[a] = L->heap[b];
	L->heap[b] = t;
	L->heap[a]->heap_at = a;
	L->heap[b]->heap_at = b;
}

static void
load_heap_push(struct load *L, struct load_player *p, double due, int action)
{
	int i;

	if (p->heap_at >= 0)
		return;
	p->due = due;
	p->action = action;
	i = L->nheap++;
	L->heap[i] = p;
	p->heap_at = i;
	while (i > 0 && L->heap[(i - 1) / 2]->due > L->heap[i]->due) {
		load_heap_swap(L, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static struct load_player *
load_heap_pop(struct load *L)
{
	struct load_player *top = L->heap[0];
	int i = 0;

	load_heap_swap(L, 0, --L->nheap);
	top->heap_at = -1;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i;

		if (l < L->nheap && L->heap[l]->due < L->heap[m]->due)
			m = l;
		if (r < L->nheap && L->heap[r]->due < L->heap[m]->due)
			m = r;
		if (m == i)
			break;
		load_heap_swap(L, i, m);
		i = m;
	}
	return top;
}

/* --- HTTP */

static int
load_connect(struct load *L)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)L->port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		perror("server-load: connect");
		exit(1);
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

static void
load_request(struct load_conn *c, const char *method, const char *path,
		const char *token, const char *body)
{
	size_t blen = body ? strlen(body) : 0;

	c->outlen = (size_t)snprintf(c->out, sizeof c->out,
	    "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s%s%s"
	    "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
	    method, path, token ? "Authorization: Bearer " : "",
	    token ? token : "", token ? "\r\n" : "", blen, body ? body : "");
	c->outoff = 0;
	c->inlen = 0;
	c->busy = true;
}

/* A whole response in c->in?  Returns the body (in place) and its status. */
static char *
load_response(struct load_conn *c, int *status, size_t *len)
{
	char *end, *cl;
	size_t head, n;

	if (c->inlen == 0)
		return NULL;
	c->in[c->inlen] = '\0';
	end = strstr(c->in, "\r\n\r\n");
	if (end == NULL)
		return NULL;
	head = (size_t)(end - c->in) + 4;
	cl = strcasestr(c->in, "\r\nContent-Length:");
	n = cl && cl < end ? strtoul(cl + 17, NULL, 10) : 0;
	if (c->inlen < head + n)
		return NULL;
	*status = atoi(c->in + 9);
	*len = n;
	return c->in + head;
}

/* Read what is there (a blocking socket: one read). */
static void
load_read_more(struct load_conn *c, int *eof, bool blocking)
{
	ssize_t r;

	*eof = 0;
	for (;;) {
		if (c->inlen + 4097 > c->incap) {
			c->incap = (c->inlen + 4097) * 2;
			c->in = xreallocarray(c->in, c->incap, 1);
		}
		r = read(c->fd, c->in + c->inlen, c->incap - c->inlen - 1);
		if (r > 0) {
			c->inlen += (size_t)r;
			if (blocking)
				return;
			continue;
		}
		if (r == 0)
			*eof = 1;
		return;
	}
}

/* Blocking exchange for the setup; returns the parsed JSON body. */
static cJSON *
load_blocking(struct load_conn *c, const char *method, const char *path,
		const char *token, const char *body, int *status)
{
	size_t len;
	char *b;
	int eof;

	load_request(c, method, path, token, body);
	if (write(c->fd, c->out, c->outlen) != (ssize_t)c->outlen) {
		perror("server-load: write");
		exit(1);
	}
	while ((b = load_response(c, status, &len)) == NULL) {
		load_read_more(c, &eof, true);
		if (eof) {
			fprintf(stderr, "server-load: the server closed the "
			    "connection\n");
			exit(1);
		}
	}
	c->busy = false;
	return cJSON_ParseWithLength(b, len);
}

static void
load_send(struct load *L, struct load_conn *c)
{
	while (c->outoff < c->outlen) {
		ssize_t w = write(c->fd, c->out + c->outoff, c->outlen - c->outoff);

		if (w <= 0)
			break;
		c->outoff += (size_t)w;
	}
	(void)L;
	c->sent = load_now();
}

/* --- players */

static void
load_poll(struct load *L, struct load_player *p)
{
	char path[128];

	snprintf(path, sizeof path, "/events?table=%ld&since=%ld",
	    p->game->table, p->since);
	load_request(&p->poll, "GET", path, p->token, NULL);
	load_send(L, &p->poll);
	L->waiting++;
	if (L->waiting > L->max_waiting)
		L->max_waiting = L->waiting;
}

static void
load_schedule_move(struct load *L, struct load_player *p)
{
	double think = L->think * 2 * (double)rng_below(&L->rng, 1000) / 1000.0;

	load_heap_push(L, p, load_now() + think, 1);
}

static void
load_apply(struct load_game *lg, int n, enum color c, const char *move)
{
	point_t pt;

	if (lg->g.nmoves != n - 1)
		return;
	pt = board_vertex_parse(&lg->g.board, move);
	if (pt == BOARD_NONE || game_play(&lg->g, c, pt) != MOVE_OK)
		fprintf(stderr, "server-load: replica refused %s\n", move);
}

static void
load_event(struct load *L, struct load_player *p, cJSON *ev, double now)
{
	struct load_game *lg = p->game;
	cJSON *type = cJSON_GetObjectItem(ev, "type");
	long seq = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(ev, "seq"));
	const char *t = cJSON_GetStringValue(type);

	if (seq <= p->since)
		L->dup++;
	else if (seq != p->since + 1)
		L->lost += seq - p->since - 1;
	if (seq > p->since)
		p->since = seq;
	if (t == NULL)
		return;
	if (strcmp(t, "move") == 0 || strcmp(t, "pass") == 0) {
		const char *col = cJSON_GetStringValue(cJSON_GetObjectItem(ev,
		    "color"));
		int n = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(ev, "n"));
		enum color c = col && strcmp(col, "black") == 0 ? BLACK : WHITE;

		load_apply(lg, n, c, cJSON_GetStringValue(cJSON_GetObjectItem(ev,
		    "move")));
		if (c != p->color) {
			if (lg->sent_n == n) {
				if (L->nlat == L->clat) {
					L->clat = L->clat ? 2 * L->clat : 4096;
					L->lat = xreallocarray(L->lat, L->clat,
					    sizeof L->lat[0]);
				}
				L->lat[L->nlat++] = now - lg->sent_at;
				lg->sent_n = -1;
			}
			load_schedule_move(L, p);
		}
	} else if (strcmp(t, "start") == 0) {
		cJSON *g = cJSON_GetObjectItem(ev, "game");
		const char *black = cJSON_GetStringValue(cJSON_GetObjectItem(g,
		    "black"));
		long id = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(g, "id"));

		if (lg->id != id) {
			lg->id = id;
			game_reset(&lg->g);
		}
		p->color = black && strcmp(black, p->name) == 0 ? BLACK : WHITE;
		if (p->color == BLACK)
			load_schedule_move(L, p);
	} else if (strcmp(t, "end") == 0) {
		if (p->color == BLACK)
			L->games_ended++;
		load_heap_push(L, p, now, 2);
	}
}

static void
load_poll_done(struct load *L, struct load_player *p, int status,
		char *body, size_t len)
{
	cJSON *r = cJSON_ParseWithLength(body, len), *ev;
	double now = load_now();

	L->waiting--;
	L->polls_done++;
	if (status != 200 || r == NULL) {
		L->errors++;
	} else {
		cJSON_ArrayForEach(ev, cJSON_GetObjectItem(r, "events"))
			load_event(L, p, ev, now);
	}
	cJSON_Delete(r);
	load_poll(L, p);
}

static void
load_post_done(struct load *L, struct load_player *p, int status, char *body,
		size_t len)
{
	(void)body;
	(void)len;
	if (status != 200)
		L->errors++;
	(void)p;
}

/* A random legal move that fills no eye of its own, or resign. */
static void
load_move(struct load *L, struct load_player *p)
{
	struct load_game *lg = p->game;
	const struct board *b = &lg->g.board;
	char body[128], v[8];
	point_t pt = BOARD_NONE;

	if (game_to_move(&lg->g) != p->color)
		return;
	if (p->post.busy) {
		load_heap_push(L, p, load_now() + 0.005, 1);
		return;
	}
	for (int i = 0; i < 60 && lg->g.nmoves < 250; i++) {
		point_t q = board_point(b, (int)rng_below(&L->rng, (uint32_t)b->size),
		    (int)rng_below(&L->rng, (uint32_t)b->size));

		if (board_at(b, q) == EMPTY && !board_is_eyelike(b, p->color, q) &&
		    game_check(&lg->g, p->color, q) == MOVE_OK) {
			pt = q;
			break;
		}
	}
	if (pt == BOARD_NONE) {
		snprintf(body, sizeof body, "{\"table\":%ld}", lg->table);
		load_request(&p->post, "POST", "/game/resign", p->token, body);
		load_send(L, &p->post);
		return;
	}
	snprintf(body, sizeof body, "{\"table\":%ld,\"move\":\"%s\",\"n\":%d}",
	    lg->table, board_vertex_str(b, pt, v), lg->g.nmoves);
	load_request(&p->post, "POST", "/game/move", p->token, body);
	load_send(L, &p->post);
	lg->sent_n = lg->g.nmoves + 1;
	lg->sent_at = p->post.sent;
	L->moves++;
}

static void
load_start(struct load *L, struct load_player *p)
{
	char body[64];

	if (p->post.busy) {
		load_heap_push(L, p, load_now() + 0.01, 2);
		return;
	}
	snprintf(body, sizeof body, "{\"table\":%ld}", p->game->table);
	load_request(&p->post, "POST", "/table/start", p->token, body);
	load_send(L, &p->post);
}

static void
load_ready(struct load *L, struct load_conn *c)
{
	char *body;
	size_t len;
	int status, eof;

	load_read_more(c, &eof, false);
	body = load_response(c, &status, &len);
	if (body) {
		c->busy = false;
		if (c->poll)
			load_poll_done(L, c->p, status, body, len);
		else
			load_post_done(L, c->p, status, body, len);
		return;
	}
	if (eof) {
		fprintf(stderr, "server-load: the server closed a connection\n");
		exit(1);
	}
}

/* --- set-up and report */

static void
load_setup(struct load *L, struct load_player *pl, struct load_game *games)
{
	struct load_conn c = { .fd = load_connect(L) };
	char body[256];
	cJSON *r;
	int st;

	for (int i = 0; i < 2 * L->ngames; i++) {
		struct load_player *p = &pl[i];

		snprintf(p->name, sizeof p->name, "load%d", i);
		snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":"
		    "\"load-password\"}", p->name);
		cJSON_Delete(load_blocking(&c, "POST", "/register", NULL, body,
		    &st));
		r = load_blocking(&c, "POST", "/login", NULL, body, &st);
		if (st != 200) {
			fprintf(stderr, "server-load: cannot log in %s\n", p->name);
			exit(1);
		}
		snprintf(p->token, sizeof p->token, "%s",
		    cJSON_GetStringValue(cJSON_GetObjectItem(r, "token")));
		cJSON_Delete(r);
		p->heap_at = -1;
		p->game = &games[i / 2];
	}
	for (int i = 0; i < L->ngames; i++) {
		struct load_game *lg = &games[i];
		struct load_player *b = &pl[2 * i], *w = &pl[2 * i + 1];

		game_init(&lg->g, 19, 7.5);
		lg->sent_n = -1;
		r = load_blocking(&c, "POST", "/table/new", b->token,
		    "{\"room\":2,\"size\":19,\"main_time\":3600,"
		    "\"move_limit\":120,\"overtime\":60}", &st);
		if (st != 200) {
			fprintf(stderr, "server-load: cannot open a table (%d)\n",
			    st);
			exit(1);
		}
		lg->table = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(r, "id"));
		cJSON_Delete(r);
		snprintf(body, sizeof body, "{\"table\":%ld}", lg->table);
		cJSON_Delete(load_blocking(&c, "POST", "/table/sit", w->token,
		    body, &st));
		lg->pl[0] = b;
		lg->pl[1] = w;
	}
	close(c.fd);
	free(c.in);
}

static int
load_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
load_pct(const struct load *L, double q)
{
	size_t i;

	if (L->nlat == 0)
		return 0;
	i = (size_t)(q * (double)(L->nlat - 1));
	return L->lat[i] * 1000;
}

static void
load_add(struct load *L, struct load_conn *c, struct load_player *p, bool poll)
{
	struct epoll_event ev = { .events = EPOLLIN };

	c->fd = load_connect(L);
	c->p = p;
	c->poll = poll;
	fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
	ev.data.ptr = c;
	epoll_ctl(L->ep, EPOLL_CTL_ADD, c->fd, &ev);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "games", required_argument, NULL, 'g' },
		{ "seconds", required_argument, NULL, 's' },
		{ "think", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 }
	};
	struct load L = { .ngames = 1000, .seconds = 30, .think = 1.0 };
	struct load_player *pl;
	struct load_game *games;
	struct epoll_event evs[256];
	double start, end, setup;
	int opt;

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'p': L.port = atoi(optarg); break;
		case 'g': L.ngames = atoi(optarg); break;
		case 's': L.seconds = atof(optarg); break;
		case 't': L.think = atof(optarg) / 1000; break;
		default:
			fprintf(stderr, "usage: server-load --port P [--games N] "
			    "[--seconds S] [--think MS]\n");
			return 2;
		}
	}
	if (L.port <= 0 || L.ngames < 1 || L.seconds <= 0) {
		fprintf(stderr, "server-load: give --port, and positive --games "
		    "and --seconds\n");
		return 2;
	}
	L.rng.s = 12345;
	pl = xcalloc((size_t)(2 * L.ngames), sizeof *pl);
	games = xcalloc((size_t)L.ngames, sizeof *games);
	L.heap = xcalloc((size_t)(2 * L.ngames), sizeof *L.heap);
	setup = load_now();
	load_setup(&L, pl, games);
	L.ep = epoll_create1(0);
	for (int i = 0; i < 2 * L.ngames; i++) {
		load_add(&L, &pl[i].poll, &pl[i], true);
		load_add(&L, &pl[i].post, &pl[i], false);
	}
	printf("set-up: %d players, %d tables in %.1f s\n", 2 * L.ngames,
	    L.ngames, load_now() - setup);
	for (int i = 0; i < 2 * L.ngames; i++)
		load_poll(&L, &pl[i]);
	/* Everybody presses start; the games begin as the pairs are ready. */
	for (int i = 0; i < 2 * L.ngames; i++)
		load_heap_push(&L, &pl[i], load_now() + 0.2, 2);
	start = load_now();
	end = start + L.seconds;
	while (load_now() < end) {
		double now = load_now(), wait = 0.05;
		int n;

		while (L.nheap > 0 && L.heap[0]->due <= now) {
			struct load_player *p = load_heap_pop(&L);

			if (p->action == 1)
				load_move(&L, p);
			else
				load_start(&L, p);
		}
		if (L.nheap > 0 && L.heap[0]->due - now < wait)
			wait = L.heap[0]->due - now;
		n = epoll_wait(L.ep, evs, 256, (int)(wait * 1000) + 1);
		for (int i = 0; i < n; i++)
			load_ready(&L, evs[i].data.ptr);
	}
	qsort(L.lat, L.nlat, sizeof L.lat[0], load_cmp);
	printf("%d games, %d long-polls waiting at most, %.0f s\n", L.ngames,
	    L.max_waiting, L.seconds);
	printf("moves sent %ld (%.0f/s), delivered and timed %zu, "
	    "polls answered %ld, games finished %ld\n", L.moves,
	    (double)L.moves / L.seconds, L.nlat, L.polls_done, L.games_ended);
	printf("move delivery to the opponent (ms): p50 %.1f  p90 %.1f  "
	    "p99 %.1f  max %.1f\n", load_pct(&L, 0.5), load_pct(&L, 0.9),
	    load_pct(&L, 0.99), load_pct(&L, 1.0));
	printf("events lost %ld, duplicated %ld, HTTP errors %ld\n", L.lost,
	    L.dup, L.errors);
	return L.lost || L.dup ? 1 : 0;
}
