/*
 * play-gtp.c: tengen as a GTP engine with its AI, on stdin and stdout.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "ai-gtp.h"
#include "gtp-engine.h"
#include "play-gtp.h"

int
play_gtp_run(const struct ai_options *opt, FILE *in, FILE *out)
{
	struct gtp_engine e;
	struct ai_gtp ag;
	struct ai *ai;
	int rc;

	/* A controller that goes away is an error to report (status 1),
	 * not a signal to die of. */
	signal(SIGPIPE, SIG_IGN);
	if (gtp_engine_init(&e) < 0)
		return 1;
	ai = ai_new(opt);
	ai_gtp_init(&ag, ai, opt);
	ai_gtp_register(&e, &ag);
	setvbuf(out, NULL, _IOFBF, 0);
	rc = gtp_engine_run(&e, in, out);
	if (rc < 0 && ferror(out))
		fprintf(stderr, "tengen: writing to the controller: %s\n",
		    strerror(errno));
	gtp_engine_free(&e);
	ai_free(ai);
	return rc < 0;
}
