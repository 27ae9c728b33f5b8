/*
 * server-auth.c: accounts, passwords and bearer tokens.
 *
 * Passwords are kept only as libsodium's crypto_pwhash_str (Argon2id, a
 * slow salted hash); hashing and verifying run outside the server lock so
 * a login never stalls the games.  A token is 32 random bytes shown to the
 * client once as hex; the database keeps only its BLAKE2b hash, so a copy
 * of the database lets nobody act for anyone.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "server.h"

#define SERVER_TOKEN_BYTES 32

static void
server_auth_limits(int level, unsigned long long *ops, size_t *mem)
{
	switch (level) {
	case 0:
		*ops = crypto_pwhash_OPSLIMIT_MIN;
		*mem = crypto_pwhash_MEMLIMIT_MIN;
		break;
	case 2:
		*ops = crypto_pwhash_OPSLIMIT_MODERATE;
		*mem = crypto_pwhash_MEMLIMIT_MODERATE;
		break;
	default:
		*ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
		*mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
		break;
	}
}

/* Refuse C with 429 for WAIT seconds: too many WHAT. */
static void
server_auth_too_many(struct server_call *c, double wait, const char *what)
{
	c->retry_after = (int)wait + 1;
	server_error(c, 429, "too_many_attempts", "too many %s: try again in "
	    "%d s", what, c->retry_after);
	cJSON_AddNumberToObject(c->reply, "retry_after", c->retry_after);
}

/* Called without the lock. */
int
server_auth_register(struct server_call *c, const char *name,
		const char *password)
{
	struct server *srv = c->srv;
	char hash[crypto_pwhash_STRBYTES], taken[SERVER_NAME_MAX + 1];
	unsigned long long ops;
	double wait;
	size_t mem;
	long id = 0;
	int rc;

	pthread_mutex_lock(&srv->lock);
	wait = server_throttle_address(srv, c->addr);
	pthread_mutex_unlock(&srv->lock);
	if (wait > 0) {
		server_auth_too_many(c, wait, "registrations and failed logins "
		    "from your address");
		return -1;
	}
	server_auth_limits(srv->opt.pwhash_level, &ops, &mem);
	if (crypto_pwhash_str(hash, password, strlen(password), ops, mem) != 0) {
		server_error(c, 503, "busy", "cannot hash the password now");
		return -1;
	}
	pthread_mutex_lock(&srv->lock);
	server_begin(srv);
	rc = server_db_user_add(srv->db, name, hash, &id, taken, sizeof taken);
	if (rc < 0)
		server_fatal(srv, "adding a user");
	server_commit(srv);
	pthread_mutex_unlock(&srv->lock);
	if (rc == 1 && strcmp(taken, name) == 0) {
		server_error(c, 409, "name_taken", "the name %s is taken", name);
		return -1;
	}
	if (rc == 1) {
		server_error(c, 409, "name_taken", "the name %s is taken: it "
		    "looks like %s", name, taken);
		return -1;
	}
	c->user = id;
	return 0;
}

static void
server_auth_hex(const unsigned char *bin, size_t n, char *out)
{
	sodium_bin2hex(out, 2 * n + 1, bin, n);
}

static void
server_auth_token_hash(const char *token, char *out)
{
	unsigned char h[32];

	crypto_generichash(h, sizeof h, (const unsigned char *)token,
	    strlen(token), NULL, 0);
	server_auth_hex(h, sizeof h, out);
}

/* Called without the lock. */
int
server_auth_login(struct server_call *c, const char *name,
		const char *password, char *token, size_t len)
{
	struct server *srv = c->srv;
	char hash[SERVER_HASH_MAX], th[SERVER_HASH_MAX];
	unsigned char raw[SERVER_TOKEN_BYTES];
	long id = 0;
	int rc;

	const char *what;
	double wait;
	bool ok;

	/* The address first: a login it refuses does not count for the
	 * name, nor one the name refuses for the address. */
	pthread_mutex_lock(&srv->lock);
	what = "registrations and failed logins from your address";
	wait = server_throttle_address(srv, c->addr);
	if (wait == 0) {
		what = "failed logins for this name";
		wait = server_throttle_begin(srv, name);
		if (wait > 0)
			server_throttle_address_back(srv, c->addr);
	}
	rc = wait > 0 ? 0 :
	    server_db_user_hash(srv->db, name, &id, hash, sizeof hash);
	pthread_mutex_unlock(&srv->lock);
	if (wait > 0) {
		server_auth_too_many(c, wait, what);
		return -1;
	}
	if (rc < 0)
		server_fatal(srv, "reading a user");
	ok = rc == 0 && crypto_pwhash_str_verify(hash, password,
	    strlen(password)) == 0;
	if (ok) {
		pthread_mutex_lock(&srv->lock);
		server_throttle_ok(srv, name);
		server_throttle_address_back(srv, c->addr);
		pthread_mutex_unlock(&srv->lock);
	}
	if (!ok) {
		server_error(c, 401, "bad_login", "wrong name or password");
		return -1;
	}
	if (len < 2 * SERVER_TOKEN_BYTES + 1)
		return -1;
	randombytes_buf(raw, sizeof raw);
	server_auth_hex(raw, sizeof raw, token);
	server_auth_token_hash(token, th);
	pthread_mutex_lock(&srv->lock);
	server_begin(srv);
	if (server_db_token_add(srv->db, th, id) < 0)
		server_fatal(srv, "adding a token");
	server_commit(srv);
	pthread_mutex_unlock(&srv->lock);
	c->user = id;
	snprintf(c->user_name, sizeof c->user_name, "%s", name);
	return 0;
}

/* Called with the lock held. */
int
server_auth_token(struct server_call *c, const char *header)
{
	struct server_db_user u;
	const char *t;
	long id;
	int rc;

	if (header == NULL || strncmp(header, "Bearer ", 7) != 0)
		return -1;
	t = header + 7;
	if (strlen(t) != 2 * SERVER_TOKEN_BYTES ||
	    strspn(t, "0123456789abcdef") != 2 * SERVER_TOKEN_BYTES)
		return -1;
	server_auth_token_hash(t, c->token_hash);
	rc = server_db_token_user(c->srv->db, c->token_hash, &id);
	if (rc < 0)
		server_fatal(c->srv, "reading a token");
	if (rc == 1)
		return -1;
	if (server_db_user_by_id(c->srv->db, id, &u) != 0)
		return -1;
	c->user = id;
	snprintf(c->user_name, sizeof c->user_name, "%s", u.name);
	return 0;
}

/* Called with the lock held. */
void
server_auth_logout(struct server_call *c)
{
	server_begin(c->srv);
	if (server_db_token_del(c->srv->db, c->token_hash) < 0)
		server_fatal(c->srv, "deleting a token");
	server_commit(c->srv);
}
