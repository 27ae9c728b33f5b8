/*
 * test-sgf.c: the SGF reader, writer and the game bridge.
 *
 * Hand-written records in tests/data/sgf cover each property, the FF[3]
 * quirks, charsets and every error with its exact message and position;
 * then records go round trips (record -> text -> record, game -> record ->
 * game), and, when the GNU Go game collection sits next to the source tree,
 * every one of its records does too.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "game-sgf.h"
#include "game.h"
#include "score.h"
#include "sgf.h"
#include "tu.h"

static char *
data_path(const char *file)
{
	const char *top = getenv("top_srcdir");
	static char path[1024];

	snprintf(path, sizeof path, "%s/tests/data/sgf/%s",
	    top != NULL ? top : ".", file);
	return path;
}

static void
read_data(const char *file, struct sgf_record *rec)
{
	char err[512];
	int rc = sgf_read_file(data_path(file), rec, err, sizeof err);

	if (rc != 0)
		print_error("%s\n", err);
	assert_int_equal(rc, 0);
}

static void
assert_empty(const struct sgf_record *rec)
{
	assert_int_equal(rec->size, 19);
	assert_int_equal(rec->nmoves, 0);
	assert_int_equal(rec->nsetup, 0);
	assert_null(rec->moves);
	assert_null(rec->setup);
	assert_null(rec->black);
	assert_null(rec->comment);
	assert_false(rec->has_komi);
}

static void
assert_move(const struct sgf_record *rec, int i, enum color c, int x, int y)
{
	assert_true(i < rec->nmoves);
	assert_int_equal(rec->moves[i].color, c);
	assert_int_equal(rec->moves[i].x, x);
	assert_int_equal(rec->moves[i].y, y);
}

static void
assert_setup(const struct sgf_record *rec, int i, enum color c, int x, int y)
{
	assert_true(i < rec->nsetup);
	assert_int_equal(rec->setup[i].color, c);
	assert_int_equal(rec->setup[i].x, x);
	assert_int_equal(rec->setup[i].y, y);
}

/* --- reading --------------------------------------------------------- */

static void
test_properties(void **state)
{
	struct sgf_record rec;

	(void)state;
	read_data("props.sgf", &rec);
	assert_int_equal(rec.size, 13);
	assert_true(rec.has_komi);
	assert_true(rec.komi == 6.5);
	assert_int_equal(rec.handicap, 0);
	assert_int_equal(rec.first, WHITE);
	assert_string_equal(rec.rules, "Japanese");
	assert_string_equal(rec.black, "Black Player");
	assert_string_equal(rec.white, "White Player");
	assert_string_equal(rec.black_rank, "3d");
	assert_string_equal(rec.white_rank, "2k");
	assert_string_equal(rec.date, "2024-05-01");
	assert_string_equal(rec.name, "Test game");
	assert_string_equal(rec.event, "Club ] night");
	assert_string_equal(rec.result, "W+3.5");
	assert_string_equal(rec.application, "Some Program:1.2");
	/* escapes, a kept line break and a removed soft one */
	assert_string_equal(rec.comment, "Root comment with \\ backslash "
	    "and ]bracket.\nSecond line, soft break.");

	/* AB[aa:bc][dd]AW[mm], in row order */
	assert_int_equal(rec.nsetup, 8);
	assert_setup(&rec, 0, BLACK, 0, 0);
	assert_setup(&rec, 1, BLACK, 1, 0);
	assert_setup(&rec, 2, BLACK, 0, 1);
	assert_setup(&rec, 3, BLACK, 1, 1);
	assert_setup(&rec, 4, BLACK, 0, 2);
	assert_setup(&rec, 5, BLACK, 1, 2);
	assert_setup(&rec, 6, BLACK, 3, 3);
	assert_setup(&rec, 7, WHITE, 12, 12);
	assert_int_equal(rec.setup[7].pos.line, 9);
	assert_int_equal(rec.setup[7].pos.col, 16);

	/* the main line: ee, pass [], pass [tt], ff, gg, hh, ii */
	assert_int_equal(rec.nmoves, 7);
	assert_move(&rec, 0, WHITE, 4, 4);
	assert_string_equal(rec.moves[0].comment, "first move");
	assert_int_equal(rec.moves[0].pos.line, 11);
	assert_int_equal(rec.moves[0].pos.col, 3);
	assert_move(&rec, 1, BLACK, -1, -1);
	assert_move(&rec, 2, WHITE, -1, -1);
	assert_move(&rec, 3, BLACK, 5, 5);
	assert_move(&rec, 4, WHITE, 6, 6);
	assert_move(&rec, 5, BLACK, 7, 7);
	assert_move(&rec, 6, WHITE, 8, 8);
	assert_null(rec.moves[1].comment);
	sgf_record_free(&rec);
	assert_empty(&rec);
}

static void
test_ff3_long_names(void **state)
{
	struct sgf_record rec;

	(void)state;
	read_data("ff3-long.sgf", &rec);
	assert_int_equal(rec.size, 9);
	assert_true(rec.komi == 5.5);
	assert_string_equal(rec.black, "Kuro");
	assert_string_equal(rec.white, "Shiro");
	/* AddBlack[cc] [gc]\n  [cg]: blanks between values */
	assert_int_equal(rec.nsetup, 4);
	assert_setup(&rec, 0, BLACK, 2, 2);
	assert_setup(&rec, 1, BLACK, 6, 2);
	assert_setup(&rec, 2, WHITE, 4, 4);
	assert_setup(&rec, 3, BLACK, 2, 6);
	assert_int_equal(rec.nmoves, 3);
	assert_move(&rec, 0, BLACK, 6, 6);
	assert_move(&rec, 1, WHITE, -1, -1);	/* tt on 9x9 */
	assert_move(&rec, 2, BLACK, -1, -1);
	assert_int_equal(rec.first, EMPTY);
	sgf_record_free(&rec);
}

static void
test_variations_skipped(void **state)
{
	struct sgf_record rec;

	(void)state;
	read_data("variations.sgf", &rec);
	assert_int_equal(rec.size, 9);
	assert_int_equal(rec.nmoves, 4);
	assert_move(&rec, 0, BLACK, 0, 0);
	assert_move(&rec, 1, WHITE, 1, 1);
	assert_move(&rec, 2, BLACK, 2, 2);
	assert_move(&rec, 3, WHITE, 3, 3);
	assert_string_equal(rec.moves[0].comment,
	    "main (with parens) and ;semicolons");
	assert_null(rec.moves[3].comment);
	sgf_record_free(&rec);
}

static void
test_deep_variations(void **state)
{
	/* 200,000 nested variations: no recursion, no stack overflow. */
	size_t depth = 200000, n = 0, i;
	char *s = malloc(depth * 8 + 64), err[256];
	struct sgf_record rec;

	(void)state;
	assert_non_null(s);
	n += (size_t)sprintf(s, "(;SZ[9]");
	for (i = 0; i < depth; i++)
		n += (size_t)sprintf(s + n, "(;B[aa]");
	memset(s + n, ')', depth + 1);
	n += depth + 1;
	assert_int_equal(sgf_parse(s, n, "deep", &rec, err, sizeof err), 0);
	assert_int_equal(rec.nmoves, (int)depth);
	sgf_record_free(&rec);
	/* one ')' short */
	assert_int_equal(sgf_parse(s, n - 1, "deep", &rec, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "missing ')'"));
	assert_empty(&rec);
	free(s);
}

static void test_many_comments(void);

static void
parse_ok(const char *text, struct sgf_record *rec)
{
	char err[256];
	int rc = sgf_parse(text, strlen(text), "t.sgf", rec, err, sizeof err);

	if (rc != 0)
		print_error("%s\n", err);
	assert_int_equal(rc, 0);
}

static void
test_passes_and_points(void **state)
{
	struct sgf_record rec;

	(void)state;
	/* tt is a point on boards larger than 19 */
	parse_ok("(;SZ[21];B[tt];W[];B[ua])", &rec);
	assert_move(&rec, 0, BLACK, 19, 19);
	assert_move(&rec, 1, WHITE, -1, -1);
	assert_move(&rec, 2, BLACK, 20, 0);
	sgf_record_free(&rec);
	/* default size 19; tt is a pass there */
	parse_ok("(;B[tt];W[ss])", &rec);
	assert_int_equal(rec.size, 19);
	assert_move(&rec, 0, BLACK, -1, -1);
	assert_move(&rec, 1, WHITE, 18, 18);
	sgf_record_free(&rec);
	/* rectangles may be given corner by corner either way */
	parse_ok("(;SZ[5]AW[cc:bb]AE[cc];B[aa])", &rec);
	assert_int_equal(rec.nsetup, 3);
	assert_setup(&rec, 0, WHITE, 1, 1);
	assert_setup(&rec, 1, WHITE, 2, 1);
	assert_setup(&rec, 2, WHITE, 1, 2);
	sgf_record_free(&rec);
	/* SZ[n:n] is square; junk before the tree is ignored; HA, PL[B] */
	parse_ok("junk (not sgf)\n(;FF[4]SZ[9:9]HA[2]PL[B]AB[cc][gg])",
	    &rec);
	assert_int_equal(rec.size, 9);
	assert_int_equal(rec.handicap, 2);
	assert_int_equal(rec.first, BLACK);
	assert_false(rec.has_komi);
	sgf_record_free(&rec);
	/* a comment without a move goes to the move before it */
	parse_ok("(;C[a];C[b];B[aa];C[c])", &rec);
	assert_string_equal(rec.comment, "a\nb");
	assert_string_equal(rec.moves[0].comment, "c");
	sgf_record_free(&rec);
	/* only the first game tree of a collection */
	parse_ok("(;SZ[9];B[aa])\n\n (;SZ[13];B[bb];W[cc])", &rec);
	assert_int_equal(rec.size, 9);
	assert_int_equal(rec.nmoves, 1);
	assert_true(rec.more_games);
	sgf_record_free(&rec);
	/* one tree, with variations and a line break after it, is no
	 * collection of games */
	parse_ok("(;SZ[9];B[aa](;W[bb])(;W[cc]))\n", &rec);
	assert_false(rec.more_games);
	sgf_record_free(&rec);
	/* unknown properties, CRLF, tabs in simple text */
	parse_ok("(;XX[what]\r\nZZZZZZZZZZ[x]PB[a\tb\r\nc]C[1\r\n2];B[aa]XY[])",
	    &rec);
	assert_string_equal(rec.black, "a b c");
	assert_string_equal(rec.comment, "1\n2");
	sgf_record_free(&rec);
	/* escaped white space other than line breaks is a space too */
	parse_ok("(;PB[a\\\tb\\\vc]C[1\\\f2\\\t3];B[aa])", &rec);
	assert_string_equal(rec.black, "a b c");
	assert_string_equal(rec.comment, "1 2 3");
	sgf_record_free(&rec);
	test_many_comments();
}

/* The comments of thousands of nodes without moves join, each to its
 * own move (in linear time: the joined length is not counted again). */
static void
test_many_comments(void)
{
	enum { N = 20000 };
	size_t cap = 24 * N + 64, n = 0;
	char *sgf = malloc(cap), *want1 = malloc(cap), *want2 = malloc(cap);
	size_t n1 = 0, n2 = 0;
	struct sgf_record rec;

	assert_non_null(sgf);
	n += (size_t)snprintf(sgf + n, cap - n, "(;C[r0];C[r1];B[aa]C[m0]");
	n1 += (size_t)snprintf(want1 + n1, cap - n1, "m0");
	for (int i = 0; i < N; i++) {
		n += (size_t)snprintf(sgf + n, cap - n, ";C[x%d]", i);
		n1 += (size_t)snprintf(want1 + n1, cap - n1, "\nx%d", i);
	}
	n += (size_t)snprintf(sgf + n, cap - n, ";W[bb]");
	for (int i = 0; i < N; i++) {
		n += (size_t)snprintf(sgf + n, cap - n, ";C[y%d]", i);
		n2 += (size_t)snprintf(want2 + n2, cap - n2, "%sy%d",
		    i ? "\n" : "", i);
	}
	snprintf(sgf + n, cap - n, ")");
	parse_ok(sgf, &rec);
	assert_string_equal(rec.comment, "r0\nr1");
	assert_int_equal(rec.nmoves, 2);
	assert_string_equal(rec.moves[0].comment, want1);
	assert_string_equal(rec.moves[1].comment, want2);
	sgf_record_free(&rec);
	free(sgf);
	free(want1);
	free(want2);
}

static void
test_charsets(void **state)
{
	struct sgf_record rec;

	(void)state;
	read_data("gb2312.sgf", &rec);
	assert_string_equal(rec.black, "黑棋");
	assert_string_equal(rec.white, "白棋");
	assert_string_equal(rec.name, "对局");
	assert_string_equal(rec.comment, "黑棋执黑先行");
	assert_string_equal(rec.moves[0].comment, "好棋");
	assert_int_equal(rec.nmoves, 2);
	sgf_record_free(&rec);

	/* Shift_JIS: ｱ (B1) is one byte, ソ (83 5C) two, the second a
	 * backslash */
	parse_ok("(;FF[4]CA[Shift_JIS]PB[\xb1]PW[\x83\x5c];B[pd]C[\xb1])",
	    &rec);
	assert_string_equal(rec.black, "ｱ");
	assert_string_equal(rec.white, "ソ");
	assert_string_equal(rec.moves[0].comment, "ｱ");
	assert_int_equal(rec.nmoves, 1);
	sgf_record_free(&rec);

	/* CA[] after a Big5 value whose second byte is a backslash: the
	 * charset is known before the value is read */
	parse_ok("(;GM[1]PB[\xb3\x5c]CA[Big5]PW[x];B[pd])", &rec);
	assert_string_equal(rec.black, "許");
	assert_string_equal(rec.white, "x");
	sgf_record_free(&rec);
	/* a CA[Big5] out of the root does not make the root's text Big5 */
	parse_ok("(;GM[1]PB[\xe5\x90\x8e];B[pd]CA[Big5])", &rec);
	assert_string_equal(rec.black, "后");
	sgf_record_free(&rec);

	/* 許 is B3 5C in Big5: its second byte is a backslash */
	read_data("big5.sgf", &rec);
	assert_string_equal(rec.black, "黑棋");
	assert_string_equal(rec.white, "許白棋");
	assert_string_equal(rec.comment, "許");
	assert_string_equal(rec.moves[0].comment, "許]");
	assert_int_equal(rec.nmoves, 2);
	assert_move(&rec, 1, WHITE, 3, 3);
	sgf_record_free(&rec);

	read_data("latin1.sgf", &rec);
	assert_string_equal(rec.black, "Jos\xc3\xa9");
	assert_string_equal(rec.white, "Ren\xc3\xa9" "e");
	sgf_record_free(&rec);
	/* no CA: Latin-1 unless the file is valid UTF-8 */
	read_data("noca-latin1.sgf", &rec);
	assert_string_equal(rec.black, "Jos\xc3\xa9");
	sgf_record_free(&rec);
	read_data("noca-utf8.sgf", &rec);
	assert_string_equal(rec.black, "Jos\xc3\xa9");
	sgf_record_free(&rec);
	/* Latin-1 without CA[] with an escaped ']' after a byte beyond
	 * ASCII: read as pairs it ends in the same place, so it is read. */
	parse_ok("(;SZ[9]C[Caf\xe9 \\] ok];B[ee];W[cc])", &rec);
	assert_string_equal(rec.comment, "Caf\xc3\xa9 ] ok");
	assert_int_equal(rec.nmoves, 2);
	sgf_record_free(&rec);
	/* Blanks around a charset's name, or an empty CA[], say nothing. */
	parse_ok("(;CA[ ISO8859_1 ]PB[\xe9])", &rec);
	assert_string_equal(rec.black, "\xc3\xa9");
	sgf_record_free(&rec);
	parse_ok("(;CA[]PB[Lee])", &rec);
	assert_string_equal(rec.black, "Lee");
	sgf_record_free(&rec);
	parse_ok("(;CA[ISO8859_1]PB[\xe9])", &rec);
	assert_string_equal(rec.black, "\xc3\xa9");
	sgf_record_free(&rec);
	/* Valid UTF-8 labelled GB2312 is UTF-8: read as GBK pairs, 中
	 * (E4 B8 AD) took the comment's ']' and W[dd] was lost. */
	parse_ok("(;GM[1]FF[4]CA[gb2312]SZ[9];B[aa];W[bb];B[cc]"
	    "C[\xe4\xb8\xad];W[dd];B[ee])", &rec);
	assert_int_equal(rec.nmoves, 5);
	assert_string_equal(rec.moves[2].comment, "中");
	assert_move(&rec, 3, WHITE, 3, 3);
	sgf_record_free(&rec);
}

/* KM[] and HA[], as some programs write them, say nothing. */
static void
test_empty_komi_handicap(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;GM[1]FF[4]SZ[9]KM[]HA[];B[ee])", &rec);
	assert_false(rec.has_komi);
	assert_int_equal(rec.handicap, 0);
	assert_int_equal(rec.nmoves, 1);
	sgf_record_free(&rec);
}

/* Fox's komi, a hundred times too big: stones under Chinese rules,
 * points under others; other programs' komi as written. */
static void
test_fox_komi(void **state)
{
	static const struct {
		const char *props;
		double komi;
	} cases[] = {
		{ "KM[375]RU[Chinese]AP[GNU Go:3.8]AP[foxwq]", 7.5 },
		{ "KM[375]AP[foxwq]", 7.5 },
		{ "KM[325]RU[Chinese]AP[foxwq]", 6.5 },
		{ "KM[350]RU[Chinese]AP[foxwq]", 7 },
		{ "KM[650]RU[Japanese]AP[foxwq]", 6.5 },
		{ "KM[750]RU[Chinese]AP[foxwq]", 7.5 },
		{ "KM[50]RU[Japanese]HA[2]AP[foxwq]", 0.5 },
		{ "KM[0]RU[Chinese]AP[foxwq]", 0 },
		{ "KM[7.5]RU[Chinese]AP[foxwq]", 7.5 },
		{ "KM[375]RU[Chinese]AP[CGoban:3]", 375 },
		{ "KM[650]", 650 },
	};
	char text[256];
	struct sgf_record rec;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, "(;GM[1]FF[4]SZ[19]%s;B[pd])",
		    cases[i].props);
		parse_ok(text, &rec);
		if (rec.komi != cases[i].komi)
			fail_msg("%s: komi %g, not %g", cases[i].props, rec.komi,
			    cases[i].komi);
		sgf_record_free(&rec);
	}
}

/* --- errors ---------------------------------------------------------- */

static const struct {
	const char *text;
	const char *message;
} bad[] = {
	{ "(;SZ[40])", "t.sgf:1:5: SZ[40]: board size must be 2 to 25" },
	{ "(;SZ[1])", "t.sgf:1:5: SZ[1]: board size must be 2 to 25" },
	{ "(;SZ[19:13])",
	  "t.sgf:1:5: SZ[19:13]: rectangular boards are not supported" },
	{ "(;SZ[big])",
	  "t.sgf:1:5: SZ[big]: board size must be a number from 2 to 25" },
	{ "(;GM[1]\n  KM[abc])", "t.sgf:2:5: KM[abc]: komi must be a number" },
	{ "(;KM[ ])", "t.sgf:1:5: KM[ ]: komi must be a number" },
	/* Shift_JIS without CA[]: 能 (94 5C) ends the comment, and read as
	 * Latin-1 its backslash took the ']' and W[cc] was lost. */
	{ "(;SZ[9];B[ee]C[\x89\xc2\x94\x5c];W[cc];B[gg])",
	  "t.sgf:1:15: the file is not UTF-8 and names no character set: "
	  "this value ends elsewhere in GBK, Big5 or Shift_JIS than in "
	  "Latin-1, which could lose moves; give its character set in the "
	  "root node (CA[GBK], CA[Big5], CA[Shift_JIS], CA[ISO-8859-1])" },
	/* An empty CA[] names none either. */
	{ "(;CA[ ]SZ[9];B[ee]C[\x89\xc2\x94\x5c];W[cc])",
	  "t.sgf:1:20: the file is not UTF-8 and names no character set: "
	  "this value ends elsewhere in GBK, Big5 or Shift_JIS than in "
	  "Latin-1, which could lose moves; give its character set in the "
	  "root node (CA[GBK], CA[Big5], CA[Shift_JIS], CA[ISO-8859-1])" },
	/* UTF-16, as Windows' "Unicode" saves it, begins with its mark. */
	{ "\xff\xfe(",
	  "t.sgf:1:1: the file is UTF-16, not SGF's bytes: save it as UTF-8" },
	{ "(;HA[-1])",
	  "t.sgf:1:5: HA[-1]: handicap must be a non-negative integer" },
	{ "(;HA[2.5])",
	  "t.sgf:1:5: HA[2.5]: handicap must be a non-negative integer" },
	{ "(;B[aa]PO[-1])",
	  "t.sgf:1:10: PO[-1]: move number must be a non-negative integer" },
	{ "(;B[aa]PO[x])",
	  "t.sgf:1:10: PO[x]: move number must be a non-negative integer" },
	{ "(;B[aa]PO[])",
	  "t.sgf:1:10: PO[]: move number must be a non-negative integer" },
	{ "(;B[aa]PO[2])",
	  "t.sgf:1:10: PO[2]: move number must be 0 to 1, the moves of the "
	  "record" },
	{ "(;PO[7]\n;B[aa]PO[1];W[bb])",
	  "t.sgf:1:5: PO[7]: move number must be 0 to 2, the moves of the "
	  "record" },
	{ "(;B[aa]PO[99999999999999999999])",
	  "t.sgf:1:10: PO[99999999999999999999]: move number must be 0 to 1, "
	  "the moves of the record" },
	{ "(;SZ[9];B[aa]DS[zz])",
	  "t.sgf:1:16: DS[zz]: point is outside the 9x9 board" },
	{ "(;SZ[9];B[aa]DS[aa:zz])",
	  "t.sgf:1:16: DS[aa:zz]: point is outside the 9x9 board" },
	{ "(;SZ[9];B[aa]\nDS[ab][a])",
	  "t.sgf:2:7: DS[a]: not a point" },
	{ "(;SZ[9];B[jj])",
	  "t.sgf:1:10: B[jj]: point is outside the 9x9 board" },
	{ "(;SZ[9];B[ee]\n;W[ta])",
	  "t.sgf:2:3: W[ta]: point is outside the 9x9 board" },
	{ "(;B[a])", "t.sgf:1:4: B[a]: not a point" },
	{ "(;B[AA])", "t.sgf:1:4: B[AA]: not a point" },
	{ "(;AB[aa:zz])",
	  "t.sgf:1:5: AB[aa:zz]: point is outside the 19x19 board" },
	{ "(;AW[dd][tt])",
	  "t.sgf:1:9: AW[tt]: point is outside the 19x19 board" },
	{ "(;GM[2])", "t.sgf:1:5: GM[2]: only Go (GM[1]) is supported" },
	{ "(;FF[5])",
	  "t.sgf:1:5: FF[5]: file format must be FF[1] to FF[4]" },
	{ "(;B[aa]W[bb])", "t.sgf:1:9: W[bb]: a node cannot have two moves" },
	{ "(;B[aa]B[bb])", "t.sgf:1:9: B[bb]: a node cannot have two moves" },
	/* Line breaks: LF, CR, CR LF and LF CR each begin one line. */
	{ "(;SZ[9]\n\r;B[aa]\n\r;W[zz])",
	  "t.sgf:3:3: W[zz]: point is outside the 9x9 board" },
	{ "(;SZ[9]\r\n;B[aa]\r\n\r\n;W[zz])",
	  "t.sgf:4:3: W[zz]: point is outside the 9x9 board" },
	{ "(;SZ[9]\r;B[aa]\n\n\r\r;W[zz])",
	  "t.sgf:5:3: W[zz]: point is outside the 9x9 board" },
	{ "(;B[aa][bb])", "t.sgf:1:8: B[bb]: a move has one value" },
	{ "(;PL[X])", "t.sgf:1:5: PL[X]: player to move must be B or W" },
	{ "(;B[aa];W[bb]\n;AB[cc])",
	  "t.sgf:2:4: AB[cc]: setup after moves is not supported" },
	{ "(;GM[1]\n;B[aa]C[oops)",
	  "t.sgf:2:8: C[: value not terminated (no closing ']')" },
	{ "(;B[aa](W[bb]))", "t.sgf:1:9: missing ';' after '('" },
	{ "(B[aa])", "t.sgf:1:2: missing ';' after '('" },
	{ "(;B[aa];W[bb]", "t.sgf:1:14: missing ')' at the end of the game "
	  "tree" },
	{ "(;B[aa];W[bb]\n", "t.sgf:2:1: missing ')' at the end of the game "
	  "tree" },
	{ "", "t.sgf:1:1: no game tree: no '(;' found" },
	{ "hello world\n", "t.sgf:1:1: no game tree: no '(;' found" },
	{ "(;PB)", "t.sgf:1:3: property PB has no value" },
	{ "(;[aa])", "t.sgf:1:3: value without a property identifier" },
	{ "(;B[aa]%)", "t.sgf:1:8: unexpected '%'" },
	{ "(;B[aa]\x01)", "t.sgf:1:8: unexpected byte 0x01" },
	{ "(;CA[klingon]PB[x])", "t.sgf:1:5: CA[klingon]: unknown character "
	  "set" },
	{ "(;CA[UTF-16]PB[x])", "t.sgf:1:5: CA[UTF-16]: character set not "
	  "usable in SGF (not ASCII-compatible)" },
	{ "(;CA[UTF-8]PB[\xff])", "t.sgf:1:14: PB[?]: text is not valid "
	  "UTF-8" },
	{ "(;CA[GB2312]C[\xff\xff])", "t.sgf:1:14: C[?" "?]: text is not "
	  "valid GB2312" },
};

static void
test_errors(void **state)
{
	struct sgf_record rec;
	char err[256];
	size_t i;
	int wrong = 0;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		size_t len = strlen(bad[i].text);
		int rc;

		memset(&rec, 0x55, sizeof rec);
		rc = sgf_parse(bad[i].text, len, "t.sgf", &rec, err,
		    sizeof err);
		if (rc != -1 || strcmp(err, bad[i].message) != 0) {
			print_error("case %zu: %s\n want: %s\n got:  %s\n", i,
			    bad[i].text, bad[i].message, err);
			wrong++;
		}
		assert_empty(&rec);
	}
	assert_int_equal(wrong, 0);
	/* a NUL byte, even escaped, is not text */
	assert_int_equal(sgf_parse("(;C[a\\\0b])", 10, "t.sgf", &rec, err,
	    sizeof err), -1);
	assert_string_equal(err, "t.sgf:1:4: C[a\\?b]: NUL byte in text");
	assert_empty(&rec);
}

static void
test_error_files(void **state)
{
	struct sgf_record rec;
	char err[2048], want[2048];
	char *big;

	(void)state;
	assert_int_equal(sgf_read_file(data_path("bad-size.sgf"), &rec, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s:3:8: SZ[40]: board size must be 2 "
	    "to 25", data_path("bad-size.sgf"));
	assert_string_equal(err, want);
	assert_empty(&rec);

	assert_int_equal(sgf_read_file(data_path("unterminated.sgf"), &rec,
	    err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:3:8: C[: value not terminated "
	    "(no closing ']')", data_path("unterminated.sgf"));
	assert_string_equal(err, want);
	assert_empty(&rec);

	assert_int_equal(sgf_read_file(data_path("setup-after-moves.sgf"),
	    &rec, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:3:4: AE[ee]: setup after moves is "
	    "not supported", data_path("setup-after-moves.sgf"));
	assert_string_equal(err, want);
	assert_empty(&rec);

	assert_int_equal(sgf_read_file(data_path("no-such-file.sgf"), &rec,
	    err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: %s", data_path("no-such-file.sgf"),
	    strerror(ENOENT));
	assert_string_equal(err, want);
	assert_empty(&rec);

	/* over 16 MiB, even if it is a valid record */
	big = malloc(16 * 1024 * 1024 + 16);
	assert_non_null(big);
	memset(big, ' ', 16 * 1024 * 1024 + 16);
	memcpy(big, "(;B[aa])", 8);
	assert_int_equal(sgf_parse(big, 16 * 1024 * 1024 + 1, "big.sgf", &rec,
	    err, sizeof err), -1);
	assert_string_equal(err, "big.sgf:1:1: file too big (more than "
	    "16 MiB)");
	assert_empty(&rec);
	assert_int_equal(sgf_parse(big, 16 * 1024 * 1024, "big.sgf", &rec,
	    err, sizeof err), 0);
	assert_int_equal(rec.nmoves, 1);
	sgf_record_free(&rec);
	free(big);

	/* a short error buffer is cut, never overrun */
	memset(want, 'x', sizeof want);
	assert_int_equal(sgf_parse("(;SZ[40])", 9, "t.sgf", &rec, want, 8),
	    -1);
	assert_string_equal(want, "t.sgf:1");
	assert_int_equal(want[8], 'x');
}

/* --- writing --------------------------------------------------------- */

static bool
same_str(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* The first field where B (read back from what A wrote) differs from A,
 * or NULL.  AP always names tengen and RU defaults to Chinese. */
static const char *
record_diff(const struct sgf_record *a, const struct sgf_record *b)
{
	static char what[128];
	int i;

	if (a->size != b->size)
		return "size";
	if (a->komi != b->komi)
		return "komi";
	if (b->has_komi != (a->has_komi || a->komi != 0))
		return "has_komi";
	if (a->handicap != b->handicap)
		return "handicap";
	if (a->first != b->first)
		return "first";
	if (!same_str(a->black, b->black) || !same_str(a->white, b->white))
		return "player names";
	if (!same_str(a->black_rank, b->black_rank) ||
	    !same_str(a->white_rank, b->white_rank))
		return "ranks";
	if (!same_str(a->date, b->date))
		return "date";
	if (!same_str(a->result, b->result))
		return "result";
	if (!same_str(a->rules != NULL ? a->rules : "Chinese", b->rules))
		return "rules";
	if (!same_str(a->name, b->name) || !same_str(a->event, b->event))
		return "name or event";
	if (!same_str(a->comment, b->comment))
		return "comment";
	if (!same_str(b->application, "tengen:" PACKAGE_VERSION))
		return "application";
	if (a->nsetup != b->nsetup)
		return "number of setup stones";
	for (i = 0; i < a->nsetup; i++)
		if (a->setup[i].color != b->setup[i].color ||
		    a->setup[i].x != b->setup[i].x ||
		    a->setup[i].y != b->setup[i].y) {
			snprintf(what, sizeof what, "setup stone %d", i);
			return what;
		}
	if (a->nterritory != b->nterritory)
		return "number of territory points";
	for (i = 0; i < a->nterritory; i++)
		if (a->territory[i].color != b->territory[i].color ||
		    a->territory[i].x != b->territory[i].x ||
		    a->territory[i].y != b->territory[i].y) {
			snprintf(what, sizeof what, "territory point %d", i);
			return what;
		}
	if (a->has_dead != b->has_dead || a->ndead != b->ndead)
		return "number of dead stones";
	for (i = 0; i < a->ndead; i++)
		if (a->dead[i].x != b->dead[i].x ||
		    a->dead[i].y != b->dead[i].y) {
			snprintf(what, sizeof what, "dead stone %d", i);
			return what;
		}
	if (a->has_play_on != b->has_play_on ||
	    (a->has_play_on && a->play_on != b->play_on))
		return "play on";
	if (a->nmoves != b->nmoves)
		return "number of moves";
	for (i = 0; i < a->nmoves; i++)
		if (a->moves[i].color != b->moves[i].color ||
		    a->moves[i].x != b->moves[i].x ||
		    a->moves[i].y != b->moves[i].y ||
		    !same_str(a->moves[i].comment, b->moves[i].comment)) {
			snprintf(what, sizeof what, "move %d", i + 1);
			return what;
		}
	return NULL;
}

/* Write REC, read it back and compare; returns the difference or NULL. */
static const char *
round_trip(const struct sgf_record *rec, char *err, size_t errlen)
{
	struct sgf_record back;
	char *text = sgf_write(rec);
	const char *diff;

	if (sgf_parse(text, strlen(text), "written", &back, err, errlen) < 0) {
		free(text);
		return "written record does not parse";
	}
	free(text);
	diff = record_diff(rec, &back);
	sgf_record_free(&back);
	return diff;
}

/* A heap copy of the N points P, as a record owns them. */
static struct sgf_point *
points_dup(const struct sgf_point *p, int n)
{
	struct sgf_point *c = calloc((size_t)n, sizeof *c);

	assert_non_null(c);
	memcpy(c, p, (size_t)n * sizeof *c);
	return c;
}

static void
fill_record(struct sgf_record *rec)
{
	int i;

	sgf_record_init(rec);
	rec->size = 9;
	rec->komi = 7.5;
	rec->has_komi = true;
	rec->handicap = 2;
	rec->first = WHITE;
	rec->black = strdup("黑棋 [strong]");
	rec->white = strdup("White \\ ] player");
	rec->black_rank = strdup("5k");
	rec->date = strdup("2025-01-02");
	rec->name = strdup("");
	rec->comment = strdup("two\nlines ] \\ end\\");
	/* in row order, as sgf_parse() gives setup */
	rec->nsetup = 2;
	rec->setup = points_dup((const struct sgf_point[]) {
		{ .color = BLACK, .x = 6, .y = 2 },
		{ .color = BLACK, .x = 2, .y = 6 },
	}, rec->nsetup);
	rec->nmoves = 25;
	rec->moves = calloc(25, sizeof *rec->moves);
	for (i = 0; i < 25; i++) {
		rec->moves[i].color = i % 2 ? BLACK : WHITE;
		rec->moves[i].x = i % 9;
		rec->moves[i].y = i / 9 + 4;
	}
	rec->moves[24].x = rec->moves[24].y = -1;
	rec->moves[3].comment = strdup("a ] comment");
	rec->result = strdup("B+R");
	/* a count, in row order */
	rec->nterritory = 3;
	rec->territory = points_dup((const struct sgf_point[]) {
		{ .color = WHITE, .x = 8, .y = 0 },
		{ .color = BLACK, .x = 0, .y = 8 },
		{ .color = WHITE, .x = 1, .y = 8 },
	}, rec->nterritory);
}

static void
test_write(void **state)
{
	struct sgf_record rec;
	char *text, *line, *save = NULL, err[256];
	const char *diff;

	(void)state;
	fill_record(&rec);
	text = sgf_write(&rec);
	assert_non_null(text);
	assert_true(strncmp(text, "(;GM[1]FF[4]CA[UTF-8]", 21) == 0);
	assert_non_null(strstr(text, "AP[tengen:" PACKAGE_VERSION "]"));
	assert_non_null(strstr(text, "SZ[9]"));
	assert_non_null(strstr(text, "KM[7.5]"));
	assert_non_null(strstr(text, "HA[2]"));
	assert_non_null(strstr(text, "RU[Chinese]"));
	assert_non_null(strstr(text, "PB[黑棋 [strong\\]]"));
	assert_non_null(strstr(text, "PW[White \\\\ \\] player]"));
	assert_non_null(strstr(text, "BR[5k]"));
	assert_null(strstr(text, "WR["));
	assert_non_null(strstr(text, "DT[2025-01-02]"));
	assert_non_null(strstr(text, "GN[]"));
	assert_null(strstr(text, "EV["));
	assert_non_null(strstr(text, "RE[B+R]"));
	assert_non_null(strstr(text, "AB[gc][cg]"));
	assert_non_null(strstr(text, "PL[W]"));
	assert_non_null(strstr(text, "C[two\nlines \\] \\\\ end\\\\]"));
	assert_non_null(strstr(text, ";W[ae];B[be]"));
	assert_non_null(strstr(text, ";B[de]\nC[a \\] comment]"));
	assert_non_null(strstr(text, ";W[]"));
	assert_true(text[strlen(text) - 2] == ')');
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		assert_true(strlen(line) <= 80);
	free(text);

	diff = round_trip(&rec, err, sizeof err);
	if (diff != NULL)
		print_error("%s %s\n", diff, err);
	assert_null(diff);

	/* no komi, no rules: no KM, RU[Chinese] */
	sgf_record_free(&rec);
	text = sgf_write(&rec);
	assert_null(strstr(text, "KM["));
	assert_null(strstr(text, "HA["));
	assert_null(strstr(text, "PL["));
	assert_non_null(strstr(text, "RU[Chinese]"));
	assert_non_null(strstr(text, "SZ[19]"));
	free(text);

	/* a round komi is written without an exponent (KM[1e+01] is no
	 * Real of FF[4]) */
	rec.komi = 10;
	rec.has_komi = true;
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "KM[10]"));
	free(text);
	rec.komi = -100;
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "KM[-100]"));
	free(text);

	/* komi that needs every digit still reads back exactly */
	rec.komi = 0.1 + 0.2;
	rec.has_komi = true;
	assert_null(round_trip(&rec, err, sizeof err));

	/* Text that is not UTF-8 (a Latin-1 user name, a character cut
	 * short) is written with a "?" for each stray byte, under CA[UTF-8],
	 * and reads back. */
	sgf_record_free(&rec);
	rec.black = strdup("Jos\xe9");
	rec.white = strdup("\xe4\xb8\xad]\xe4\xb8");
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "PB[Jos?]"));
	assert_non_null(strstr(text, "PW[\xe4\xb8\xad\\]??]"));
	sgf_record_free(&rec);
	parse_ok(text, &rec);
	assert_string_equal(rec.black, "Jos?");
	assert_string_equal(rec.white, "中]??");
	sgf_record_free(&rec);
	free(text);
}

static void
test_round_trip_files(void **state)
{
	static const char *const files[] = {
		"props.sgf", "ff3-long.sgf", "variations.sgf", "gb2312.sgf",
		"big5.sgf", "latin1.sgf", "noca-latin1.sgf", "illegal-move.sgf",
	};
	struct sgf_record rec;
	char err[256];
	const char *diff;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		read_data(files[i], &rec);
		diff = round_trip(&rec, err, sizeof err);
		if (diff != NULL)
			print_error("%s: %s %s\n", files[i], diff, err);
		assert_null(diff);
		sgf_record_free(&rec);
	}
}

static int
count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
test_write_file(void **state)
{
	char dir[] = "/tmp/tengen-sgf-XXXXXX", path[128], err[256];
	struct sgf_record rec, back;
	char *text, buf[8192];
	FILE *f;
	size_t n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/game.sgf", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("old content", f);
	fclose(f);

	fill_record(&rec);
	assert_int_equal(sgf_write_file(path, &rec), 0);
	text = sgf_write(&rec);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	assert_string_equal(buf, text);
	free(text);
	assert_int_equal(count_entries(dir), 1);	/* no temporary left */
	assert_int_equal(sgf_read_file(path, &back, err, sizeof err), 0);
	assert_null(record_diff(&rec, &back));
	sgf_record_free(&back);

	/* a directory that does not exist: -1, nothing created */
	snprintf(path, sizeof path, "%s/missing/game.sgf", dir);
	errno = 0;
	assert_int_equal(sgf_write_file(path, &rec), -1);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(count_entries(dir), 1);

	/* a name without a folder: written in the current one, which is
	 * synced after the rename like any other */
	{
		char cwd[4096];

		assert_non_null(getcwd(cwd, sizeof cwd));
		assert_int_equal(chdir(dir), 0);
		assert_int_equal(sgf_write_file("here.sgf", &rec), 0);
		assert_int_equal(sgf_read_file("here.sgf", &back, err,
		    sizeof err), 0);
		assert_null(record_diff(&rec, &back));
		sgf_record_free(&back);
		assert_int_equal(unlink("here.sgf"), 0);
		assert_int_equal(chdir(cwd), 0);
	}

	/* Permissions: a new file's come from the umask, a file written
	 * over keeps its own. */
	{
		struct stat st;
		mode_t old = umask(077);

		snprintf(path, sizeof path, "%s/private.sgf", dir);
		assert_int_equal(sgf_write_file(path, &rec), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0600);
		umask(022);
		assert_int_equal(sgf_write_file(path, &rec), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0600);
		assert_int_equal(unlink(path), 0);
		assert_int_equal(sgf_write_file(path, &rec), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0644);
		assert_int_equal(chmod(path, 0640), 0);
		assert_int_equal(sgf_write_file(path, &rec), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0640);
		assert_int_equal(unlink(path), 0);
		umask(002);
		assert_int_equal(sgf_write_file(path, &rec), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0664);
		assert_int_equal(unlink(path), 0);
		umask(old);
	}
	assert_int_equal(count_entries(dir), 1);

	sgf_record_free(&rec);
	snprintf(path, sizeof path, "%s/game.sgf", dir);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* --- games ----------------------------------------------------------- */

static void
test_game_illegal_move(void **state)
{
	struct sgf_record rec;
	struct game g;
	char err[2048], want[2048];

	(void)state;
	read_data("illegal-move.sgf", &rec);
	memset(&g, 0x55, sizeof g);
	assert_int_equal(game_from_sgf(&g, &rec, "illegal-move.sgf", err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "illegal-move.sgf:4:3: W[aa]: illegal "
	    "move: %s", board_verdict_str(MOVE_SUICIDE));
	assert_string_equal(err, want);
	assert_null(g.moves);
	assert_int_equal(g.nmoves, 0);
	sgf_record_free(&rec);

	/* occupied, and a setup stone without liberties */
	parse_ok("(;SZ[9];B[ee];W[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), -1);
	snprintf(want, sizeof want, "x:1:16: W[ee]: illegal move: %s",
	    board_verdict_str(MOVE_OCCUPIED));
	assert_string_equal(err, want);
	sgf_record_free(&rec);
	parse_ok("(;SZ[9]AB[ba][ab]AW[aa])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), -1);
	/* setup is applied in row order: aa, ba, then ab takes the last
	 * liberty of aa */
	assert_string_equal(err, "x:1:14: AB[ab]: setup leaves a group "
	    "without liberties");
	sgf_record_free(&rec);
}

/* Positional superko applies to Chinese records; a Japanese record that
 * repeats a position (simple ko only) replays by its own rule, and says so
 * again when written. */
static void
test_game_ko_rules(void **state)
{
	static const char *const rec_text =
	    "(;GM[1]FF[4]SZ[9]RU[%s]AB[db][cc][ec][dd]AW[eb][fc][ed]PL[W]"
	    ";W[dc];B[];W[];B[ec])";
	struct sgf_record rec, back;
	struct game g;
	char text[256], err[512], want[512];

	(void)state;
	snprintf(text, sizeof text, rec_text, "Chinese");
	parse_ok(text, &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), -1);
	snprintf(want, sizeof want, "x:1:82: B[ec]: illegal move: %s",
	    board_verdict_str(MOVE_SUPERKO));
	assert_string_equal(err, want);
	sgf_record_free(&rec);

	snprintf(text, sizeof text, rec_text, "Japanese");
	parse_ok(text, &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(g.nmoves, 4);
	assert_false(g.superko);
	assert_int_equal(game_to_sgf(&g, &back), 0);
	assert_string_equal(back.rules, "Japanese");
	game_free(&g);
	sgf_record_free(&back);
	sgf_record_free(&rec);

	/* No RU at all, or an empty one: replayed with simple ko once
	 * needed; RU[JP] and RU[KR] are simple ko from the start. */
	parse_ok("(;GM[1]FF[4]SZ[9]AB[db][cc][ec][dd]AW[eb][fc][ed]PL[W]"
	    ";W[dc];B[];W[];B[ec])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_false(g.superko);
	game_free(&g);
	sgf_record_free(&rec);
	for (int i = 0; i < 3; i++) {
		snprintf(text, sizeof text, rec_text,
		    i == 0 ? "" : i == 1 ? "JP" : "kr");
		parse_ok(text, &rec);
		if (game_from_sgf(&g, &rec, "x", err, sizeof err) != 0)
			fail_msg("RU[%s]: %s", rec.rules, err);
		assert_int_equal(g.nmoves, 4);
		assert_false(g.superko);
		game_free(&g);
		sgf_record_free(&rec);
	}
}

/* Every result RE[] can say is read, and written back as it was. */
static void
test_game_results(void **state)
{
	static const struct {
		const char *re;
		enum game_end end;
		enum color winner;
	} results[] = {
		{ "B+", GAME_END_WIN, BLACK },
		{ "W+", GAME_END_WIN, WHITE },
		{ "B+R", GAME_END_RESIGN, BLACK },
		{ "W+T", GAME_END_TIME, WHITE },
		{ "B+F", GAME_END_FORFEIT, BLACK },
		{ "W+10", GAME_END_SCORE, EMPTY },
		{ "B+0.5", GAME_END_SCORE, EMPTY },
		{ "0", GAME_END_SCORE, EMPTY },
		{ "Draw", GAME_END_DRAW, EMPTY },
		{ "Void", GAME_END_VOID, EMPTY },
		{ "?", GAME_END_UNKNOWN, EMPTY },
	};
	struct sgf_record rec, back;
	struct game g;
	char text[128], err[256];

	(void)state;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
		snprintf(text, sizeof text,
		    "(;GM[1]FF[4]SZ[9]KM[7.5]RE[%s];B[ee];W[cc])",
		    results[i].re);
		parse_ok(text, &rec);
		assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err),
		    0);
		if (g.end != results[i].end)
			fail_msg("RE[%s] read as end %d", results[i].re,
			    (int)g.end);
		if (results[i].winner != EMPTY)
			assert_int_equal(g.winner, results[i].winner);
		assert_int_equal(game_to_sgf(&g, &back), 0);
		assert_non_null(back.result);
		assert_string_equal(back.result, results[i].re);
		game_free(&g);
		sgf_record_free(&back);
		sgf_record_free(&rec);
	}
	/* A win of a kind FF[4] does not name keeps its winner. */
	parse_ok("(;GM[1]FF[4]SZ[9]RE[W+Disqualified];B[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(g.end, GAME_END_WIN);
	assert_int_equal(g.winner, WHITE);
	game_free(&g);
	sgf_record_free(&rec);
	/* Blanks around it and any case are FF[4]'s words all the same. */
	parse_ok("(;GM[1]FF[4]SZ[9]RE[ b+r ];B[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(g.end, GAME_END_RESIGN);
	assert_int_equal(g.winner, BLACK);
	game_free(&g);
	sgf_record_free(&rec);
	/* A result in other words ends the game all the same, its result
	 * unknown: a finished game is not taken for one to go on. */
	parse_ok("(;GM[1]FF[4]SZ[9]RE[黑中盘胜];B[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(g.end, GAME_END_UNKNOWN);
	game_free(&g);
	sgf_record_free(&rec);
	/* RE[] or blanks: no result, the game goes on. */
	parse_ok("(;GM[1]FF[4]SZ[9]RE[ ];B[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(g.end, GAME_END_NONE);
	game_free(&g);
	sgf_record_free(&rec);
}

static void
test_game_from_sgf(void **state)
{
	struct sgf_record rec;
	struct game g;
	char err[256];

	(void)state;
	/* two white moves in a row, handicap, result */
	parse_ok("(;SZ[9]KM[0.5]HA[2]AB[cc][gg]RE[W+R];W[ee];W[ce];B[]"
	    ";W[ec])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "t", err, sizeof err), 0);
	assert_int_equal(g.size, 9);
	assert_true(g.komi == 0.5);
	assert_int_equal(g.handicap, 2);
	assert_int_equal(g.first, WHITE);
	assert_int_equal(g.nmoves, 4);
	assert_int_equal(g.moves[2].point, BOARD_PASS);
	assert_int_equal(board_at(&g.initial, board_point(&g.initial, 2, 2)),
	    BLACK);
	assert_int_equal(board_at(&g.board, board_point(&g.board, 4, 2)),
	    WHITE);
	assert_int_equal(g.end, GAME_END_RESIGN);
	assert_int_equal(g.winner, WHITE);
	game_free(&g);
	sgf_record_free(&rec);

	parse_ok("(;SZ[9]PL[W]RE[B+12.5])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "t", err, sizeof err), 0);
	assert_int_equal(g.first, WHITE);
	assert_int_equal(game_to_move(&g), WHITE);
	assert_int_equal(g.end, GAME_END_SCORE);
	assert_true(g.score == 12.5);
	game_free(&g);
	sgf_record_free(&rec);
}

/* TB/TW: the count of the position after the last move. */
static void
test_territory(void **state)
{
	struct sgf_record rec;
	struct game g;
	char err[256];
	int n = 0;

	(void)state;
	/* Rectangles and single points, in row order; TB and TW in one
	 * node with the last move. */
	parse_ok("(;SZ[9];B[ee];W[]TB[aa:bb][ii]TW[ia])", &rec);
	assert_int_equal(rec.nterritory, 6);
	assert_int_equal(rec.territory[0].color, BLACK);
	assert_int_equal(rec.territory[0].x, 0);
	assert_int_equal(rec.territory[0].y, 0);
	assert_int_equal(rec.territory[2].color, WHITE);
	assert_int_equal(rec.territory[2].x, 8);
	assert_int_equal(rec.territory[2].y, 0);
	assert_int_equal(rec.territory[5].color, BLACK);
	assert_int_equal(rec.territory[5].x, 8);
	assert_int_equal(rec.territory[5].y, 8);
	sgf_record_free(&rec);
	/* A later node's marks replace an earlier node's. */
	parse_ok("(;SZ[9];B[ee]TB[aa][bb];W[]TW[cc])", &rec);
	assert_int_equal(rec.nterritory, 1);
	assert_int_equal(rec.territory[0].color, WHITE);
	sgf_record_free(&rec);
	/* A move after them leaves the record without a count. */
	parse_ok("(;SZ[9];B[ee]TB[aa];W[cc])", &rec);
	assert_int_equal(rec.nterritory, 0);
	assert_null(rec.territory);
	sgf_record_free(&rec);
	/* A bad point is an error with its place. */
	assert_int_equal(sgf_parse("(;SZ[9];B[ee]TB[zz])", 20, "t", &rec, err,
	    sizeof err), -1);
	assert_string_equal(err, "t:1:16: TB[zz]: point is outside the 9x9 "
	    "board");

	/* The game bridge: the areas of TU_DEAD_IN_AREAS with its dead
	 * stones (White's B2 C2, Black's H7) written as TB/TW and read
	 * back as the same dead stones. */
	struct sgf_record out;
	struct game h;
	char *text;
	uint8_t want[BOARD_MAX_POINTS], got[BOARD_MAX_POINTS];

	assert_int_equal(game_init(&g, 9, 7.5), 0);
	assert_int_equal(tu_setup(&g, TU_DEAD_IN_AREAS), 0);
	memset(want, 0, sizeof want);
	want[board_point(&g.board, 1, 7)] = 1;
	want[board_point(&g.board, 2, 7)] = 1;
	want[board_point(&g.board, 7, 2)] = 1;
	assert_int_equal(game_to_sgf(&g, &out), 0);
	game_sgf_set_count(&out, &g, want);
	assert_true(out.has_dead);
	assert_int_equal(out.ndead, 3);
	/* As other programs write it: TB/TW without DS. */
	free(out.dead);
	out.dead = NULL;
	out.ndead = 0;
	out.has_dead = false;
	/* Every point but the 24 stones that live. */
	assert_int_equal(out.nterritory, 81 - 24);
	for (int i = 0; i < out.nterritory; i++)
		n += out.territory[i].color == BLACK;
	/* Black's: columns A to D but its own three stones there (White's
	 * two dead ones count). */
	assert_int_equal(n, 36 - 3);
	text = sgf_write(&out);
	assert_non_null(strstr(text, "TB["));
	assert_non_null(strstr(text, "TW["));
	assert_null(strstr(text, "DS["));
	assert_int_equal(sgf_parse(text, strlen(text), "count", &rec, err,
	    sizeof err), 0);
	assert_int_equal(game_from_sgf(&h, &rec, "count", err, sizeof err), 0);
	assert_true(game_sgf_dead(&rec, &h, got));
	assert_memory_equal(got, want, sizeof want);
	game_free(&h);
	sgf_record_free(&rec);
	free(text);
	/* No count, nothing dead. */
	sgf_record_free(&out);
	assert_int_equal(game_to_sgf(&g, &out), 0);
	memset(got, 1, sizeof got);
	assert_false(game_sgf_dead(&out, &g, got));
	for (int p = 0; p < BOARD_MAX_POINTS; p++)
		assert_int_equal(got[p], 0);
	sgf_record_free(&out);
	game_free(&g);
}

/* TEXT read as a game, its dead stones written with DS and read back. */
static void
dead_round_trip(const char *text, const char *const *marks, int nmarks)
{
	struct sgf_record rec, back;
	struct game g, h;
	uint8_t want[BOARD_MAX_POINTS], got[BOARD_MAX_POINTS];
	char err[256], *out;

	parse_ok(text, &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "t", err, sizeof err), 0);
	sgf_record_free(&rec);
	memset(want, 0, sizeof want);
	for (int i = 0; i < nmarks; i++)
		score_toggle_group(&g.board, want, board_point(&g.board,
		    marks[i][0] - 'a', marks[i][1] - 'a'));
	assert_int_equal(game_to_sgf(&g, &rec), 0);
	game_sgf_set_count(&rec, &g, want);
	out = sgf_write(&rec);
	sgf_record_free(&rec);
	assert_non_null(strstr(out, "DS["));
	parse_ok(out, &back);
	assert_true(back.has_dead);
	assert_int_equal(game_from_sgf(&h, &back, "t", err, sizeof err), 0);
	memset(got, 1, sizeof got);
	assert_true(game_sgf_dead(&back, &h, got));
	assert_memory_equal(got, want, sizeof want);
	game_free(&h);
	sgf_record_free(&back);
	free(out);
	game_free(&g);
}

/* The dead stones G's record TEXT marks, into DEAD; whether it has a
 * count. */
static bool
text_dead(const char *text, const struct game *g, uint8_t *dead)
{
	struct sgf_record rec;
	bool found;

	parse_ok(text, &rec);
	found = game_sgf_dead(&rec, g, dead);
	sgf_record_free(&rec);
	return found;
}

/* Every marking of the dead stones comes back from tengen's DS[], also
 * those TB/TW cannot give. */
static void
test_dead_stones(void **state)
{
	/* Black's wall on B, White's on E, White's C3 between them and
	 * Black's A3 in Black's own side. */
	static const char walls[] = "(;SZ[5]KM[7.5];B[ba];W[ea];B[bb];W[eb]"
	    ";B[bc];W[ec];B[bd];W[ed];B[be];W[ee];B[ac];W[cc];B[];W[])";
	static const char *const shared[] = { "cc" };
	static const char *const own[] = { "ac" };
	static const char *const both[] = { "cc", "ac", "ea" };
	static const char *const all[] = { "cc", "ac", "ea", "ba" };
	struct game g;
	struct sgf_record rec;
	uint8_t dead[BOARD_MAX_POINTS];
	char err[256];

	(void)state;
	/* C3 in a region both sides surround; A3 in Black's area; C3 and
	 * A3 with White's wall dead; every stone dead (nobody's area). */
	dead_round_trip(walls, shared, 1);
	dead_round_trip(walls, own, 1);
	dead_round_trip(walls, both, 3);
	dead_round_trip(walls, all, 4);
	/* A count without dead stones is a count: DS[]. */
	dead_round_trip(walls, NULL, 0);

	parse_ok(walls, &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "t", err, sizeof err), 0);
	sgf_record_free(&rec);
	/* A move after the marks clears them; marks in a comment, in a
	 * variation after the main line, or on an empty point are none. */
	assert_false(text_dead("(;SZ[5];B[ba]DS[ba];W[ea])", &g, dead));
	assert_false(text_dead("(;SZ[5];B[ba]C[DS[ba\\]DS[ba\\]])", &g, dead));
	assert_false(text_dead("(;SZ[5];B[ba](;W[ea])(;W[eb]DS[ba]))", &g,
	    dead));
	assert_true(text_dead("(;SZ[5];B[ba]DS[ba]\n(;W[ea]DS[aa][ea])"
	    "(;W[eb]DS[ba]))", &g, dead));
	for (int p = 0; p < BOARD_MAX_POINTS; p++)
		assert_int_equal(dead[p], p == board_point(&g.board, 4, 0));
	/* DS, even empty, is the count: TB/TW do not say more. */
	assert_true(text_dead("(;SZ[5];B[ba];W[ea]TW[ba]DS[])", &g, dead));
	for (int p = 0; p < BOARD_MAX_POINTS; p++)
		assert_int_equal(dead[p], 0);
	assert_true(text_dead("(;SZ[5];B[ba];W[ea]TW[ba])", &g, dead));
	assert_int_equal(dead[board_point(&g.board, 1, 0)], 1);
	game_free(&g);
}

/* DS and PO as sgf_parse() reads them and sgf_write() writes them. */
static void
test_own_properties(void **state)
{
	struct sgf_record rec, back;
	char err[256], *text;
	const char *diff;

	(void)state;
	/* Absent: neither. */
	parse_ok("(;SZ[9];B[ee];W[])", &rec);
	assert_false(rec.has_dead);
	assert_false(rec.has_play_on);
	assert_int_equal(rec.ndead, 0);
	assert_null(rec.dead);
	text = sgf_write(&rec);
	assert_null(strstr(text, "DS["));
	assert_null(strstr(text, "PO["));
	free(text);
	sgf_record_free(&rec);

	/* DS[] and PO[0]: there, and empty or naught. */
	parse_ok("(;SZ[9]PO[0]DS[])", &rec);
	assert_true(rec.has_dead);
	assert_int_equal(rec.ndead, 0);
	assert_true(rec.has_play_on);
	assert_int_equal(rec.play_on, 0);
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "\nPO[0]\nDS[]\n)\n"));
	parse_ok(text, &back);
	assert_true(back.has_dead);
	assert_int_equal(back.ndead, 0);
	assert_true(back.has_play_on);
	assert_int_equal(back.play_on, 0);
	sgf_record_free(&back);
	free(text);
	sgf_record_free(&rec);

	/* A compressed list, in row order, and PO on the last move; written
	 * one point a value, after TB/TW. */
	parse_ok("(;SZ[9];B[ee];W[];B[]\nPO[3]TW[ia]DS[ff][aa:bb]DS[ia])",
	    &rec);
	assert_true(rec.has_dead);
	assert_int_equal(rec.ndead, 6);
	assert_int_equal(rec.dead[0].x, 0);
	assert_int_equal(rec.dead[0].y, 0);
	assert_int_equal(rec.dead[0].color, EMPTY);
	assert_int_equal(rec.dead[2].x, 8);
	assert_int_equal(rec.dead[2].y, 0);
	assert_int_equal(rec.dead[5].x, 5);
	assert_int_equal(rec.dead[5].y, 5);
	assert_int_equal(rec.dead[5].pos.line, 2);
	assert_int_equal(rec.dead[5].pos.col, 14);
	assert_true(rec.has_play_on);
	assert_int_equal(rec.play_on, 3);
	text = sgf_write(&rec);
	assert_non_null(strstr(text, ";B[ee];W[];B[]\nTW[ia]\nPO[3]\n"
	    "DS[aa][ba][ia][ab][bb][ff]\n)\n"));
	sgf_record_free(&rec);
	free(text);

	/* A later node's DS replaces an earlier node's; a move clears it;
	 * PO is the last one of the main line. */
	parse_ok("(;SZ[9]PO[1];B[ee]DS[aa];W[]DS[bb]PO[2])", &rec);
	assert_int_equal(rec.ndead, 1);
	assert_int_equal(rec.dead[0].x, 1);
	assert_int_equal(rec.play_on, 2);
	sgf_record_free(&rec);
	parse_ok("(;SZ[9];B[ee]DS[aa]PO[1];W[])", &rec);
	assert_false(rec.has_dead);
	assert_null(rec.dead);
	assert_true(rec.has_play_on);
	assert_int_equal(rec.play_on, 1);
	sgf_record_free(&rec);

	/* More than 16 dead stones break the line, as TB/TW do; the record
	 * comes back as it was. */
	fill_record(&rec);
	rec.has_dead = true;
	rec.ndead = 20;
	rec.dead = calloc(20, sizeof *rec.dead);
	assert_non_null(rec.dead);
	for (int i = 0; i < 20; i++) {
		rec.dead[i].x = i % 9;
		rec.dead[i].y = i / 9;
	}
	rec.has_play_on = true;
	rec.play_on = 25;
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "\nPO[25]\nDS[aa]"));
	assert_non_null(strstr(text, "[gb]\n[hb][ib][ac][bc]\n)\n"));
	free(text);
	diff = round_trip(&rec, err, sizeof err);
	if (diff != NULL)
		print_error("%s %s\n", diff, err);
	assert_null(diff);
	/* A PO beyond the moves would not read back: not written. */
	rec.play_on = 26;
	text = sgf_write(&rec);
	assert_null(strstr(text, "PO["));
	free(text);
	sgf_record_free(&rec);
}

/* Where the players went on after two passes comes back from PO[]. */
static void
test_play_on(void **state)
{
	static const char passes[] = "(;SZ[5];B[ba];W[ea];B[];W[];B[bb])";
	struct sgf_record rec, back;
	struct game g;
	char err[256], *out;

	(void)state;
	parse_ok(passes, &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "t", err, sizeof err), 0);
	assert_int_equal(game_sgf_play_on(&rec, &g), -1);
	game_sgf_set_play_on(&rec, 4);
	out = sgf_write(&rec);
	assert_non_null(strstr(out, "PO[4]"));
	parse_ok(out, &back);
	assert_int_equal(game_sgf_play_on(&back, &g), 4);
	sgf_record_free(&back);
	free(out);
	game_sgf_set_play_on(&rec, -1);
	out = sgf_write(&rec);
	assert_null(strstr(out, "PO["));
	parse_ok(out, &back);
	assert_int_equal(game_sgf_play_on(&back, &g), -1);
	sgf_record_free(&back);
	free(out);
	/* Beyond the moves: none. */
	game_sgf_set_play_on(&rec, 6);
	assert_false(rec.has_play_on);
	game_sgf_set_play_on(&rec, 5);
	assert_int_equal(game_sgf_play_on(&rec, &g), 5);
	sgf_record_free(&rec);
	game_free(&g);
}

/* HA[2] without its stones, White first: they are on the star points,
 * as GNU Go places them; written back with AB. */
static void
test_handicap_without_stones(void **state)
{
	struct sgf_record rec;
	struct game g;
	char err[256], *text;

	(void)state;
	parse_ok("(;GM[1]FF[4]SZ[9]HA[2]KM[0.5];W[ee];B[cc])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	sgf_record_free(&rec);
	assert_int_equal(board_at(&g.board, board_point(&g.board, 6, 2)), BLACK);
	assert_int_equal(board_at(&g.board, board_point(&g.board, 2, 6)), BLACK);
	assert_int_equal(board_count(&g.board, BLACK), 3);
	assert_int_equal(g.nmoves, 2);
	assert_int_equal(game_to_sgf(&g, &rec), 0);
	text = sgf_write(&rec);
	assert_non_null(strstr(text, "AB["));
	free(text);
	sgf_record_free(&rec);
	game_free(&g);
	/* Black first: no stones are made up. */
	parse_ok("(;GM[1]FF[4]SZ[9]HA[2];B[ee])", &rec);
	assert_int_equal(game_from_sgf(&g, &rec, "x", err, sizeof err), 0);
	assert_int_equal(board_count(&g.board, BLACK), 1);
	sgf_record_free(&rec);
	game_free(&g);
}

static void
test_game_round_trip(void **state)
{
	/* White captures at aa, then a pass; "xx" is a pass */
	static const char *const moves[] = {
		"ba", "aa", "ab", "xx", "ee", "ff",
	};
	struct game g, h;
	struct sgf_record rec, back;
	point_t hc[9];
	char *text, err[256], re[32];
	size_t i;
	int k;

	(void)state;
	assert_int_equal(game_init(&g, 9, 5.5), 0);
	assert_int_equal(game_fixed_handicap(&g, 2, hc), 2);
	assert_int_equal(g.first, WHITE);
	for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		enum color c = i % 2 ? BLACK : WHITE;
		point_t p = moves[i][0] == 'x' ? BOARD_PASS :
		    board_point(&g.board, moves[i][0] - 'a', moves[i][1] - 'a');

		assert_int_equal(game_play(&g, c, p), MOVE_OK);
	}
	assert_int_equal(board_at(&g.board, board_point(&g.board, 0, 0)),
	    EMPTY);
	g.end = GAME_END_SCORE;
	g.score = -3.5;

	assert_int_equal(game_to_sgf(&g, &rec), 0);
	assert_int_equal(rec.size, 9);
	assert_true(rec.komi == 5.5);
	assert_int_equal(rec.handicap, 2);
	assert_int_equal(rec.nsetup, 2);
	assert_int_equal(rec.nmoves, g.nmoves);
	assert_string_equal(rec.result, score_result_sgf(-3.5, re, sizeof re));
	assert_null(rec.black);
	assert_null(rec.white);

	text = sgf_write(&rec);
	assert_int_equal(sgf_parse(text, strlen(text), "rt", &back, err,
	    sizeof err), 0);
	free(text);
	assert_null(record_diff(&rec, &back));
	assert_int_equal(game_from_sgf(&h, &back, "rt", err, sizeof err), 0);
	assert_int_equal(h.size, g.size);
	assert_true(h.komi == g.komi);
	assert_int_equal(h.handicap, g.handicap);
	assert_int_equal(h.first, g.first);
	assert_int_equal(h.nmoves, g.nmoves);
	for (k = 0; k < g.nmoves; k++) {
		assert_int_equal(h.moves[k].color, g.moves[k].color);
		assert_int_equal(h.moves[k].point, g.moves[k].point);
	}
	assert_memory_equal(h.board.color, g.board.color,
	    sizeof g.board.color);
	assert_memory_equal(h.initial.color, g.initial.color,
	    sizeof g.initial.color);
	assert_true(h.board.hash == g.board.hash);
	assert_int_equal(h.end, GAME_END_SCORE);
	assert_true(h.score == g.score);

	/* resignation is the result, not a move */
	game_resign(&h, BLACK);
	sgf_record_free(&rec);
	assert_int_equal(game_to_sgf(&h, &rec), 0);
	assert_string_equal(rec.result, "W+R");
	game_free(&h);
	assert_int_equal(game_from_sgf(&h, &rec, "rt", err, sizeof err), 0);
	assert_int_equal(h.end, GAME_END_RESIGN);
	assert_int_equal(h.winner, WHITE);
	game_free(&h);
	sgf_record_free(&rec);
	sgf_record_free(&back);
	game_free(&g);
}

/* --- the GNU Go collection ------------------------------------------- */

/* Records of the collection that are really broken, and why. */
static const struct {
	const char *file;
	const char *message;
} corpus_bad[] = {
	{ "FSF-neurogo.sgf", ":44:3: AE[rh]: setup after moves" },
	{ "STS-RV/MiscProblems/_semeai_C9_018.sgf",
	  ":22:3: AW[oa]: setup after moves" },
	{ "ab1_fuseki.sgf", ":14:1102: AE[md]: setup after moves" },
	{ "arb/game01.sgf", ":21:4: AE[gg]: setup after moves" },
	{ "arb/game02.sgf", ":12:4: AE[hj]: setup after moves" },
	{ "arb/game04.sgf", ":12:3: AE[ji]: setup after moves" },
	{ "explorer2.sgf", ":25:20: AE[lo]: setup after moves" },
	{ "buzco1.sgf", ":42:49: W[tt]: a node cannot have two moves" },
	{ "owl42.sgf", ":24:1: missing ')' at the end of the game tree" },
	{ "pending/nightmare.sgf", ":1:1: no game tree" },
};

struct corpus {
	const char *root;
	int files, bad, unexpected, replay_failed;
};

static void
corpus_file(struct corpus *c, const char *path)
{
	const char *rel = path + strlen(c->root) + 1;
	struct sgf_record rec;
	struct game g;
	char err[512];
	const char *diff;
	size_t i;

	c->files++;
	if (sgf_read_file(path, &rec, err, sizeof err) < 0) {
		for (i = 0; i < sizeof corpus_bad / sizeof corpus_bad[0]; i++)
			if (strcmp(rel, corpus_bad[i].file) == 0 &&
			    strstr(err, corpus_bad[i].message) != NULL &&
			    strncmp(err, path, strlen(path)) == 0)
				break;
		if (i == sizeof corpus_bad / sizeof corpus_bad[0]) {
			print_error("unexpected error: %s\n", err);
			c->unexpected++;
		}
		c->bad++;
		return;
	}
	diff = round_trip(&rec, err, sizeof err);
	if (diff != NULL) {
		print_error("%s: round trip: %s %s\n", rel, diff, err);
		c->unexpected++;
	}
	/* Some records (problems, hand-edited games) break the rules:
	 * they must be refused with a message, not loaded. */
	if (game_from_sgf(&g, &rec, rel, err, sizeof err) == 0)
		game_free(&g);
	else {
		print_message("does not replay: %s\n", err);
		assert_non_null(strstr(err, ": illegal move: "));
		c->replay_failed++;
	}
	sgf_record_free(&rec);
}

static void
corpus_walk(struct corpus *c, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	struct stat st;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode))
			corpus_walk(c, path);
		else if (n > 4 && strcmp(e->d_name + n - 4, ".sgf") == 0)
			corpus_file(c, path);
	}
	closedir(d);
}

static void
test_gnugo_corpus(void **state)
{
	char root[4096];
	struct corpus c;
	struct stat st;

	(void)state;
	tu_corpus_dir(root, sizeof root);
	if (stat(root, &st) < 0 || !S_ISDIR(st.st_mode)) {
		print_message("GNU Go records not found in %s: skipped\n",
		    root);
		skip();
	}
	memset(&c, 0, sizeof c);
	c.root = root;
	corpus_walk(&c, root);
	print_message("%d GNU Go records: %d read and written back, %d "
	    "rejected as broken; %d of those read do not replay under "
	    "the rules\n", c.files, c.files - c.bad, c.bad,
	    c.replay_failed);
	assert_int_equal(c.unexpected, 0);
	assert_int_equal(c.replay_failed, 0);
	assert_true(c.files > 0);
	assert_true(c.bad <= (int)(sizeof corpus_bad / sizeof corpus_bad[0]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_properties),
		cmocka_unit_test(test_ff3_long_names),
		cmocka_unit_test(test_variations_skipped),
		cmocka_unit_test(test_deep_variations),
		cmocka_unit_test(test_passes_and_points),
		cmocka_unit_test(test_charsets),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_files),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_round_trip_files),
		cmocka_unit_test(test_write_file),
		cmocka_unit_test(test_game_illegal_move),
		cmocka_unit_test(test_game_ko_rules),
		cmocka_unit_test(test_game_results),
		cmocka_unit_test(test_empty_komi_handicap),
		cmocka_unit_test(test_fox_komi),
		cmocka_unit_test(test_game_from_sgf),
		cmocka_unit_test(test_territory),
		cmocka_unit_test(test_dead_stones),
		cmocka_unit_test(test_own_properties),
		cmocka_unit_test(test_play_on),
		cmocka_unit_test(test_handicap_without_stones),
		cmocka_unit_test(test_game_round_trip),
		cmocka_unit_test(test_gnugo_corpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
