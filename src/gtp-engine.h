/*
 * gtp-engine.h: tengen as a GTP version 2 engine (tengen --gtp).
 *
 * The one idea: a command line goes in, one complete reply comes out
 * ("=id result\n\n" or "?id message\n\n"), and the game it acts on is an
 * ordinary struct game.  Commands are found by name in tables of
 * { "name", handler } entries: the built-in table of this file, plus tables
 * that other modules (the AI's genmove, time_settings, ...) register with
 * gtp_engine_add_commands().  A registered name hides a built-in one of the
 * same name, so a module may also replace a built-in command.
 *
 * Ownership: struct gtp_engine is caller-allocated; gtp_engine_init() gives
 * it its own game and reply buffer, gtp_engine_free() releases them.  Tables
 * passed to gtp_engine_add_commands() are not copied and must outlive the
 * engine (static tables).  gtp_engine_execute() returns a heap string the
 * caller frees.
 */
#ifndef TENGEN_GTP_ENGINE_H
#define TENGEN_GTP_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"
#include "game.h"

struct gtp_engine;

/* A command: ARGC arguments in ARGV (the command name and id are not among
 * them).  The handler writes its result, or its error message, with
 * gtp_engine_printf() and returns 0 for success or -1 for failure. */
typedef int (*gtp_engine_fn)(struct gtp_engine *e, int argc, char **argv);

struct gtp_command {
	const char *name;
	gtp_engine_fn fn;
};

/* How many tables gtp_engine_add_commands() accepts. */
#define GTP_ENGINE_MAX_TABLES 4

struct gtp_engine {
	struct game game;
	bool quit;		/* set by "quit" */
	bool allow_files;	/* loadsgf and printsgf FILE; true by default */
	void *data;		/* for the handlers of registered tables */
	/* Called after boardsize and clear_board have started a new game
	 * (the clocks of ai-gtp.c start again); NULL: nothing. */
	void (*new_game)(struct gtp_engine *e);

	/* Registered tables, each ended by an entry with a NULL name. */
	const struct gtp_command *tables[GTP_ENGINE_MAX_TABLES];
	int ntables;

	/* The text of the reply being built. */
	char *buf;
	size_t len, cap;
};

/* A 19x19 game with komi GAME_DEFAULT_KOMI.  Returns 0 (-1 is reserved for a
 * failure to set up). */
int gtp_engine_init(struct gtp_engine *e);
void gtp_engine_free(struct gtp_engine *e);

/* Add TABLE (ended by { NULL, NULL }) to the commands; searched before the
 * tables added earlier and before the built-in one.  Returns 0, or -1 when
 * GTP_ENGINE_MAX_TABLES tables are already registered. */
int gtp_engine_add_commands(struct gtp_engine *e,
			    const struct gtp_command *table);

/* Run one command line (without or with its newline; anything after a
 * newline is ignored).  *REPLY is set to the full reply, ending with the
 * empty line, as a heap string the caller frees; it is NULL when the line
 * holds no command (empty, blank or only a comment), which needs no reply.
 * Returns 1 once "quit" has been executed, 0 otherwise. */
int gtp_engine_execute(struct gtp_engine *e, const char *line, char **reply);

/* Read commands from IN and write replies to OUT until "quit" or end of
 * input.  Returns 0, or -1 on a read or write error (errno set). */
int gtp_engine_run(struct gtp_engine *e, FILE *in, FILE *out);

/* For handlers: append to the reply text. */
void gtp_engine_printf(struct gtp_engine *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append a vertex of the current board ("D4", "pass"). */
void gtp_engine_put_vertex(struct gtp_engine *e, point_t p);

/* For handlers: argument parsers.  They return 0, or -1 when S is not what
 * is asked for (the handler then replies "syntax error"). */
int gtp_engine_parse_color(const char *s, enum color *c);
/* A vertex on the current board or "pass", case-insensitive. */
int gtp_engine_parse_vertex(const struct gtp_engine *e, const char *s,
			    point_t *p);
/* A decimal integer from MIN to MAX, nothing else (GTP's int has no
 * sign). */
int gtp_engine_parse_int(const char *s, int min, int max, int *v);

#endif
