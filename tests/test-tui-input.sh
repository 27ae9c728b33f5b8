#!/bin/sh
# test-tui-input.sh: what comes from the terminal that no player typed.
# The answer to the width probe (ESC [ row ; col R) can come late on a slow
# link, after the probe stopped waiting: it must not act as Esc, [ and R
# (look back, restart) on the game, while the same keys typed still act.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-input

report() {
	tui_keys -l "$(printf '\033[%s;%sR' "$1" "$2")"
}

# An unfinished record: R would ask to start a new game, [ look back.
printf '(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gg];W[gc])\n' \
	>"$tui_tmp/open.sgf"
tui_start --ascii "$tui_tmp/open.sgf"
tui_wait "Move 4"
tui_wait "Game continued at move 4"
report 5 1
report 12 3
tui_keys '['
tui_wait "Move 3 (of 4)"
tui_wait "Looking at move 3 of 4"
tui_screen | grep -F -q "Start a new one?" && tui_fail "a report asked to restart"
tui_ok "a late report acts on nothing"
tui_keys End
tui_wait "Move 4"
# Esc alone and the keys of a report broken off still act.
tui_keys '?'
tui_wait "pass (two passes in a row: counting)"
tui_keys Escape
tui_wait_gone "pass (two passes in a row: counting)"
tui_keys -l "$(printf '\033[5;')"
sleep 0.2
tui_keys '['
tui_wait "Move 2 (of 4)"
tui_keys End
tui_wait "Move 4"

# A finished record: R starts a new game without asking.
printf '(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+R];B[ee];W[cc];B[gg])\n' \
	>"$tui_tmp/over.sgf"
tui_start --ascii "$tui_tmp/over.sgf"
tui_wait "Move 3"
report 5 1
tui_keys '['
tui_wait "Move 2 (of 3)"
tui_wait "B+R: White resigned, Black wins"
tui_screen | grep -F -q "New game:" && tui_fail "a report restarted the game"
tui_ok "a late report keeps the finished record"

tui_done
