/*
 * play-gtp.h: the `tengen --gtp` front end.
 */
#ifndef TENGEN_PLAY_GTP_H
#define TENGEN_PLAY_GTP_H

#include <stdio.h>

#include "ai.h"

/* Serve GTP on IN/OUT with the AI configured by OPT until quit or end of
 * input.  Returns the process exit status. */
int play_gtp_run(const struct ai_options *opt, FILE *in, FILE *out);

#endif
