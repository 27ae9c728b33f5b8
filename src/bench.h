/*
 * bench.h: the playout benchmark behind `tengen --bench`.
 */
#ifndef TENGEN_BENCH_H
#define TENGEN_BENCH_H

#include <stdio.h>

/* Run light playouts from the empty board of SIZE (0: 9 and 19) on THREADS
 * threads for SECONDS each size, printing one line per size to OUT. */
int bench_run(FILE *out, int size, int threads, double seconds);

#endif
