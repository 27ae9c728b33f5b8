/*
 * fuzz-gtp.c: libFuzzer harness for the GTP engine.
 *
 * The input is a GTP session: it is cut at newlines and every line goes
 * through gtp_engine_execute() on a fresh engine, replies freed, until the
 * input ends or a line says quit.  File commands are switched off, so that
 * loadsgf and printsgf FILE cannot read or write the fuzzing machine's files.
 * Counting (final_score, final_status_list) searches the position twice,
 * which takes a fifth of a second even on 2x2 under the sanitizers: it is
 * left out, so that the fuzzer spends its time on the parser (tests/test-gtp.sh
 * and tests/test-score cover counting).
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gtp-engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does LINE name a counting command once the engine has dropped its
 * control characters, as it does ("final\x7f_score" counts too)?  The
 * cleaned copy goes to CLEAN, as long as LINE; LINE itself is untouched,
 * so that the engine's own handling of those characters is fuzzed. */
static int
gtp_fuzz_counting(const char *line, char *clean)
{
	size_t n = 0;

	for (size_t i = 0; line[i] != '\0'; i++)
		if ((unsigned char)line[i] >= 32 && line[i] != 127)
			clean[n++] = line[i];
	clean[n] = '\0';
	return strstr(clean, "final_") != NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gtp_engine e;
	char *line, *clean, *reply;
	size_t start = 0;

	if (gtp_engine_init(&e) < 0)
		abort();
	e.allow_files = false;
	line = malloc(size + 1);
	clean = malloc(size + 1);
	if (line == NULL || clean == NULL)
		abort();
	while (start < size) {
		size_t end = start, n = 0;
		int done;

		while (end < size && data[end] != '\n')
			end++;
		/* A C string cannot hold NUL; the engine drops it anyway. */
		for (size_t i = start; i < end; i++)
			if (data[i] != '\0')
				line[n++] = (char)data[i];
		line[n] = '\0';
		start = end + 1;
		if (gtp_fuzz_counting(line, clean))
			continue;
		done = gtp_engine_execute(&e, line, &reply);
		if (reply != NULL) {
			size_t len = strlen(reply);

			/* Every reply is framed: "=" or "?", ends with "\n\n". */
			if (len < 3 || (reply[0] != '=' && reply[0] != '?') ||
			    strcmp(reply + len - 2, "\n\n") != 0 ||
			    strstr(reply, "\n\n") != reply + len - 2)
				abort();
		}
		free(reply);
		if (done)
			break;
	}
	free(line);
	free(clean);
	gtp_engine_free(&e);
	return 0;
}
