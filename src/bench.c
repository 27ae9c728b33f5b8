/*
 * bench.c: how many uniform random playouts per second the board sustains.
 *
 * Each thread plays light playouts (no eye filling) from an empty board
 * until the time is up; the line printed is the total over all threads, with
 * the per-thread rate beside it, since the goals are per thread.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "board.h"
#include "playout.h"
#include "util.h"

struct bench_job {
	int size;
	double seconds;
	unsigned seed;
	long playouts;
	long moves;
};

static void *
bench_thread(void *arg)
{
	struct bench_job *job = arg;
	struct board empty, b;
	struct rng r = { job->seed };
	double end = util_now() + job->seconds;
	int max_moves = 3 * job->size * job->size;

	board_init(&empty, job->size);
	while (util_now() < end) {
		for (int i = 0; i < 64; i++) {
			b = empty;
			job->moves += playout_run(&b, &r, PLAYOUT_LIGHT, max_moves);
			job->playouts++;
		}
	}
	return NULL;
}

static int
bench_size(FILE *out, int size, int threads, double seconds)
{
	pthread_t tid[64];
	struct bench_job jobs[64];
	long total = 0, moves = 0;
	double start, elapsed;

	start = util_now();
	for (int t = 0; t < threads; t++) {
		int err;

		jobs[t] = (struct bench_job){ size, seconds, 12345u + (unsigned)t, 0, 0 };
		err = pthread_create(&tid[t], NULL, bench_thread, &jobs[t]);
		if (err != 0) {
			/* The threads started use JOBS: wait for them. */
			for (int k = 0; k < t; k++)
				pthread_join(tid[k], NULL);
			fprintf(stderr, "tengen: --bench: cannot start thread %d "
			    "of %d: %s\n", t + 1, threads, strerror(err));
			return -1;
		}
	}
	for (int t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		total += jobs[t].playouts;
		moves += jobs[t].moves;
	}
	elapsed = util_now() - start;
	fprintf(out, "%dx%d light playouts/s: %.0f (%d thread%s, %.0f per thread, "
	    "%.0f moves/playout)\n", size, size, total / elapsed, threads,
	    threads == 1 ? "" : "s", total / elapsed / threads,
	    total ? (double)moves / total : 0.0);
	fflush(out);
	return 0;
}

int
bench_run(FILE *out, int size, int threads, double seconds)
{
	if (threads < 1 || threads > 64)
		return -1;
	if (size)
		return bench_size(out, size, threads, seconds);
	if (bench_size(out, 9, threads, seconds) < 0)
		return -1;
	return bench_size(out, 19, threads, seconds);
}
