/*
 * gtp-client.c: drive an external Go engine over GTP (the controller side).
 *
 * The one idea: a reply is read line by line from a buffer that outlives
 * each read(), so a reply split over many reads, or several replies in one
 * read, are the same thing.  Each line is cleaned as GTP version 2 asks
 * (CR and other control characters dropped, tabs made spaces); blank lines
 * before a reply are skipped, and the first blank line after it ends it.
 * Commands carry ids and the reply's id, when the engine gives one, must be
 * the one expected; a mismatch, a timeout or an exit breaks the client for
 * good (see gtp-client.h).
 *
 * Both our ends of the pipes are non-blocking and every wait is a poll()
 * with a deadline, so no engine can hang the caller longer than the timeout.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#ifdef HAVE_POSIX_SPAWNP
#include <spawn.h>
#endif
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gtp-client.h"

/* configure's AC_CHECK_DECLS([environ]) says whether unistd.h declares it. */
#if defined(HAVE_DECL_ENVIRON) && !HAVE_DECL_ENVIRON
extern char **environ;
#endif

#define GTP_CLIENT_INFLIGHT	16	/* sent, not yet answered */
#define GTP_CLIENT_NAMELEN	24	/* command names, for messages */
#define GTP_CLIENT_OUTFLUSH	4096	/* write the queue from here */
#define GTP_CLIENT_MAXLINE	(1 << 20)
/* Blank lines before a reply past which the engine is taken to write
 * nothing else (an engine that floods, waited for without a deadline,
 * would be waited for for ever). */
#define GTP_CLIENT_MAXBLANKS	100000
#define GTP_CLIENT_MAXREPLY	(16 << 20)
/* The rest of a reply after its first line: an engine writes a reply at
 * once, and one that never ends it (no empty line) is not waited for for
 * ever, even in a move waited for without a deadline. */
#define GTP_CLIENT_REST_MS	5000
#define GTP_CLIENT_QUIT_MS	1000	/* wait for quit's reply */
#define GTP_CLIENT_EXIT_MS	1000	/* then for the exit */
#define GTP_CLIENT_TERM_MS	500	/* then after SIGTERM */

struct gtp_client {
	pid_t pid;
	int wfd;		/* the engine's stdin */
	int rfd;		/* the engine's stdout */
	int timeout_ms;
	bool rest;		/* reading a reply after its first line */
	int broken;
	int reaped;
	int status;		/* wait status once reaped, -1 if unknown */

	unsigned next_id;	/* id of the next command sent */
	unsigned nflight;	/* sent, reply not yet read */
	char names[GTP_CLIENT_INFLIGHT][GTP_CLIENT_NAMELEN];

	char *out;		/* commands queued, not yet written */
	size_t outlen, outcap;
	char *in;		/* bytes read from the engine */
	size_t instart, inend, incap;
	char *reply;		/* the last reply's text */
	size_t replylen, replycap;

	char err[256];
};

static int64_t
gtp_client_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t
gtp_client_deadline(int ms)
{
	return ms > 0 ? gtp_client_now_ms() + ms : -1;
}

/* Milliseconds left for poll(): -1 for no deadline, 0 once it has passed. */
static int
gtp_client_left(int64_t deadline)
{
	int64_t left;

	if (deadline < 0)
		return -1;
	left = deadline - gtp_client_now_ms();
	if (left <= 0)
		return 0;
	return left > INT32_MAX ? INT32_MAX : (int)left;
}

static void
gtp_client_sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static int
gtp_client_fail(struct gtp_client *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Record why, break the client and return -1. */
static int
gtp_client_fail(struct gtp_client *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, sizeof c->err, fmt, ap);
	va_end(ap);
	c->broken = 1;
	return -1;
}

/* Reap the child if it exits within MS milliseconds; 1 once reaped. */
static int
gtp_client_reap(struct gtp_client *c, int ms)
{
	int64_t deadline = gtp_client_now_ms() + ms;
	pid_t r;
	int st;

	while (!c->reaped) {
		r = waitpid(c->pid, &st, WNOHANG);
		if (r == c->pid) {
			c->reaped = 1;
			c->status = st;
		} else if (r == -1 && errno != EINTR) {
			/* Reaped elsewhere (SIGCHLD ignored?). */
			c->reaped = 1;
			c->status = -1;
		} else if (r == 0) {
			if (gtp_client_now_ms() >= deadline)
				break;
			gtp_client_sleep_ms(5);
		}
	}
	return c->reaped;
}

/* The engine closed its stdout or its stdin: say how it ended. */
static int
gtp_client_fail_exit(struct gtp_client *c, const char *waiting)
{
	int st;

	if (!gtp_client_reap(c, 200) || c->status == -1)
		return gtp_client_fail(c, "engine closed its %s", waiting);
	st = c->status;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
		return gtp_client_fail(c, "engine exited (status 127: "
				       "command not found?)");
	/* An engine started through the shell, which waits for it: its
	 * death by a signal comes back as the shell's status, 128 + the
	 * signal. */
	if (WIFEXITED(st) && WEXITSTATUS(st) > 128 &&
	    WEXITSTATUS(st) < 128 + NSIG)
		return gtp_client_fail(c, "engine exited (status %d: killed "
				       "by signal %d, %s?)", WEXITSTATUS(st),
				       WEXITSTATUS(st) - 128,
				       strsignal(WEXITSTATUS(st) - 128));
	if (WIFEXITED(st))
		return gtp_client_fail(c, "engine exited (status %d)",
				       WEXITSTATUS(st));
	if (WIFSIGNALED(st))
		return gtp_client_fail(c, "engine killed by signal %d",
				       WTERMSIG(st));
	return gtp_client_fail(c, "engine stopped");
}

/* Make FD close-on-exec and at least 3, so that dup2() onto 0 or 1 in the
 * child always makes a new descriptor.  Returns the (new) fd or -1. */
static int
gtp_client_fd_setup(int fd)
{
	int nfd;

	if (fd > 2)
		return fcntl(fd, F_SETFD, FD_CLOEXEC) == -1 ? -1 : fd;
	nfd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return nfd;
}

static int
gtp_client_pipe(int fds[2])
{
#ifdef HAVE_PIPE2
	if (pipe2(fds, O_CLOEXEC) == -1)
		return -1;
#else
	if (pipe(fds) == -1)
		return -1;
#endif
	fds[0] = gtp_client_fd_setup(fds[0]);
	fds[1] = gtp_client_fd_setup(fds[1]);
	if (fds[0] == -1 || fds[1] == -1) {
		if (fds[0] != -1)
			close(fds[0]);
		if (fds[1] != -1)
			close(fds[1]);
		return -1;
	}
	return 0;
}

#ifdef HAVE_POSIX_SPAWNP
/* Start the child: stdin from TOCHILD, stdout to FROMCHILD, stderr to
 * ERRLOG, in a new process group with default signal handling. */
static int
gtp_client_spawn(pid_t *pid, char *const argv[], int tochild, int fromchild,
		 const char *errlog)
{
	static const int sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t mask, def;
	size_t i;
	int e;

	if ((e = posix_spawn_file_actions_init(&fa)) != 0) {
		errno = e;
		return -1;
	}
	if ((e = posix_spawnattr_init(&attr)) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		errno = e;
		return -1;
	}
	sigemptyset(&mask);
	sigemptyset(&def);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaddset(&def, sigs[i]);
	e = posix_spawn_file_actions_adddup2(&fa, tochild, 0);
	if (e == 0)
		e = posix_spawn_file_actions_adddup2(&fa, fromchild, 1);
	if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, 2,
		    errlog != NULL ? errlog : "/dev/null",
		    O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (e == 0)
		e = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
		    POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (e == 0)
		e = posix_spawnattr_setpgroup(&attr, 0);
	if (e == 0)
		e = posix_spawnattr_setsigmask(&attr, &mask);
	if (e == 0)
		e = posix_spawnattr_setsigdefault(&attr, &def);
	if (e == 0)
		e = posix_spawnp(pid, argv[0], &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		errno = e;
		return -1;
	}
	return 0;
}
#else
static int
gtp_client_spawn(pid_t *pid, char *const argv[], int tochild, int fromchild,
		 const char *errlog)
{
	static const int sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP };
	int errfd, report[2], e = 0;
	sigset_t mask;
	size_t i;
	pid_t p;
	ssize_t n;

	errfd = open(errlog != NULL ? errlog : "/dev/null",
		     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (errfd == -1)
		return -1;
	/* The child writes errno here if exec fails; exec closes it. */
	if (gtp_client_pipe(report) == -1) {
		close(errfd);
		return -1;
	}
	p = fork();
	if (p == -1) {
		e = errno;
		close(errfd);
		close(report[0]);
		close(report[1]);
		errno = e;
		return -1;
	}
	if (p == 0) {
		setpgid(0, 0);
		for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
			signal(sigs[i], SIG_DFL);
		sigemptyset(&mask);
		sigprocmask(SIG_SETMASK, &mask, NULL);
		if (dup2(tochild, 0) != -1 && dup2(fromchild, 1) != -1 &&
		    dup2(errfd, 2) != -1)
			execvp(argv[0], argv);
		e = errno;
		n = write(report[1], &e, sizeof e);
		(void)n;
		_exit(127);
	}
	close(errfd);
	close(report[1]);
	while ((n = read(report[0], &e, sizeof e)) == -1 && errno == EINTR)
		;
	close(report[0]);
	if (n == (ssize_t)sizeof e) {
		while (waitpid(p, NULL, 0) == -1 && errno == EINTR)
			;
		errno = e;
		return -1;
	}
	*pid = p;
	return 0;
}
#endif

struct gtp_client *
gtp_client_open_argv(char *const argv[], const char *errlog)
{
	struct gtp_client *c;
	int tochild[2], fromchild[2], e;

	if (argv == NULL || argv[0] == NULL || argv[0][0] == '\0') {
		errno = EINVAL;
		return NULL;
	}
	if ((c = calloc(1, sizeof *c)) == NULL)
		return NULL;
	c->timeout_ms = GTP_CLIENT_TIMEOUT_MS;
	c->next_id = 1;
	c->incap = 4096;
	c->outcap = 256;
	c->replycap = 256;
	c->in = malloc(c->incap);
	c->out = malloc(c->outcap);
	c->reply = malloc(c->replycap);
	if (c->in == NULL || c->out == NULL || c->reply == NULL)
		goto fail;
	if (gtp_client_pipe(tochild) == -1)
		goto fail;
	if (gtp_client_pipe(fromchild) == -1) {
		e = errno;
		close(tochild[0]);
		close(tochild[1]);
		errno = e;
		goto fail;
	}
	if (gtp_client_spawn(&c->pid, argv, tochild[0], fromchild[1],
			     errlog) == -1) {
		e = errno;
		close(tochild[0]);
		close(tochild[1]);
		close(fromchild[0]);
		close(fromchild[1]);
		errno = e;
		goto fail;
	}
	close(tochild[0]);
	close(fromchild[1]);
	c->wfd = tochild[1];
	c->rfd = fromchild[0];
	/* Our ends only: the engine's ends are separate open files. */
	fcntl(c->wfd, F_SETFL, fcntl(c->wfd, F_GETFL) | O_NONBLOCK);
	fcntl(c->rfd, F_SETFL, fcntl(c->rfd, F_GETFL) | O_NONBLOCK);
	return c;

fail:
	e = errno;
	free(c->in);
	free(c->out);
	free(c->reply);
	free(c);
	errno = e;
	return NULL;
}

/* The next word of the shell command at *S into BUF, its quotes and
 * backslashes taken away; false at the end.  The word is cut at LEN. */
static bool
gtp_client_word(const char **s, char *buf, size_t len)
{
	const char *p = *s;
	size_t n = 0;
	char q = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0')
		return false;
	for (; *p != '\0'; p++) {
		char c = *p;

		if (q == 0 && (c == ' ' || c == '\t'))
			break;
		if (q == 0 && (c == '\'' || c == '"')) {
			q = c;
			continue;
		}
		if (q != 0 && c == q) {
			q = 0;
			continue;
		}
		if (c == '\\' && q != '\'' && p[1] != '\0')
			c = *++p;
		if (n + 1 < len)
			buf[n++] = c;
	}
	buf[n] = '\0';
	*s = p;
	return true;
}

/* WORD is a shell's VAR=value. */
static bool
gtp_client_assignment(const char *word)
{
	const char *p = word;

	if (!(*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
		return false;
	while (*p == '_' || (*p >= 'A' && *p <= 'Z') ||
	    (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
		p++;
	return *p == '=';
}

char *
gtp_client_program(const char *command, char *buf, size_t len)
{
	const char *s = command, *slash;
	bool env = false;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	while (gtp_client_word(&s, buf, len)) {
		if (gtp_client_assignment(buf))
			continue;
		if (!env && strcmp(buf, "env") == 0) {
			env = true;
			continue;
		}
		if (env && buf[0] == '-') {
			/* env -u NAME, -C DIR: the option's word too. */
			if (strcmp(buf, "-u") == 0 || strcmp(buf, "-C") == 0)
				gtp_client_word(&s, buf, len);
			continue;
		}
		slash = strrchr(buf, '/');
		if (slash != NULL && slash[1] != '\0')
			memmove(buf, slash + 1, strlen(slash + 1) + 1);
		return buf;
	}
	buf[0] = '\0';
	return buf;
}

struct gtp_client *
gtp_client_open(const char *command, const char *errlog)
{
	char *argv[4];

	if (command == NULL || command[0] == '\0') {
		errno = EINVAL;
		return NULL;
	}
	argv[0] = (char *)"/bin/sh";
	argv[1] = (char *)"-c";
	argv[2] = (char *)command;
	argv[3] = NULL;
	return gtp_client_open_argv(argv, errlog);
}

void
gtp_client_set_timeout(struct gtp_client *c, int ms)
{
	c->timeout_ms = ms > 0 ? ms : 0;
}

const char *
gtp_client_error(const struct gtp_client *c)
{
	return c->err;
}

int
gtp_client_broken(const struct gtp_client *c)
{
	return c->broken;
}

pid_t
gtp_client_pid(const struct gtp_client *c)
{
	return c->pid;
}

/* Write LEN bytes of BUF to the engine by DEADLINE.  SIGPIPE is blocked
 * meanwhile, and one raised by our write is taken back before unblocking,
 * so that a dead engine is an EPIPE and not the end of the caller. */
static int
gtp_client_write(struct gtp_client *c, const char *buf, size_t len,
		 int64_t deadline)
{
	sigset_t pipeset, old, pending;
	int was_pending, e = 0, sig, r;
	struct pollfd pfd;
	ssize_t n;

	sigemptyset(&pipeset);
	sigaddset(&pipeset, SIGPIPE);
	sigpending(&pending);
	was_pending = sigismember(&pending, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipeset, &old);

	while (len > 0) {
		n = write(c->wfd, buf, len);
		if (n > 0) {
			buf += n;
			len -= (size_t)n;
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno != EAGAIN && errno != EWOULDBLOCK) {
			e = errno;
			break;
		}
		pfd.fd = c->wfd;
		pfd.events = POLLOUT;
		r = poll(&pfd, 1, gtp_client_left(deadline));
		if (r == -1 && errno != EINTR) {
			e = errno;
			break;
		}
		if (r == 0) {
			e = ETIMEDOUT;
			break;
		}
	}

	if (e == EPIPE && !was_pending) {
		sigpending(&pending);
		if (sigismember(&pending, SIGPIPE))
			sigwait(&pipeset, &sig);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	if (e == EPIPE)
		return gtp_client_fail_exit(c, "input");
	if (e == ETIMEDOUT)
		return gtp_client_fail(c, "timeout after %d ms writing "
				       "to the engine", c->timeout_ms);
	if (e != 0)
		return gtp_client_fail(c, "writing to the engine: %s",
				       strerror(e));
	return 0;
}

/* Write out the queued commands. */
static int
gtp_client_flush(struct gtp_client *c)
{
	size_t len = c->outlen;

	if (len == 0)
		return 0;
	c->outlen = 0;
	return gtp_client_write(c, c->out, len,
				gtp_client_deadline(c->timeout_ms));
}

int
gtp_client_send(struct gtp_client *c, const char *fmt, ...)
{
	va_list ap;
	char *line, *p, *bigger;
	int len, hdr;
	size_t i, size;

	if (c->broken)
		return -1;
	if (c->nflight >= GTP_CLIENT_INFLIGHT)
		return gtp_client_fail(c, "too many commands in flight");
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len <= 0)
		return gtp_client_fail(c, "empty command");
	hdr = snprintf(NULL, 0, "%u ", c->next_id);
	size = (size_t)hdr + (size_t)len + 2;
	if (c->outlen + size > c->outcap) {
		while (c->outlen + size > c->outcap)
			c->outcap *= 2;
		if ((bigger = realloc(c->out, c->outcap)) == NULL)
			return gtp_client_fail(c, "out of memory");
		c->out = bigger;
	}
	line = c->out + c->outlen;
	snprintf(line, size, "%u ", c->next_id);
	va_start(ap, fmt);
	vsnprintf(line + hdr, size - (size_t)hdr, fmt, ap);
	va_end(ap);
	if (strpbrk(line, "\r\n") != NULL)
		return gtp_client_fail(c, "command contains a line break");

	/* Its name, for messages about its reply. */
	p = c->names[c->next_id % GTP_CLIENT_INFLIGHT];
	for (i = 0; i < GTP_CLIENT_NAMELEN - 1; i++) {
		if (line[hdr + i] == ' ' || line[hdr + i] == '\0')
			break;
		p[i] = line[hdr + i];
	}
	p[i] = '\0';

	line[size - 2] = '\n';
	c->outlen += size - 1;
	c->next_id++;
	c->nflight++;
	/* Queued, written when a reply is wanted: one write for a batch. */
	if (c->outlen >= GTP_CLIENT_OUTFLUSH)
		return gtp_client_flush(c);
	return 0;
}

/* The deadline of a reply is past: -1, and why. */
static int
gtp_client_late(struct gtp_client *c, unsigned id)
{
	if (c->rest)
		return gtp_client_fail(c, "the reply to %s did not end within "
		    "%d ms of its first line (GTP ends a reply with an empty "
		    "line)", c->names[id % GTP_CLIENT_INFLIGHT],
		    GTP_CLIENT_REST_MS);
	return gtp_client_fail(c, "timeout after %d ms waiting for the "
	    "reply to %s", c->timeout_ms, c->names[id % GTP_CLIENT_INFLIGHT]);
}

/* Read more bytes into the buffer by DEADLINE.  Returns 0 or -1. */
static int
gtp_client_fill(struct gtp_client *c, int64_t deadline, unsigned id)
{
	struct pollfd pfd;
	ssize_t n;
	char *bigger;
	int r;

	if (c->instart > 0) {
		memmove(c->in, c->in + c->instart, c->inend - c->instart);
		c->inend -= c->instart;
		c->instart = 0;
	}
	/* Checked before reading too: an engine that never stops writing
	 * (blank lines, say) would otherwise keep poll() ready for ever. */
	if (deadline >= 0 && gtp_client_now_ms() >= deadline)
		return gtp_client_late(c, id);
	if (c->inend == c->incap) {
		if (c->incap >= GTP_CLIENT_MAXREPLY)
			return gtp_client_fail(c, "reply to %s is too long",
			    c->names[id % GTP_CLIENT_INFLIGHT]);
		if ((bigger = realloc(c->in, c->incap * 2)) == NULL)
			return gtp_client_fail(c, "out of memory");
		c->in = bigger;
		c->incap *= 2;
	}
	for (;;) {
		n = read(c->rfd, c->in + c->inend, c->incap - c->inend);
		if (n > 0) {
			c->inend += (size_t)n;
			return 0;
		}
		if (n == 0)
			return gtp_client_fail_exit(c, "output");
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return gtp_client_fail(c, "reading from the engine: "
					       "%s", strerror(errno));
		pfd.fd = c->rfd;
		pfd.events = POLLIN;
		r = poll(&pfd, 1, gtp_client_left(deadline));
		if (r == -1 && errno != EINTR)
			return gtp_client_fail(c, "waiting for the engine: %s",
					       strerror(errno));
		if (r == 0)
			return gtp_client_late(c, id);
	}
}

/* Clean a line in place as GTP asks: drop CR and other control characters
 * but tab, turn tabs into spaces.  Returns the new length. */
static size_t
gtp_client_clean(char *s, size_t len)
{
	size_t i, j = 0;
	unsigned char ch;

	for (i = 0; i < len; i++) {
		ch = (unsigned char)s[i];
		if (ch == '\t')
			s[j++] = ' ';
		else if (ch >= 32 && ch != 127)
			s[j++] = (char)ch;
	}
	s[j] = '\0';
	return j;
}

/* Can the bytes at S (N of them, no line end yet) begin a reply, or a
 * blank line before it? */
static bool
gtp_client_may_begin(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
		i++;
	return i == n || s[i] == '=' || s[i] == '?';
}

/* The next line, cleaned and NUL-terminated, in *LINE; returns its length
 * or -1.  The line stays valid until the next call.  With HEAD (the line
 * that begins a reply, or a blank one before it), bytes that cannot begin
 * one fail at once, not at the deadline: a program that is not a GTP
 * engine (GNU Go without --mode gtp writes a few bytes of GMP and no line
 * end) is told so. */
static long
gtp_client_line(struct gtp_client *c, int64_t deadline, unsigned id,
		bool head, char **line)
{
	char *nl;
	size_t len;

	for (;;) {
		nl = memchr(c->in + c->instart, '\n', c->inend - c->instart);
		if (nl != NULL)
			break;
		if (head && !gtp_client_may_begin(c->in + c->instart,
		    c->inend - c->instart))
			return gtp_client_fail(c, "malformed reply to %s: it "
			    "does not begin with '=' or '?' (is the program "
			    "a GTP engine?)", c->names[id % GTP_CLIENT_INFLIGHT]);
		if (c->inend - c->instart > GTP_CLIENT_MAXLINE)
			return gtp_client_fail(c, "reply to %s has a line "
			    "that is too long",
			    c->names[id % GTP_CLIENT_INFLIGHT]);
		if (gtp_client_fill(c, deadline, id) == -1)
			return -1;
	}
	*line = c->in + c->instart;
	len = (size_t)(nl - *line);
	c->instart += len + 1;
	return (long)gtp_client_clean(*line, len);
}

static int
gtp_client_append(struct gtp_client *c, const char *s, size_t len, int nl)
{
	size_t need = c->replylen + len + 2;
	char *bigger;

	if (need > c->replycap) {
		if (need > GTP_CLIENT_MAXREPLY)
			return gtp_client_fail(c, "reply is too long");
		while (c->replycap < need)
			c->replycap *= 2;
		if ((bigger = realloc(c->reply, c->replycap)) == NULL)
			return gtp_client_fail(c, "out of memory");
		c->reply = bigger;
	}
	if (nl)
		c->reply[c->replylen++] = '\n';
	memcpy(c->reply + c->replylen, s, len);
	c->replylen += len;
	c->reply[c->replylen] = '\0';
	return 0;
}

static int
gtp_client_blank(const char *s)
{
	while (*s == ' ')
		s++;
	return *s == '\0';
}

int
gtp_client_recv(struct gtp_client *c, const char **reply)
{
	unsigned id, got;
	int64_t deadline;
	char *line, *p, *end;
	long len, blanks;
	int result, digits;

	if (reply != NULL)
		*reply = NULL;
	if (c->broken)
		return -1;
	if (c->nflight == 0)
		return gtp_client_fail(c, "no command is waiting for a reply");
	id = c->next_id - c->nflight;
	if (gtp_client_flush(c) == -1)
		return -1;
	deadline = gtp_client_deadline(c->timeout_ms);
	c->rest = false;

	/* Skip blank lines before the reply. */
	blanks = 0;
	do {
		if (++blanks > GTP_CLIENT_MAXBLANKS)
			return gtp_client_fail(c, "malformed reply to %s: blank "
			    "lines without end",
			    c->names[id % GTP_CLIENT_INFLIGHT]);
		if ((len = gtp_client_line(c, deadline, id, true, &line)) == -1)
			return -1;
	} while (gtp_client_blank(line));

	if (line[0] != '=' && line[0] != '?')
		return gtp_client_fail(c, "malformed reply to %s: \"%.60s\"",
		    c->names[id % GTP_CLIENT_INFLIGHT], line);
	result = line[0] == '=' ? 0 : 1;
	p = line + 1;
	got = 0;
	digits = 0;
	while (*p >= '0' && *p <= '9') {
		if (got > 100000000)
			break;
		got = got * 10 + (unsigned)(*p++ - '0');
		digits++;
	}
	if (digits > 0 && got != id)
		return gtp_client_fail(c, "reply with id %.12s to %s, "
		    "expected %u", line + 1,
		    c->names[id % GTP_CLIENT_INFLIGHT], id);
	while (*p == ' ')
		p++;

	c->replylen = 0;
	c->reply[0] = '\0';
	if (gtp_client_append(c, p, (size_t)(line + len - p), 0) == -1)
		return -1;
	int64_t rest = gtp_client_deadline(GTP_CLIENT_REST_MS);
	if (deadline < 0 || rest < deadline) {
		deadline = rest;
		c->rest = true;
	}
	for (;;) {
		if ((len = gtp_client_line(c, deadline, id, false, &line)) == -1)
			return -1;
		if (gtp_client_blank(line))
			break;
		if (gtp_client_append(c, line, (size_t)len, 1) == -1)
			return -1;
	}
	/* Trailing spaces carry nothing ("= " is an empty reply). */
	end = c->reply + c->replylen;
	while (end > c->reply && end[-1] == ' ')
		end--;
	*end = '\0';
	c->replylen = (size_t)(end - c->reply);

	c->nflight--;
	if (reply != NULL)
		*reply = c->reply;
	return result;
}

int
gtp_client_command(struct gtp_client *c, const char **reply,
		   const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int len, r;

	if (reply != NULL)
		*reply = NULL;
	if (c->broken)
		return -1;
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return gtp_client_fail(c, "bad command format");
	if ((cmd = malloc((size_t)len + 1)) == NULL)
		return gtp_client_fail(c, "out of memory");
	va_start(ap, fmt);
	vsnprintf(cmd, (size_t)len + 1, fmt, ap);
	va_end(ap);
	r = gtp_client_send(c, "%s", cmd);
	free(cmd);
	if (r == -1)
		return -1;
	return gtp_client_recv(c, reply);
}

/* The engine's child is gone, but the rest of its process group may not
 * be: a command line runs through the shell, which does not always exec
 * the engine, and SIGTERM then ends the shell alone.  Whatever is left of
 * the group gets SIGTERM, and SIGKILL after GTP_CLIENT_TERM_MS. */
static void
gtp_client_end_group(pid_t pgid)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	if (kill(-pgid, 0) < 0)
		return;
	kill(-pgid, SIGTERM);
	for (int ms = 0; ms < GTP_CLIENT_TERM_MS && kill(-pgid, 0) == 0; ms += 10)
		nanosleep(&tick, NULL);
	kill(-pgid, SIGKILL);
}

int
gtp_client_close(struct gtp_client *c)
{
	int clean = 0;

	if (c == NULL)
		return 0;
	if (!c->broken && c->nflight == 0) {
		c->timeout_ms = GTP_CLIENT_QUIT_MS;
		gtp_client_command(c, NULL, "quit");
	}
	close(c->wfd);
	if (gtp_client_reap(c, GTP_CLIENT_EXIT_MS))
		clean = c->status != -1 && WIFEXITED(c->status) &&
		    WEXITSTATUS(c->status) == 0;
	if (!c->reaped) {
		kill(-c->pid, SIGTERM);
		if (!gtp_client_reap(c, GTP_CLIENT_TERM_MS)) {
			kill(-c->pid, SIGKILL);
			while (waitpid(c->pid, NULL, 0) == -1 &&
			       errno == EINTR)
				;
		}
	}
	gtp_client_end_group(c->pid);
	close(c->rfd);
	free(c->in);
	free(c->out);
	free(c->reply);
	free(c);
	return clean ? 0 : -1;
}
