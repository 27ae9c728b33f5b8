/*
 * server-throttle.c: failed logins slow the guessing of passwords down,
 * and registrations and failed logins from one address the hashing of
 * them.
 *
 * The one idea: every name that logins are tried for, whether an account
 * has it or not (so that the answers tell nothing about which names
 * exist), counts its failed logins in a row.  From the fifth on, the name
 * is locked for a time that doubles with each further failure, from
 * --login-lockout seconds up to an hour; a login for a locked name is
 * refused before its password is hashed, so guessing costs the server
 * nothing either.  A right password clears the count.  An attempt counts
 * as a failure from the moment it is let through, before its password is
 * checked, so that attempts made at once cannot all slip past the lock.
 * The table lives in memory, guarded by the server lock; a restart
 * forgets it.  A name keeps its slot while it is locked or failed within
 * the longest lock: when the slots a new name may take all hold such
 * names, its login is refused for a while rather than push one out (which
 * would wipe that name's count).
 *
 * Each client address has a budget too, for what makes the server hash a
 * password while the address could be anyone's: registrations and failed
 * logins.  --address-limit N of them at once, then one more every 3600/N
 * seconds (a bucket that leaks N an hour); beyond, the request is refused
 * before its password is hashed.  A login is counted when it is let
 * through and given back when its password proves right.  A table of
 * slots like the names' keeps an address while its bucket is not empty;
 * when the slots an address may take all hold others', it waits a minute
 * as a name would.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "util.h"

#define SERVER_THROTTLE_SLOTS 4096
#define SERVER_THROTTLE_PROBE 8		/* slots looked at for one name */
#define SERVER_THROTTLE_FREE 4		/* failures in a row without a lock */
#define SERVER_THROTTLE_MAX 3600.0	/* longest lock, seconds */
#define SERVER_THROTTLE_FULL 60		/* wait when no slot is free, seconds */
#define SERVER_THROTTLE_HOUR 3600.0	/* an address's budget comes back in */

struct server_throttle {
	char name[SERVER_NAME_MAX + 1];	/* "" if the slot is free */
	int failures;
	double until;			/* locked until then (util_now) */
	double last;			/* time of the last failure */
};

struct server_throttle_addr {
	char addr[SERVER_ADDR_MAX];	/* "" if the slot is free */
	double level;			/* attempts in the bucket at LAST */
	double last;			/* when LEVEL was reckoned (util_now) */
};

static uint32_t
server_throttle_hash(const char *name)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* Can slot S be given to another name at NOW? */
static bool
server_throttle_spare(const struct server_throttle *s, double now)
{
	return s->name[0] == '\0' ||
	    (s->until <= now && now - s->last > SERVER_THROTTLE_MAX);
}

/* The slot of NAME; with MAKE, one is taken for it if it has none (the
 * free one, or the one idle longest among the spare ones looked at), or
 * NULL when none is spare. */
static struct server_throttle *
server_throttle_slot(struct server *srv, const char *name, bool make)
{
	struct server_throttle *oldest = NULL;
	uint32_t h = server_throttle_hash(name);
	double now = util_now();

	if (srv->throttle == NULL) {
		if (!make)
			return NULL;
		srv->throttle = xcalloc(SERVER_THROTTLE_SLOTS,
		    sizeof *srv->throttle);
	}
	for (int i = 0; i < SERVER_THROTTLE_PROBE; i++) {
		struct server_throttle *s =
		    &srv->throttle[(h + (uint32_t)i) % SERVER_THROTTLE_SLOTS];

		if (strcmp(s->name, name) == 0)
			return s;
		if (!server_throttle_spare(s, now))
			continue;
		if (oldest == NULL || s->name[0] == '\0' ||
		    (oldest->name[0] != '\0' && s->last < oldest->last))
			oldest = s;
	}
	if (!make || oldest == NULL)
		return NULL;
	memset(oldest, 0, sizeof *oldest);
	snprintf(oldest->name, sizeof oldest->name, "%s", name);
	return oldest;
}

double
server_throttle_begin(struct server *srv, const char *name)
{
	struct server_throttle *s;
	double left, lock;

	if (srv->opt.login_lockout <= 0)
		return 0;
	s = server_throttle_slot(srv, name, true);
	if (s == NULL)
		return SERVER_THROTTLE_FULL;
	left = s->until - util_now();
	if (left > 0)
		return left;
	/* A failure until the password proves right. */
	s->failures++;
	s->last = util_now();
	if (s->failures <= SERVER_THROTTLE_FREE)
		return 0;
	lock = srv->opt.login_lockout;
	for (int i = SERVER_THROTTLE_FREE + 1; i < s->failures &&
	    lock < SERVER_THROTTLE_MAX; i++)
		lock *= 2;
	if (lock > SERVER_THROTTLE_MAX)
		lock = SERVER_THROTTLE_MAX;
	s->until = s->last + lock;
	return 0;
}

void
server_throttle_ok(struct server *srv, const char *name)
{
	struct server_throttle *s = server_throttle_slot(srv, name, false);

	if (s != NULL)
		memset(s, 0, sizeof *s);
}

/* The attempts in the bucket of slot S at NOW, with what has leaked
 * out since its last one. */
static double
server_throttle_level(const struct server *srv,
		      const struct server_throttle_addr *s, double now)
{
	double level = s->level - (now - s->last) * srv->opt.address_limit /
	    SERVER_THROTTLE_HOUR;

	return s->addr[0] == '\0' || level < 0 ? 0 : level;
}

/* The slot of ADDR at NOW; with MAKE one is taken for it if it has none
 * (a free one, or one whose bucket is empty), or NULL when none is. */
static struct server_throttle_addr *
server_throttle_addr_slot(struct server *srv, const char *addr, double now,
			  bool make)
{
	uint32_t h = server_throttle_hash(addr);

	if (srv->throttle_addr == NULL) {
		if (!make)
			return NULL;
		srv->throttle_addr = xcalloc(SERVER_THROTTLE_SLOTS,
		    sizeof *srv->throttle_addr);
	}
	for (int i = 0; i < SERVER_THROTTLE_PROBE; i++) {
		struct server_throttle_addr *s = &srv->throttle_addr[
		    (h + (uint32_t)i) % SERVER_THROTTLE_SLOTS];

		if (strcmp(s->addr, addr) == 0)
			return s;
	}
	if (!make)
		return NULL;
	for (int i = 0; i < SERVER_THROTTLE_PROBE; i++) {
		struct server_throttle_addr *s = &srv->throttle_addr[
		    (h + (uint32_t)i) % SERVER_THROTTLE_SLOTS];

		if (server_throttle_level(srv, s, now) == 0) {
			memset(s, 0, sizeof *s);
			snprintf(s->addr, sizeof s->addr, "%s", addr);
			s->last = now;
			return s;
		}
	}
	return NULL;
}

double
server_throttle_address(struct server *srv, const char *addr)
{
	struct server_throttle_addr *s;
	double now = util_now(), level, limit = srv->opt.address_limit;

	if (limit <= 0 || addr[0] == '\0')
		return 0;
	s = server_throttle_addr_slot(srv, addr, now, true);
	if (s == NULL)
		return SERVER_THROTTLE_FULL;
	level = server_throttle_level(srv, s, now);
	if (level + 1 > limit)
		return (level + 1 - limit) * SERVER_THROTTLE_HOUR / limit;
	s->level = level + 1;
	s->last = now;
	return 0;
}

void
server_throttle_address_back(struct server *srv, const char *addr)
{
	struct server_throttle_addr *s;
	double now = util_now();

	if (srv->opt.address_limit <= 0 || addr[0] == '\0')
		return;
	s = server_throttle_addr_slot(srv, addr, now, false);
	if (s == NULL)
		return;
	s->level = server_throttle_level(srv, s, now) - 1;
	if (s->level < 0)
		s->level = 0;
	s->last = now;
}

void
server_throttle_free(struct server *srv)
{
	free(srv->throttle);
	srv->throttle = NULL;
	free(srv->throttle_addr);
	srv->throttle_addr = NULL;
}
