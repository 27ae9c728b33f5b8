/*
 * settings.h: the player's choices, kept in a small key=value text file.
 *
 * The one idea: every setting is a row of one table (name, type, field), so
 * reading, writing and checking the file are three loops over that table and
 * a new setting is one line.  The same format describes the game in
 * progress next to its SGF record (who the opponent is, which colour the
 * player has), so a saved game resumes exactly as it was left.
 *
 * Paths follow the XDG base directories: settings under
 * $XDG_CONFIG_HOME/tengen (default ~/.config/tengen), games under
 * $XDG_DATA_HOME/tengen (default ~/.local/share/tengen).
 *
 * No curses here: this module is shared by every front end.
 */
#ifndef TENGEN_SETTINGS_H
#define TENGEN_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum settings_opponent {
	SETTINGS_COMPUTER = 0,	/* tengen's own AI */
	SETTINGS_HOTSEAT,	/* two people, one screen */
	SETTINGS_ENGINE		/* an external GTP engine */
};

enum settings_pace {
	SETTINGS_PACE_REAL = 0,	/* the computer's move shows after 2-5 s */
	SETTINGS_PACE_FAST,	/* after 1-2 s */
	SETTINGS_PACE_OFF	/* as soon as it is found */
};

enum settings_width {
	SETTINGS_WIDTH_AUTO = 0,	/* measure the terminal */
	SETTINGS_WIDTH_NARROW,		/* ambiguous-width characters take one column */
	SETTINGS_WIDTH_WIDE		/* they take two (CJK terminals) */
};

#define SETTINGS_ENGINE_LEN 256

struct settings {
	int size;		/* 9, 13, 19 */
	int opponent;		/* enum settings_opponent */
	int level;		/* enum ai_level */
	int color;		/* the player's colour against a computer: BLACK, WHITE */
	int handicap;		/* 0, 2..9 */
	double komi;
	bool preview;		/* first click previews, second places */
	bool marks;		/* mark forbidden points and ko */
	bool numbers;		/* move numbers on the stones */
	int pace;		/* enum settings_pace */
	bool sound;		/* bell on the opponent's move and at the end */
	int width;		/* enum settings_width */
	char engine[SETTINGS_ENGINE_LEN];	/* command line of the GTP engine */
	char server[SETTINGS_ENGINE_LEN];	/* the last online server, "" none */
	int room;		/* the last room seen there */
	int play_on;		/* current.conf alone: the moves at which the
				 * players went on after two passes, -1 none */
};

void settings_default(struct settings *s);

/* Read PATH over S (unknown keys and bad values are skipped, so an old or
 * hand-edited file never stops the program).  Returns the number of lines
 * skipped, the first one's place and reason in ERR ("PATH:LINE: why", when
 * ERR is not NULL and a line was skipped), or -1 with errno set if the
 * file cannot be read (S is then unchanged). */
int settings_load(struct settings *s, const char *path, char *err,
		  size_t errlen);
/* Parse the text of a settings file; returns the number of lines skipped,
 * and with ERR, the first one's "LINE: why". */
int settings_parse(struct settings *s, const char *text);
int settings_parse_err(struct settings *s, const char *text, char *err,
		       size_t errlen);
/* The file's text, heap-allocated: the caller frees it. */
char *settings_format(const struct settings *s);
/* Write atomically; creates the directory.  The lines of the file there
 * that this version does not read (another version's settings, lines
 * written by hand, comments) are kept at its end, a bad value of a known
 * setting as a comment.  Returns 0 or -1 with errno. */
int settings_save(const struct settings *s, const char *path);

/* Into DST, every setting that differs between FROM and TO, as TO has it;
 * the others stay as DST has them.  Returns how many were copied. */
int settings_merge(struct settings *dst, const struct settings *from,
		   const struct settings *to);

/* Names of enum values as the file and the command line spell them; -1 from
 * the parsers when the word is not one of them. */
int settings_pace_parse(const char *word);
const char *settings_pace_name(int pace);
int settings_opponent_parse(const char *word);
const char *settings_opponent_name(int opponent);
int settings_width_parse(const char *word);

/* $ENV/tengen/NAME, or $HOME/FALLBACK/tengen/NAME when ENV is unset or not
 * absolute ("XDG_CONFIG_HOME", ".config").  NAME may be "" for the directory
 * itself.  Returns 0, or -1 when neither variable is usable or the path is
 * too long. */
int settings_xdg_path(const char *env, const char *fallback, const char *name,
		      char *buf, size_t len);
/* mkdir -p the directory part of PATH (everything before the last '/'). */
int settings_mkdir_parent(const char *path);

#endif
