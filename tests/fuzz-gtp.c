/*
 * fuzz-gtp.c: libFuzzer harness for the GTP engine.
 *
 * The input is a GTP session: it is cut at newlines and every line goes
 * through gtp_engine_execute() on a fresh engine, replies freed, until the
 * input ends or a line says quit.  File commands are switched off, so that
 * loadsgf and printsgf FILE cannot read or write the fuzzing machine's files.
 * Counting (final_score, final_status_list) runs hundreds of playouts, which
 * take seconds under the sanitizers: it runs once per input and only on
 * boards up to 7x7, so that the fuzzer spends its time on the parser.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gtp-engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gtp_engine e;
	char *line, *reply;
	size_t start = 0;
	int scored = 0;

	if (gtp_engine_init(&e) < 0)
		abort();
	e.allow_files = false;
	line = malloc(size + 1);
	if (line == NULL)
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
		if (strstr(line, "final_") != NULL &&
		    (e.game.size > 7 || scored++ > 0))
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
	gtp_engine_free(&e);
	return 0;
}
