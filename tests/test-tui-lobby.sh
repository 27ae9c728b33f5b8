#!/bin/sh
# test-tui-lobby.sh: the lobby with the mouse.  The engine's command being
# typed shows its end and the cursor, and a click ends the typing keeping
# what was typed: [ Start game ] starts with it, and names the engine by
# its program, past a VAR=value and folders.  The settings file keeps
# the lobby's choices, not the command line's.  A row too narrow for its
# choices steps them with clicks on its arrows.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-lobby
settings="$XDG_CONFIG_HOME/tengen/settings"

# click_on TEXT [N]: a click on the first character of TEXT on the screen,
# or N columns after it.
click_on() {
	tui_screen >"$tui_tmp/screen"
	at=$(awk -v s="$1" -v n="${2:-0}" \
		'i = index($0, s) { print i - 1 + n, NR - 1; exit }' \
		"$tui_tmp/screen")
	[ -n "$at" ] || tui_fail "no $1 to click"
	tui_click $at
}

mkdir -p "$XDG_CONFIG_HOME/tengen"
printf 'pace=off\nsize=9\n' >"$settings"
tui_start --ascii
tui_wait "[ Start game ]"
click_on "GTP engine"
tui_wait "Engine command"
click_on "Engine command"
tui_wait "Type the engine's command line"
i=0
while [ $i -lt 20 ]; do tui_keys BSpace; i=$((i + 1)); done
# Longer than the field: its end and the cursor are shown.
cmd="PADDING=one-that-makes-the-command-long '$tengen' --gtp --level beginner"
tui_keys -l "$cmd"
tui_wait "--gtp --level beginner_"
click_on "[ Start game ]"
# The engine by its program's name, past the VAR=value and the folders.
tui_wait "White: engine tengen"
tui_wait "Move 0"
tui_file_has "$settings" "engine=$cmd"
tui_file_has "$XDG_DATA_HOME/tengen/current.conf" "engine=$cmd"
tui_goto E5 9
tui_keys Enter
tui_wait "Move 2"
tui_ok "a click ends the typing, and the game starts with what was typed"
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" "PW[tengen]"

# The command line's choices are for this run: a change in the lobby writes
# that change alone, and the file keeps its other values.
rm -f "$settings"
printf 'komi=6.5\n' >"$settings"
tui_start --hotseat --size 9 --ambiwidth wide --pace off --ascii
tui_wait "Move 0"
tui_keys q
tui_wait "[ Start game ]"
tui_wait "[9x9]"
tui_wait "[Two players]"
click_on "Show move numbers"
tui_wait "[x] Show move numbers"
tui_keys q
tui_wait_exit
tui_file_has "$settings" "numbers=yes"
tui_file_has "$settings" "komi=6.5"
tui_file_has "$settings" "size=19"
tui_file_has "$settings" "opponent=computer"
tui_file_has "$settings" "pace=real"
tui_file_has "$settings" "width=auto"
tui_ok "the settings file holds the lobby's change alone"

# Too narrow for all the choices, a row shows "< [choice] >": a click on
# ">" steps forward, on "<" back.
rm -f "$settings"
tui_start --ascii
tmux -L "$tui_sock" resize-window -t tui -x 60 -y 22
tui_wait "< [Computer] >"
click_on "< [Computer] >" 13
tui_wait "< [Two players] >"
tui_file_has "$settings" "opponent=hotseat"
click_on "< [Two players] >" 16
tui_wait "< [GTP engine] >"
click_on "< [GTP engine] >"
tui_wait "< [Two players] >"
click_on "< [Two players] >" 3
tui_wait "< [GTP engine] >"
tui_file_has "$settings" "opponent=engine"
tui_ok "the arrows of a narrow row step its choice"

tui_done
