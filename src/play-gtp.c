/*
 * play-gtp.c: tengen as a GTP engine with its AI, on stdin and stdout.
 */
#include "config.h"

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

	if (gtp_engine_init(&e) < 0)
		return 1;
	ai = ai_new(opt);
	ai_gtp_init(&ag, ai, opt);
	ai_gtp_register(&e, &ag);
	setvbuf(out, NULL, _IOFBF, 0);
	rc = gtp_engine_run(&e, in, out);
	gtp_engine_free(&e);
	ai_free(ai);
	return rc < 0;
}
