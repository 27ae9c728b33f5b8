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
 * The counts live in memory, guarded by the server lock; a restart
 * forgets them.  A name always finds a slot to be counted in: no
 * failures for other names can refuse it.  A count is not pushed out by
 * others while it matters: a table of 4096 slots
 * doubles whenever the slots a new name may take all hold names locked or
 * failed within the longest lock, up to SERVER_THROTTLE_MOST slots; only
 * past that does a new name take the slot, of those it may take, of the
 * name whose count matters least (not locked, the fewest failures, the
 * oldest).  The slots a name may take are chosen by a hash keyed at
 * random when the table is made, so that nobody can pick names that
 * crowd another's.
 *
 * Each client address has a budget too, for what makes the server hash a
 * password while the address could be anyone's: registrations and failed
 * logins.  --address-limit N of them at once, then one more every 3600/N
 * seconds (a bucket that leaks N an hour); beyond, the request is refused
 * before its password is hashed.  A login is counted when it is let
 * through and given back when its password proves right.  The addresses
 * are kept in a table like the names', an address whose bucket is empty
 * making room first, then, at the most slots, the one whose bucket is the
 * emptiest: a new address is never refused for others' attempts.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "server.h"
#include "util.h"

#define SERVER_THROTTLE_SLOTS 4096	/* slots of a new table */
#define SERVER_THROTTLE_MOST 65536	/* slots a table may grow to */
#define SERVER_THROTTLE_PROBE 8		/* slots looked at for one key */
#define SERVER_THROTTLE_FREE 4		/* failures in a row without a lock */
#define SERVER_THROTTLE_MAX 3600.0	/* longest lock, seconds */
#define SERVER_THROTTLE_HOUR 3600.0	/* an address's budget comes back in */

#if SERVER_NAME_MAX + 1 > SERVER_ADDR_MAX
#define SERVER_THROTTLE_KEY (SERVER_NAME_MAX + 1)
#else
#define SERVER_THROTTLE_KEY SERVER_ADDR_MAX
#endif

/* A name's failed logins, or an address's bucket. */
struct server_throttle {
	char key[SERVER_THROTTLE_KEY];	/* the name or address; "" if free */
	int failures;			/* a name's failures in a row */
	double until;			/* a name locked until then */
	double level;			/* an address's attempts in the bucket
					 * at LAST */
	double last;			/* a name's last failure; when an
					 * address's LEVEL was reckoned */
};

struct server_throttle_table {
	bool addresses;			/* of addresses, not names */
	unsigned char hash_key[crypto_shorthash_KEYBYTES];
	struct server_throttle *slot;
	uint32_t n;			/* slots, a power of two */
};

static uint32_t
server_throttle_hash(const struct server_throttle_table *tb, const char *key)
{
	unsigned char h[crypto_shorthash_BYTES];

	crypto_shorthash(h, (const unsigned char *)key, strlen(key),
	    tb->hash_key);
	return (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16 |
	    (uint32_t)h[3] << 24;
}

static struct server_throttle_table *
server_throttle_table_new(bool addresses)
{
	struct server_throttle_table *tb = xcalloc(1, sizeof *tb);

	tb->addresses = addresses;
	randombytes_buf(tb->hash_key, sizeof tb->hash_key);
	tb->n = SERVER_THROTTLE_SLOTS;
	tb->slot = xcalloc(tb->n, sizeof *tb->slot);
	return tb;
}

static void
server_throttle_table_free(struct server_throttle_table *tb)
{
	if (tb == NULL)
		return;
	free(tb->slot);
	free(tb);
}

/* The attempts in the bucket of address slot S at NOW, with what has
 * leaked out since its last one. */
static double
server_throttle_level(const struct server *srv, const struct server_throttle *s,
		      double now)
{
	double level = s->level - (now - s->last) * srv->opt.address_limit /
	    SERVER_THROTTLE_HOUR;

	return s->key[0] == '\0' || level < 0 ? 0 : level;
}

/* Can slot S of TB be given to another key at NOW without a loss: free,
 * a name neither locked nor failed within the longest lock, an address
 * whose bucket is empty? */
static bool
server_throttle_spare(const struct server *srv,
		      const struct server_throttle_table *tb,
		      const struct server_throttle *s, double now)
{
	if (s->key[0] == '\0')
		return true;
	if (tb->addresses)
		return server_throttle_level(srv, s, now) == 0;
	return s->until <= now && now - s->last > SERVER_THROTTLE_MAX;
}

/* Does slot A of TB matter less at NOW than slot B: for names, not locked
 * (or locked for less long), fewer failures, older; for addresses, a
 * lower bucket, older. */
static bool
server_throttle_weaker(const struct server *srv,
		       const struct server_throttle_table *tb,
		       const struct server_throttle *a,
		       const struct server_throttle *b, double now)
{
	if (tb->addresses) {
		double la = server_throttle_level(srv, a, now);
		double lb = server_throttle_level(srv, b, now);

		if (la != lb)
			return la < lb;
	} else {
		bool locka = a->until > now, lockb = b->until > now;

		if (locka != lockb)
			return !locka;
		if (locka && a->until != b->until)
			return a->until < b->until;
		if (a->failures != b->failures)
			return a->failures < b->failures;
	}
	return a->last < b->last;
}

/* The slot of TB for KEY, to be filled: the free one, else the spare one
 * idle longest, else with EVICT the one that matters least, of those KEY
 * may take; else NULL. */
static struct server_throttle *
server_throttle_place(const struct server *srv,
		      struct server_throttle_table *tb, const char *key,
		      double now, bool evict)
{
	struct server_throttle *spare = NULL, *weakest = NULL;
	uint32_t h = server_throttle_hash(tb, key);

	for (uint32_t i = 0; i < SERVER_THROTTLE_PROBE; i++) {
		struct server_throttle *s = &tb->slot[(h + i) & (tb->n - 1)];

		if (s->key[0] == '\0')
			return s;
		if (server_throttle_spare(srv, tb, s, now)) {
			if (spare == NULL || s->last < spare->last)
				spare = s;
		} else if (weakest == NULL ||
		    server_throttle_weaker(srv, tb, s, weakest, now))
			weakest = s;
	}
	return spare != NULL ? spare : evict ? weakest : NULL;
}

/* Twice the slots for TB: the keys that matter move over, the spare ones
 * are let go. */
static void
server_throttle_grow(const struct server *srv,
		     struct server_throttle_table *tb, double now)
{
	struct server_throttle *old = tb->slot;
	uint32_t n = tb->n;

	tb->n *= 2;
	tb->slot = xcalloc(tb->n, sizeof *tb->slot);
	for (uint32_t i = 0; i < n; i++) {
		struct server_throttle *s;

		if (server_throttle_spare(srv, tb, &old[i], now))
			continue;
		/* Half full at most: a slot of the eight is nearly always
		 * free, and when none is, the weakest of nine goes. */
		s = server_throttle_place(srv, tb, old[i].key, now, true);
		if (s->key[0] == '\0' ||
		    server_throttle_weaker(srv, tb, s, &old[i], now))
			*s = old[i];
	}
	free(old);
}

/* The slot of KEY in *TBP (a table of addresses or not, made at the first
 * use); with MAKE, one is taken for it if it has none, or else NULL. */
static struct server_throttle *
server_throttle_slot(struct server *srv, struct server_throttle_table **tbp,
		     bool addresses, const char *key, double now, bool make)
{
	struct server_throttle_table *tb = *tbp;
	struct server_throttle *s;
	uint32_t h;

	if (tb == NULL) {
		if (!make)
			return NULL;
		tb = *tbp = server_throttle_table_new(addresses);
	}
	h = server_throttle_hash(tb, key);
	for (uint32_t i = 0; i < SERVER_THROTTLE_PROBE; i++) {
		s = &tb->slot[(h + i) & (tb->n - 1)];
		if (strcmp(s->key, key) == 0)
			return s;
	}
	if (!make)
		return NULL;
	while ((s = server_throttle_place(srv, tb, key, now,
	    tb->n >= SERVER_THROTTLE_MOST)) == NULL)
		server_throttle_grow(srv, tb, now);
	memset(s, 0, sizeof *s);
	snprintf(s->key, sizeof s->key, "%s", key);
	s->last = now;
	return s;
}

double
server_throttle_begin(struct server *srv, const char *name)
{
	struct server_throttle *s;
	double now = util_now(), left, lock;

	if (srv->opt.login_lockout <= 0)
		return 0;
	s = server_throttle_slot(srv, &srv->throttle, false, name, now, true);
	left = s->until - now;
	if (left > 0)
		return left;
	/* A failure until the password proves right. */
	s->failures++;
	s->last = now;
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
	struct server_throttle *s = server_throttle_slot(srv, &srv->throttle,
	    false, name, util_now(), false);

	if (s != NULL)
		memset(s, 0, sizeof *s);
}

double
server_throttle_address(struct server *srv, const char *addr)
{
	struct server_throttle *s;
	double now = util_now(), level, limit = srv->opt.address_limit;

	if (limit <= 0 || addr[0] == '\0')
		return 0;
	s = server_throttle_slot(srv, &srv->throttle_addr, true, addr, now,
	    true);
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
	struct server_throttle *s;
	double now = util_now();

	if (srv->opt.address_limit <= 0 || addr[0] == '\0')
		return;
	s = server_throttle_slot(srv, &srv->throttle_addr, true, addr, now,
	    false);
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
	server_throttle_table_free(srv->throttle);
	srv->throttle = NULL;
	server_throttle_table_free(srv->throttle_addr);
	srv->throttle_addr = NULL;
}
