/*
 * game-sgf.h: between an SGF record (sgf.h) and a game (game.h).
 *
 * sgf.c knows the format and game.c the rules; this is where a record is
 * replayed under the rules, so that an illegal move in a file is reported
 * with the place it stood: "game.sgf:12:5: B[dd]: illegal move: suicide".
 *
 * Ownership: game_from_sgf() calls game_init() on G, which the caller frees
 * with game_free() on success (on error G holds nothing).  game_to_sgf()
 * fills REC like sgf_parse() does; the caller frees it with
 * sgf_record_free().
 */
#ifndef TENGEN_GAME_SGF_H
#define TENGEN_GAME_SGF_H

#include <stddef.h>
#include "game.h"
#include "sgf.h"

/* Set up G from REC (NAME is used in messages).  Returns 0, or -1 with
 * "NAME:LINE:COL: message" in ERR. */
int game_from_sgf(struct game *g, const struct sgf_record *rec,
		  const char *name, char *err, size_t errlen);
/* The inverse: size, komi, handicap, setup stones, first player, moves and
 * result.  Player names and the like are not in a game: they stay NULL for
 * the caller to fill.  Returns 0, or -1 if G is not a valid game. */
int game_to_sgf(const struct game *g, struct sgf_record *rec);

/* The count of G's present position, with DEAD marking its dead stones,
 * as REC's TB/TW: every point of a colour's area that is empty or holds a
 * dead stone of the other colour (points shared, dame in seki, and areas
 * of nobody are not marked); and as REC's DS: every stone DEAD marks,
 * also those TB/TW cannot name. */
void game_sgf_set_count(struct sgf_record *rec, const struct game *g,
			const uint8_t *dead);
/* The dead stones REC's count marks on G's present position, G having
 * been read from REC, into DEAD (BOARD_MAX_POINTS): those its DS names,
 * or without DS (a record of another program) those its TB/TW put in the
 * other colour's area; false, with DEAD all clear, if REC holds no
 * count. */
bool game_sgf_dead(const struct sgf_record *rec, const struct game *g,
		   uint8_t *dead);

/* PLAY_ON, the moves at which the players went on after two passes, as
 * REC's PO; none when it is -1 or beyond REC's moves. */
void game_sgf_set_play_on(struct sgf_record *rec, int play_on);
/* REC's PO for G, read from REC: the moves at which the players went on
 * after two passes, or -1. */
int game_sgf_play_on(const struct sgf_record *rec, const struct game *g);

#endif
