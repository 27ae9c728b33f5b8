/*
 * test-shape.c: shape codes, their symmetries and the learned table.
 *
 * A code is checked bit by bit on small positions: the sides of the board,
 * the colours seen from the player to move, the atari bits.  Then the
 * symmetries: the same stones turned about the centre of the board give
 * codes with the same canonical code, and the eight transforms of any code
 * form its orbit.  Last, the table of src/shape-data.c is well formed and
 * says what every player knows: the first line of an open board is worse
 * than the third.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "shape.h"
#include "tu.h"

static struct game g;

static int
setup_9(void **state)
{
	(void)state;
	shape_init();
	return game_init(&g, 9, 7.5);
}

static int
teardown(void **state)
{
	(void)state;
	game_free(&g);
	return 0;
}

static uint32_t
code_at(enum color c, const char *vertex)
{
	return shape_code(&g.board, c, tu_pt(&g.board, vertex));
}

static void
test_code_sides(void **state)
{
	(void)state;
	/* Cells NW N NE W E SW S SE, two bits each; 3 is off the board. */
	assert_int_equal(code_at(BLACK, "E5"), 0);
	assert_int_equal(code_at(BLACK, "A1"),
	    3 | 3 << 6 | 3 << 10 | 3 << 12 | 3 << 14);
	assert_int_equal(code_at(WHITE, "E9"), 3 | 3 << 2 | 3 << 4);
	assert_int_equal(code_at(BLACK, "J5"), 3 << 4 | 3 << 8 | 3 << 14);
}

static void
test_code_colours(void **state)
{
	(void)state;
	/* Black at E6 (north of E5), White at F5 (east). */
	assert_int_equal(tu_setup(&g, ".........\n.........\n.........\n"
	    "....X....\n.....O...\n"), 0);
	assert_int_equal(code_at(BLACK, "E5"), 1 << 2 | 2 << 8);
	assert_int_equal(code_at(WHITE, "E5"), 2 << 2 | 1 << 8);
	/* The colours swapped, seen by the other player: the same code. */
	game_reset(&g);
	assert_int_equal(tu_setup(&g, ".........\n.........\n.........\n"
	    "....O....\n.....X...\n"), 0);
	assert_int_equal(code_at(WHITE, "E5"), 1 << 2 | 2 << 8);
}

static void
test_code_atari(void **state)
{
	(void)state;
	/* White E6 has one liberty, E5; Black D5 has three. */
	assert_int_equal(tu_setup(&g, ".........\n.........\n....X....\n"
	    "...XOX...\n...X.....\n"), 0);
	uint32_t c = code_at(BLACK, "E5");

	assert_int_equal(c >> 16, 1);	/* N in atari; W, E, S not */
	assert_int_equal(c & 0xffff, 1 << 0 | 2 << 2 | 1 << 4 | 1 << 6);
	/* Seen by White the atari bit stays: it is about the string. */
	assert_int_equal(code_at(WHITE, "E5") >> 16, 1);
	/* No atari bit for an empty or an off-board neighbour. */
	assert_int_equal(code_at(BLACK, "A1") >> 16, 0);
}

static void
test_orbit(void **state)
{
	(void)state;
	srand(7);
	for (int i = 0; i < 2000; i++) {
		uint32_t c = (uint32_t)rand() & ((1u << SHAPE_BITS) - 1);
		uint32_t canon = shape_canonical(c);
		bool seen_canon = false;

		assert_int_equal(shape_transform(c, 0), c);
		assert_true(canon <= c);
		for (int k = 0; k < 8; k++) {
			uint32_t t = shape_transform(c, k);

			assert_int_equal(shape_canonical(t), canon);
			if (t == canon)
				seen_canon = true;
			/* The mirrors are their own inverse. */
			if (k < 4)
				assert_int_equal(shape_transform(t, k), c);
		}
		assert_true(seen_canon);
	}
}

/* The same stones turned by quarters about E5 have the same canonical code,
 * and the codes differ by one of the eight transforms. */
static void
test_board_symmetry(void **state)
{
	(void)state;
	/* Offsets from E5, y down, and colours: a hane with a cut. */
	static const struct {
		int dx, dy;
		enum color c;
	} stones[] = {
		{ -1, -1, BLACK }, { 0, -1, WHITE }, { 1, 0, BLACK },
		{ -1, 1, WHITE },
	};
	uint32_t first = 0;

	for (int r = 0; r < 4; r++) {
		game_reset(&g);
		for (size_t i = 0; i < sizeof stones / sizeof *stones; i++) {
			int dx = stones[i].dx, dy = stones[i].dy, t;

			for (int q = 0; q < r; q++) {	/* a quarter turn */
				t = dx;
				dx = -dy;
				dy = t;
			}
			assert_int_equal(game_setup(&g, board_point(&g.board,
			    4 + dx, 4 + dy), stones[i].c), 0);
		}
		uint32_t c = code_at(BLACK, "E5");
		bool related = false;

		if (r == 0)
			first = c;
		else
			assert_true(c != first);	/* this shape is not symmetric */
		for (int k = 0; k < 8; k++)
			if (shape_transform(first, k) == c)
				related = true;
		assert_true(related);
		assert_int_equal(shape_canonical(c), shape_canonical(first));
		assert_int_equal(shape_weight(&g.board, BLACK,
		    tu_pt(&g.board, "E5")), shape_table[first]);
	}
}

static void
test_table(void **state)
{
	(void)state;
	assert_true(shape_data_count > 100);
	for (int i = 0; i < shape_data_count; i++) {
		const struct shape_entry *e = &shape_data[i];

		assert_int_equal(shape_canonical(e->code), e->code);
		if (i > 0)
			assert_true(e->code > shape_data[i - 1].code);
		assert_true(e->weight != 0);
		assert_in_range(e->weight + SHAPE_WEIGHT_MAX, 0,
		    2 * SHAPE_WEIGHT_MAX);
		for (int k = 0; k < 8; k++)
			assert_int_equal(shape_table[shape_transform(e->code, k)],
			    e->weight);
	}
	/* On the open board the first line is worse than the third. */
	assert_true(shape_weight(&g.board, BLACK, tu_pt(&g.board, "A5")) <
	    shape_weight(&g.board, BLACK, tu_pt(&g.board, "C5")));
	assert_true(shape_weight(&g.board, WHITE, tu_pt(&g.board, "E1")) <
	    shape_weight(&g.board, WHITE, tu_pt(&g.board, "E3")));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_code_sides, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_code_colours, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_code_atari, setup_9, teardown),
		cmocka_unit_test(test_orbit),
		cmocka_unit_test_setup_teardown(test_board_symmetry, setup_9, teardown),
		cmocka_unit_test_setup_teardown(test_table, setup_9, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
