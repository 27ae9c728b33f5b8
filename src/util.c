/*
 * util.c: the allocation wrappers and the atomic file write.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static void
util_oom(size_t n)
{
	fprintf(stderr, "tengen: out of memory (%zu bytes)\n", n);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		util_oom(n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		util_oom(n * size);
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		util_oom(SIZE_MAX);
	p = realloc(p, n * size > 0 ? n * size : 1);
	if (!p)
		util_oom(n * size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* Make a rename in the folder of PATH durable: without this a crash can
 * bring the old file back.  Best effort: a folder that cannot be opened or
 * synced (some file systems refuse) leaves the rename as it is. */
static void
util_sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash == NULL ? xstrdup(".") :
	    slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int
util_write_atomic(const char *path, const void *data, size_t len)
{
	return util_write_atomic_mode(path, data, len, 0666);
}

/* All LEN bytes of DATA to FD, through interruptions: 0 or -1. */
static int
util_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t w = write(fd, p, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* The file a symbolic link PATH names that is not there yet, following a
 * chain of links; NULL (errno set) if the chain is too long or broken
 * otherwise. */
static char *
util_link_target(const char *path)
{
	char *cur = xstrdup(path);

	for (int hops = 0; hops < 40; hops++) {
		char buf[PATH_MAX], *next;
		struct stat lst;
		ssize_t n = readlink(cur, buf, sizeof buf - 1);

		if (n < 0) {
			if (errno == EINVAL)
				return cur;	/* not a link: the end */
			int saved = errno;
			free(cur);
			errno = saved;
			return NULL;
		}
		buf[n] = '\0';
		if (buf[0] == '/' || strrchr(cur, '/') == NULL) {
			next = xstrdup(buf);
		} else {
			size_t dl = (size_t)(strrchr(cur, '/') - cur) + 1;

			next = xmalloc(dl + (size_t)n + 1);
			memcpy(next, cur, dl);
			memcpy(next + dl, buf, (size_t)n + 1);
		}
		free(cur);
		cur = next;
		if (lstat(cur, &lst) < 0)
			return cur;	/* the file to make */
	}
	free(cur);
	errno = ELOOP;
	return NULL;
}

/* Is the file of ST our own standard output or error?  Its descriptor,
 * its stream flushed first, or -1. */
static int
util_std_stream(const struct stat *st)
{
	struct stat o;

	if (fstat(STDOUT_FILENO, &o) == 0 && o.st_dev == st->st_dev &&
	    o.st_ino == st->st_ino) {
		fflush(stdout);
		return STDOUT_FILENO;
	}
	if (fstat(STDERR_FILENO, &o) == 0 && o.st_dev == st->st_dev &&
	    o.st_ino == st->st_ino) {
		fflush(stderr);
		return STDERR_FILENO;
	}
	return -1;
}

/* DATA written into PATH as it is: a pipe, a terminal or another file
 * that is not a regular one, or our own standard output (/dev/stdout, a
 * log it goes to), which a rename would replace.  STD is the descriptor
 * to write to, or -1 to open PATH. */
static int
util_write_in_place(const char *path, int std, const void *data, size_t len)
{
	int fd = std >= 0 ? std : open(path, O_WRONLY | O_CLOEXEC), saved;

	if (fd < 0)
		return -1;
	if (util_write_all(fd, data, len) < 0) {
		saved = errno;
		if (std < 0)
			close(fd);
		errno = saved;
		return -1;
	}
	return std >= 0 ? 0 : close(fd);
}

int
util_write_atomic_mode(const char *path, const void *data, size_t len,
		       int mode)
{
	static unsigned serial;
	struct stat lst, fst;
	char *real = NULL;
	int fd = -1, saved;

	/* A symbolic link is written through, to the file it names (in a
	 * folder of dotfiles, say), or makes it if it is not there yet:
	 * renamed over, the link would become a file of its own and the
	 * file it named would stay behind.  What is not a regular file (a
	 * pipe, a terminal, /dev/stdout) is written into as it is. */
	if (stat(path, &fst) == 0) {
		if (S_ISDIR(fst.st_mode)) {
			errno = EISDIR;
			return -1;
		}
		int std = util_std_stream(&fst);

		if (!S_ISREG(fst.st_mode) || std >= 0)
			return util_write_in_place(path, std, data, len);
		if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) &&
		    (real = realpath(path, NULL)) == NULL)
			return -1;
	} else if (errno == ENOENT && lstat(path, &lst) == 0 &&
	    S_ISLNK(lst.st_mode)) {
		if ((real = util_link_target(path)) == NULL)
			return -1;
	}
	if (real != NULL)
		path = real;

	size_t plen = strlen(path);
	char *tmp = xmalloc(plen + 48);

	/* A name of our own and O_EXCL, not mkstemp(): open() applies the
	 * umask to MODE, as for any file the user creates. */
	for (int tries = 0; tries < 100 && fd < 0; tries++) {
		snprintf(tmp, plen + 48, "%s.tmp%ld.%u", path, (long)getpid(),
		    __atomic_fetch_add(&serial, 1, __ATOMIC_RELAXED));
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    (mode_t)mode);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		saved = errno;
		free(tmp);
		free(real);
		errno = saved;
		return -1;
	}
	if (util_write_all(fd, data, len) < 0)
		goto fail;
	/* A file written over keeps its permissions, within MODE. */
	struct stat st;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    fchmod(fd, st.st_mode & (mode_t)mode & 07777) < 0)
		goto fail;
	if (fsync(fd) < 0)
		goto fail;
	if (close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	if (rename(tmp, path) < 0) {
		fd = -1;
		goto fail;
	}
	util_sync_dir(path);
	free(tmp);
	free(real);
	return 0;
fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	free(real);
	errno = saved;
	return -1;
}

char *
util_format_double(double v, char *buf, size_t len)
{
	/* Digits after the point, as few as it takes: never an exponent,
	 * which SGF's Real (KM, RE) and most readers do not take. */
	for (int prec = 0; prec <= 17; prec++) {
		int n = snprintf(buf, len, "%.*f", prec, v);

		if (n >= 0 && (size_t)n < len && strtod(buf, NULL) == v)
			return buf;
	}
	/* Too small or too large for that in LEN bytes. */
	snprintf(buf, len, "%.17g", v);
	return buf;
}

long long
util_wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

double
util_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
