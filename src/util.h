/*
 * util.h: allocation that cannot fail, atomic file writes, a small fast RNG.
 *
 * The x* allocators abort with a message on out-of-memory, as git's do: a Go
 * program has nothing sensible to do without memory, and callers stay simple.
 */
#ifndef TENGEN_UTIL_H
#define TENGEN_UTIL_H

#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Write LEN bytes to PATH atomically: a temporary file in the same directory,
 * fsync, rename.  Returns 0, or -1 with errno set and nothing left behind.
 * A new file gets 0666 less the umask; a file written over keeps its
 * permissions. */
int util_write_atomic(const char *path, const void *data, size_t len);
/* The same with at most MODE's permission bits (0600 for secrets). */
int util_write_atomic_mode(const char *path, const void *data, size_t len,
			   int mode);

/* V with as few digits after the point as strtod() needs to read back
 * exactly V ("10", "7.5"; an exponent only for a value too small or too
 * large for that in LEN bytes); into BUF, which it returns. */
char *util_format_double(double v, char *buf, size_t len);

/* Seconds on the monotonic clock, for measuring intervals. */
double util_now(void);
/* Milliseconds since 1970 on the wall clock, for times kept on disk. */
long long util_wall_ms(void);

/* xorshift-style generator; one per thread, no locking. */
struct rng {
	uint64_t s;
};
static inline uint64_t
rng_next(struct rng *r)
{
	/* splitmix64: good enough for playouts and fast. */
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
/* Uniform in [0, n). */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
