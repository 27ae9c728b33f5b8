/*
 * gtp-client.h: drive an external Go engine (GNU Go, KataGo, ...) over GTP.
 *
 * The one idea: the engine is a child process in its own process group,
 * talking GTP version 2 on a pair of pipes, and every exchange is a numbered
 * command followed by exactly one reply.  Anything that breaks that rhythm
 * (the engine exits, answers with something that is not a GTP reply, answers
 * with the wrong id, or takes longer than the timeout) makes the client
 * "broken": the call returns -1, gtp_client_error() says why, and every later
 * command fails at once, because the stream can no longer be trusted.  The
 * caller then closes the client and, if it likes, starts a new engine.
 *
 * The engine's stderr goes to /dev/null, or is appended to a log file when
 * one is given, so that an engine's chatter never lands on a curses screen.
 * SIGPIPE is held off while writing, so an engine that dies never kills the
 * caller; no signal disposition of the caller is changed.
 *
 * Ownership: gtp_client_open*() returns a heap object that
 * gtp_client_close() frees.  A reply string belongs to the client and stays
 * valid until the next call on the same client.
 */
#ifndef TENGEN_GTP_CLIENT_H
#define TENGEN_GTP_CLIENT_H

#include <sys/types.h>

struct gtp_client;

/* Default per-command timeout in milliseconds; 0 would mean none. */
#define GTP_CLIENT_TIMEOUT_MS 30000
/* For the first answer of an engine just started, which may load its data
 * (a network, a book) first. */
#define GTP_CLIENT_START_MS 300000

/* Start COMMAND with /bin/sh -c (so a user's command line such as
 * "gnugo --mode gtp --level 5" works as typed).  ERRLOG is a file the
 * engine's stderr is appended to, or NULL for /dev/null.  Returns NULL with
 * errno set if the process could not be started; a command that the shell
 * cannot find shows up at the first command as "engine exited (status 127)". */
struct gtp_client *gtp_client_open(const char *command, const char *errlog);

/* The program COMMAND (as gtp_client_open() takes it) runs, by its name
 * alone, for the players' names and messages: the first word that is not
 * "env", an option of env or a VAR=value, without its quotes and folders
 * ("X=1 '/opt/go engines/katago' gtp" is "katago").  In BUF (LEN bytes);
 * returns BUF, "" when the command names no program. */
char *gtp_client_program(const char *command, char *buf, size_t len);

/* Start ARGV[0] (searched in PATH) with ARGV, no shell involved. */
struct gtp_client *gtp_client_open_argv(char *const argv[], const char *errlog);

/* Per-command timeout in milliseconds; 0 waits for ever (genmove on a slow
 * engine).  The default is GTP_CLIENT_TIMEOUT_MS. */
void gtp_client_set_timeout(struct gtp_client *c, int ms);

/* Send one command, printf style, and wait for its reply.  Returns 0 for a
 * success reply ("="), 1 for a failure reply ("?"), -1 on I/O error, engine
 * exit, malformed reply or timeout.  On 0 and 1, *REPLY (if REPLY is not NULL)
 * is the reply text without the "=id " and the closing blank line; lines of a
 * multi-line reply are joined by "\n".  On -1, *REPLY is NULL. */
int gtp_client_command(struct gtp_client *c, const char **reply,
		       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The same in two halves, so that a few commands can be in flight at once
 * (replies come back in order; at most 16 unanswered).  gtp_client_send()
 * queues the command and the next gtp_client_recv() writes the queue in
 * one go, so a batch costs one round trip; errors in writing show up
 * there.  Keep batches small: the engine's replies wait in a pipe of
 * limited size until they are read. */
int gtp_client_send(struct gtp_client *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int gtp_client_recv(struct gtp_client *c, const char **reply);

/* Why the last call returned -1 ("engine exited (status 1)", "timeout after
 * 5000 ms waiting for a reply to genmove", ...). */
const char *gtp_client_error(const struct gtp_client *c);

/* True once the client is broken (see above). */
int gtp_client_broken(const struct gtp_client *c);

/* The engine's process id (to signal it from another thread). */
pid_t gtp_client_pid(const struct gtp_client *c);

/* Stop the engine and free C: send "quit" if the stream is healthy, close
 * its stdin, wait up to about two seconds, then SIGTERM and SIGKILL its
 * process group; the child is always reaped.  Returns 0 if the engine exited
 * by itself with status 0, -1 otherwise.  C may be NULL. */
int gtp_client_close(struct gtp_client *c);

#endif
