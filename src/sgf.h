/*
 * sgf.h: SGF game records (FF[1] to FF[4]), read and written.
 *
 * This module knows SGF, not the rules: it turns text into a struct
 * sgf_record (the main line only) and back.  game-sgf.c puts a record on a
 * board and checks every move with the rules.  Every value read remembers
 * where it stood in the file, so that errors found later can still say
 * "game.sgf:12:5: B[dd]: ...".
 *
 * Ownership: sgf_parse() and sgf_read_file() fill a caller-provided record
 * whose strings and arrays are heap-allocated; sgf_record_free() releases them.
 * sgf_write() returns a heap string the caller frees.
 */
#ifndef TENGEN_SGF_H
#define TENGEN_SGF_H

#include <stddef.h>
#include "board.h"

struct sgf_pos {
	int line, col;		/* 1-based */
};

/* A point on the board: x, y 0-based from the top left; x = y = -1 is a pass. */
struct sgf_point {
	enum color color;	/* for setup: BLACK, WHITE or EMPTY (AE) */
	int x, y;
	struct sgf_pos pos;
};

struct sgf_move {
	enum color color;
	int x, y;		/* -1, -1: pass */
	char *comment;		/* C[] of the move's node, UTF-8, or NULL */
	struct sgf_pos pos;
};

struct sgf_record {
	int size;		/* SZ, default 19 */
	double komi;		/* KM, default 0 when absent */
	bool has_komi;
	int handicap;		/* HA */
	enum color first;	/* PL, or EMPTY when absent */
	/* Text properties, UTF-8, NULL when absent. */
	char *black, *white;	/* PB, PW */
	char *black_rank, *white_rank;	/* BR, WR */
	char *date, *result, *rules;	/* DT, RE, RU */
	char *name, *event, *comment;	/* GN, EV, C of the root node */
	char *application;	/* AP */
	struct sgf_point *setup;	/* AB/AW/AE before the first move */
	int nsetup;
	/* TB/TW after the last move: the count, each point with the colour
	 * whose area it is (empty points and the dead stones it takes), in
	 * row order.  Marks of an earlier node give way to a later node's,
	 * and a move clears them. */
	struct sgf_point *territory;
	int nterritory;
	/* DS, tengen's own: every stone marked dead in the count, in row
	 * order (colour EMPTY: the stone's colour is the board's), from the
	 * latest node after the last move that has it, as TB/TW.  HAS_DEAD
	 * tells DS[] (a count without dead stones) from no DS at all. */
	struct sgf_point *dead;
	int ndead;
	bool has_dead;
	/* PO, tengen's own: the moves (0 to NMOVES) at which the players
	 * went on after two passes; meaningful when HAS_PLAY_ON. */
	int play_on;
	bool has_play_on;
	struct sgf_move *moves;
	int nmoves;
	/* The file is a collection of more than one game tree; the record
	 * is of the first. */
	bool more_games;
};

/* Parse DATA (LEN bytes) named NAME in messages.  Returns 0, or -1 with a
 * message "NAME:LINE:COL: what is wrong" in ERR (ERRLEN bytes); on error the
 * record is left empty (nothing half-loaded). */
int sgf_parse(const char *data, size_t len, const char *name,
	      struct sgf_record *rec, char *err, size_t errlen);
int sgf_read_file(const char *path, struct sgf_record *rec, char *err, size_t errlen);
void sgf_record_init(struct sgf_record *rec);
void sgf_record_free(struct sgf_record *rec);

/* FF[4], CA[UTF-8], AP[tengen:VERSION]; returns a heap string. */
char *sgf_write(const struct sgf_record *rec);
/* Write atomically (temporary file, fsync, rename). Returns 0 or -1 (errno). */
int sgf_write_file(const char *path, const struct sgf_record *rec);

#endif
