/*
 * fuzz-sgf.c: libFuzzer harness for the SGF reader and writer.
 *
 * Any input may be rejected, but nothing may crash or leak, and whatever is
 * accepted must be written out as a record that reads back.  Accepted
 * records are also replayed under the rules, which may refuse them; one
 * that replays is counted again with the dead stones its TB/TW mark, and
 * that count too must read back.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game-sgf.h"
#include "sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgf_record rec, back;
	struct game g;
	char err[256], *text;

	if (sgf_parse((const char *)data, size, "fuzz", &rec, err,
	    sizeof err) < 0)
		return 0;
	text = sgf_write(&rec);
	if (sgf_parse(text, strlen(text), "written", &back, err,
	    sizeof err) < 0)
		abort();	/* what we write must read back */
	if (back.nmoves != rec.nmoves || back.nsetup != rec.nsetup ||
	    back.size != rec.size || back.nterritory != rec.nterritory)
		abort();
	sgf_record_free(&back);
	free(text);
	if (game_from_sgf(&g, &rec, "fuzz", err, sizeof err) == 0) {
		uint8_t dead[BOARD_MAX_POINTS];

		/* The count's dead stones, counted again, make a record
		 * that reads back with the same count. */
		game_sgf_dead(&rec, &g, dead);
		game_sgf_set_count(&rec, &g, dead);
		text = sgf_write(&rec);
		if (sgf_parse(text, strlen(text), "counted", &back, err,
		    sizeof err) < 0 || back.nterritory != rec.nterritory)
			abort();
		sgf_record_free(&back);
		free(text);
		game_free(&g);
	}
	sgf_record_free(&rec);
	return 0;
}
