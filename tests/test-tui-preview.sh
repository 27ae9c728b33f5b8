#!/bin/sh
# test-tui-preview.sh: "preview, then confirm" (set in the settings file),
# nudging a preview with the arrows (not over a stone), confirming with
# Enter, C or a second click, cancelling with Esc; a ko point marked and
# refused with its reason; clicks on the board and on a button.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-preview

mkdir -p "$XDG_CONFIG_HOME/tengen"
printf 'preview=yes\nmarks=yes\nsound=no\n' > "$XDG_CONFIG_HOME/tengen/settings"

# tui_preview_play VERTEX: preview it, then place it with Enter.
tui_preview_play() {
	tui_goto "$1" 9
	tui_keys Enter
	tui_wait "Preview at $1"
	tui_keys Enter
	tui_wait "played $1"
}

tui_start --hotseat --size 9 --ascii
tui_wait "Black to play"

# First Enter: a preview only; the arrows nudge it; Enter places it.
tui_goto D5 9
tui_keys Enter
tui_wait "Preview at D5: Enter places, arrows move it, Esc cancels"
tui_wait "[Place C]"
tui_expect_row 5 ". . . x + . . . ."
tui_wait "Move 0"
tui_keys Right
tui_cx=$((tui_cx + 1))
tui_wait "Preview at E5"
tui_expect_row 5 ". . . . x . . . ."
tui_keys Enter
tui_wait "Black played E5"
tui_expect_row 5 ". . . . X . . . ."
tui_wait "Move 1"

# White: an occupied point is refused at once, without a preview.
tui_keys Enter
tui_wait "E5: that point is occupied"
# A preview moved onto it is not drawn over the stone, and Enter there
# places nothing; moved on to a free point, it shows again.
tui_keys Right Enter
tui_wait "Preview at F5: Enter places"
tui_expect_row 5 ". . . . X o . . ."
tui_keys Left
tui_wait "E5: that point is occupied"
tui_expect_row 5 ". . . . X . . . ."
tui_keys Right
tui_wait "Preview at F5: Enter places, Esc cancels"
tui_expect_row 5 ". . . . X o . . ."
tui_keys Left Enter
tui_wait "E5: that point is occupied"
tui_wait "Move 1"
tui_expect_row 5 ". . . . X . . . ."
# Esc cancels a preview; C confirms one.
tui_keys Left
tui_cx=$((tui_cx - 1))
tui_keys Enter
tui_wait "Preview at D5"
tui_keys Escape
tui_wait "Preview cancelled"
tui_wait "Move 1"
tui_keys c
tui_wait "No preview to confirm"
tui_keys Enter
tui_wait "Preview at D5"
tui_keys c
tui_wait "White played D5"
tui_expect_row 5 ". . . O X . . . ."

# Mouse: a click previews, a click on the same point places.  Point x, y
# of the board is at column 3 + 2x, line 1 + y.
tui_click 3 9			# A1
tui_wait "Preview at A1: click it again"
tui_click 3 9
tui_wait "Black played A1"
tui_expect_row 1 "X . . . . . . . ."
tui_cx=0; tui_cy=8
# A click on a button: Undo takes back Black's A1.
sleep 0.3
undo_x=$(tui_screen | awk '{ i = index($0, "[Undo Z]"); if (i) { print i - 1; exit } }')
undo_y=$(tui_screen | awk '{ if (index($0, "[Undo Z]")) { print NR - 1; exit } }')
[ -n "$undo_x" ] || tui_fail "no Undo button"
tui_click "$undo_x" "$undo_y"
tui_wait "Took back 1 move: Black to play"
tui_wait "Move 2"
tui_expect_row 1 "x . . . . . . . ."		# the cursor's preview stone

# A ko on the lower edge: Black A1 B2 C1, White B1 C2 D1.  Black's C1
# takes B1; White may not take back at once.
tui_preview_play A1
tui_preview_play B1
tui_preview_play B2
tui_preview_play C2
tui_preview_play J9
tui_preview_play D1
tui_preview_play C1
tui_wait "Black captured 1"
tui_expect_row 1 "X @ X O . . . . ."
tui_goto B1 9
tui_keys Enter
tui_wait "B1 is forbidden by ko: play elsewhere first, then retake"
tui_wait "White to play"
# White plays elsewhere, Black answers, and now White may take back.
tui_preview_play J1
tui_preview_play H9
tui_expect_row 1 "X . X O . . . . O"
tui_preview_play B1
tui_wait "White captured 1"
tui_expect_row 1 "X O @ O . . . . O"

# The box follows the settings of the moment: a game left with it ticked
# and continued with it cleared places a stone at the first Enter.
tui_keys q
tui_wait "Continue last game"
tui_stop
printf 'preview=no\nsound=no\n' > "$XDG_CONFIG_HOME/tengen/settings"
tui_start --ascii
tui_keys c
tui_wait "Game continued at move 12"
tui_goto G3 9
tui_keys Enter
tui_wait "played G3"
tui_done
