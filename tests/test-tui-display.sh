#!/bin/sh
# test-tui-display.sh: how the screen looks and behaves as a terminal
# program: Unicode lines and stones by default, 19x19 with its panel in
# 80x24, a clear message in a terminal too small and a redraw when it grows,
# move numbers (from 100 on, their last two digits), the key list,
# NO_COLOR, a cursor move that sends only a few bytes to the terminal, and
# ASCII alone where the locale is not UTF-8.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-display

mkdir -p "$XDG_CONFIG_HOME/tengen"
printf 'numbers=yes\nsound=no\n' > "$XDG_CONFIG_HOME/tengen/settings"
tui_start --hotseat --size 19 --ambiwidth narrow
tui_wait "tengen  19x19"
tui_wait " A B C D E F G H J K L M N O P Q R S T"
tui_wait "19 ┌─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┐ 19"
tui_wait " 1 └─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┘  1"
tui_wait "╋"
tui_wait "Black captured 0"
tui_wait "Arrows move  Enter place"
# (The pane is 24 lines: the waits above found the top and bottom rows,
# the panel and the key line in it.)

# Move numbers on the stones, two digits in a point's two columns.
tui_keys Enter
tui_wait "Black played K10"
tui_wait "10 ├─┼─┼─╋─┼─┼─┼─┼─┼─1─┼─┼─┼─┼─┼─╋─┼─┼─┤ 10"
tui_keys Right Enter
tui_wait "10 ├─┼─┼─╋─┼─┼─┼─┼─┼─1─2─┼─┼─┼─┼─╋─┼─┼─┤ 10"

# From move 100 on, the last two digits, all of them: 101 is "01", not "1".
awk 'BEGIN {
	a = "abcdefghijklmnopqrs"
	printf "(;GM[1]FF[4]SZ[19]KM[7.5]"
	for (k = 0; k < 55; k++)
		printf ";B[%s%s];W[%s%s]", substr(a, k % 19 + 1, 1),
		    substr(a, 19 - int(k / 19), 1), substr(a, k % 19 + 1, 1),
		    substr(a, int(k / 19) + 1, 1)
	print ")"
}' >"$tui_tmp/numbers.sgf"
tui_start --ambiwidth narrow "$tui_tmp/numbers.sgf"
tui_wait "Move 110"
tui_wait " 3 7779818385878991939597990103050709┼─┤  3"
tui_wait "17 7880828486889092949698000204060810┼─┤ 17"
tui_start --hotseat --size 19 --ambiwidth narrow
tui_wait "tengen  19x19"

# The key list.
tui_keys '?'
tui_wait "Playing"
tui_wait "pass (two passes in a row: counting)"
tui_wait "Counting (after two passes)"
tui_keys Escape
tui_wait "Black captured 0"

# Only what changes is sent: a cursor move costs tens of bytes.
out="$tui_tmp/out"
: > "$out"
tmux -L "$tui_sock" pipe-pane -t tui -o "cat >> '$out'"
sleep 0.3
tui_keys Left
sleep 0.5
tmux -L "$tui_sock" pipe-pane -t tui
bytes=$(wc -c < "$out")
[ "$bytes" -gt 0 ] && [ "$bytes" -lt 200 ] ||
	tui_fail "a cursor move sent $bytes bytes"
tui_ok "a cursor move sent $bytes bytes"

# Too small: a message, then the board again as soon as it fits.
tmux -L "$tui_sock" resize-window -t tui -x 60 -y 20
tui_wait "The terminal is 60x20; a 19x19 board needs"
tmux -L "$tui_sock" resize-window -t tui -x 80 -y 24
tui_wait "19 ┌─┬─┬"
tui_wait "tengen  19x19"

# A 9x9 board fits in 15 lines, but its panel (with the counting's lines
# and buttons) does not: the message, not buttons off the screen.
tui_start --hotseat --size 9 --ascii
tui_wait "Black to play"
tmux -L "$tui_sock" resize-window -t tui -x 80 -y 15
tui_wait "The terminal is 80x15; a 9x9 board needs 64x18."
# In a narrow window the message goes on to further lines, whole.
tmux -L "$tui_sock" resize-window -t tui -x 30 -y 14
tui_wait "The terminal is 30x14; a 9x9"
for line in "The terminal is 30x14; a 9x9" "board needs 46x18." "saved)."; do
	tui_screen | grep -qxF "$line" ||
		tui_fail "the message at 30x14 lost '$line': $(tui_screen)"
done
# Keys pressed blind do nothing: no stone, no pass.
tui_keys Enter Enter p p Down Enter Enter
sleep 0.5
tmux -L "$tui_sock" resize-window -t tui -x 80 -y 18
tui_wait "Black to play"
tui_wait "[Keys ?]"
tui_wait "Move 0"
tui_wait " 5 .  .  .  .  x  .  .  .  .   5"	# the cursor's preview alone
tui_ok "keys pressed while the board could not be seen did nothing"

# NO_COLOR: the white stone is drawn hollow, the black one solid.
tui_start --hotseat --size 9 --ambiwidth narrow
tui_wait "Black to play"
tui_keys Enter Right Enter
tui_wait "White played F5"
tui_wait " 5 ├──┼──┼──┼──1──2──┼──┼──┤   5"	# three columns a point
tmux -L "$tui_sock" kill-server
printf 'numbers=no\nsound=no\n' > "$XDG_CONFIG_HOME/tengen/settings"
NO_COLOR=1 tui_start --ascii
tui_wait "Continue last game"
tui_keys c
tui_wait "Game continued at move 2"
tui_expect_row 5 ". . . . X O . . ."
tui_start --size 9 --hotseat --no-color --ambiwidth narrow
tui_wait "Black to play"
tui_keys Enter Right Enter
tui_wait "White played F5"
tui_wait " 5 ├─┼─┼─┼─●─○─┼─┼─┤  5"
# NO_COLOR in the environment does what --no-color does.
export NO_COLOR=1
tui_start --size 9 --hotseat --ambiwidth narrow
tui_wait "Black to play"
tui_keys Enter Right Enter
tui_wait "White played F5"
tui_wait " 5 ├─┼─┼─┼─●─○─┼─┼─┤  5"
unset NO_COLOR

# A lobby too small to be drawn takes no click where a row used to be.
tui_start --ascii
tui_wait "Quit"
line=$(tui_screen | grep -n "Quit" | head -n 1 | cut -d: -f1)
selected=$(tui_screen | grep "^ >")
tmux -L "$tui_sock" resize-window -t tui -x 30 -y 15
tui_wait "The terminal is 30x15"
tui_click 8 $((line - 1))
# Nor do keys pressed blind: S would start a game, Enter act on a row.
tui_keys s Enter Down Enter
sleep 1
kill -0 "$(tui_pid)" 2>/dev/null && tui_screen | grep -q "The terminal is 30x15" ||
	tui_fail "a click or a key on the small lobby did something"
tmux -L "$tui_sock" resize-window -t tui -x 80 -y 24
tui_wait "Quit"
tui_screen | grep -qxF "$selected" ||
	tui_fail "the lobby's selected row moved while it could not be seen"
tui_ok "a click or a key on a lobby too small to draw does nothing"

# A narrow lobby shows the value chosen whole, between the arrows that
# change it, where the whole row of choices does not fit.
tmux -L "$tui_sock" resize-window -t tui -x 60 -y 20
tui_wait "< [Real (2-5 s)] >"
tui_screen | grep -q "Computer pace  *< \[Real (2-5 s)\] >" ||
	tui_fail "the pace chosen is not on its row at 60 columns"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	tui_screen | grep -q ">  Computer pace" && break
	tui_keys k
	sleep 0.2
done
tui_wait ">  Computer pace"
tui_keys l
tui_wait "< [Fast (1-2 s)] >"
tui_ok "a narrow lobby shows the choice made"
# Its key line keeps whole keys, and the one that lists them all.
tui_wait "Up/down choose  Left/right change  Enter select  ? keys"
tui_ok "a narrow lobby's key line ends with the key list"

# A narrow game: a status too long for its line takes two, and the key
# line keeps whole keys, and "?".
tui_start --hotseat --size 9
tmux -L "$tui_sock" resize-window -t tui -x 50 -y 20
tui_wait "Black: player"
tui_keys p
tui_wait "Black passes"
tui_keys p
tui_wait "Black 0, White 0, komi 7.5: W+7.5 (White wins by"
tui_screen | tail -n 2 | head -n 1 | grep -q "^3¾ stones)" ||
	tui_fail "the rest of the count is not on the next line"
tui_screen | tail -n 1 | grep -q "^Enter: dead/alive  C: confirm result  ?: keys *$" ||
	tui_fail "the key line at 50 columns: $(tui_screen | tail -n 1)"
tui_ok "a narrow game wraps its status and keeps whole keys"

# A terminal that is not UTF-8 gets ASCII alone: the name without its
# characters, the komi and the result in whole numbers and fractions.
export LANG=C
tui_start
tui_wait "tengen: Go, Weiqi, Baduk"
tui_wait "Chinese rules, area counting, komi 7.5 = 3 3/4 stones"
tui_start --hotseat --size 9
tui_wait "Black: player"
tui_keys p
tui_wait "Black passes"
tui_keys p
tui_wait "W+7.5 (White wins by 3 3/4 stones)"
tui_keys c
tui_wait "W+7.5: White wins by 3 3/4 stones"
tui_screen | LC_ALL=C grep -q '[^ -~]\|??' &&
	tui_fail "a character beyond ASCII on a terminal that is not UTF-8"
export LANG=C.UTF-8
tui_ok "a terminal that is not UTF-8 is shown ASCII alone"

# Where ambiguous-width characters take two columns, fractions of a stone
# are written in ASCII (¾ would take two columns, counted as one).  R
# while counting asks before starting over, and Esc keeps the count.
tui_start --ambiwidth wide
tui_wait "Chinese rules, area counting, komi 7.5 = 3 3/4 stones"
tui_start --hotseat --size 9 --ambiwidth wide
tui_wait "Black: player"
tui_keys p
tui_wait "Black passes"
tui_keys p
tui_wait "W+7.5 (White wins by 3 3/4 stones)"
tui_keys r
tui_wait "The game is not finished. Start a new one?"
tui_keys Escape
tui_wait_gone "The game is not finished. Start a new one?"
tui_wait "Counting: mark dead groups"
tui_keys c
tui_wait "W+7.5: White wins by 3 3/4 stones"
tui_ok "a wide terminal has fractions in ASCII; R asks while counting"

# Settings the lobby cannot offer: a 5x5 board and one handicap stone
# become 19x19 and none, and it says so; a komi of 500 is shown, and
# stepped, as it is.
cp "$XDG_CONFIG_HOME/tengen/settings" "$tui_tmp/settings.keep"
printf 'size=5\nhandicap=1\nkomi=500\nopponent=hotseat\n' \
	>"$XDG_CONFIG_HOME/tengen/settings"
tui_start --ascii
tui_wait "Board size 5 from the settings is not offered here: 19x19"
tui_wait "A handicap of 1 stone from the settings is no handicap: 0"
tui_wait "[19x19]"
tui_wait "< 0 >"
tui_wait "< 500 >"
tui_wait "komi 500 = 250 stones"
for i in 1 2 3 4 5 6; do tui_keys k; done
tui_wait ">  Komi"
tui_keys l
tui_wait "< 501 >"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "komi=501"
tui_keys s
tui_wait "tengen  19x19"
tui_wait "Komi 501"
tui_ok "the lobby starts the game it shows"
tui_stop
cp "$tui_tmp/settings.keep" "$XDG_CONFIG_HOME/tengen/settings"

# A line of the settings it cannot read is said, where and why, and kept
# when the settings are written again.
printf '# mine\nopponent=hotseat\ntheme=dark\n' >"$XDG_CONFIG_HOME/tengen/settings"
tui_start --ascii
tui_wait "kept in the file"
tui_screen | tr '\n' ' ' | tr -s ' ' |
	grep -qF 'tengen/settings:3: unknown setting "theme": not read, kept in the file' ||
	tui_fail "the line not read: $(tui_screen)"
for i in 1 2 3 4 5 6; do tui_keys k; done
tui_wait ">  Komi"
tui_keys l
tui_wait "< 8.5 >"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "komi=8.5"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "theme=dark"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "# mine"
tui_ok "a line not read is said, and kept"
tui_stop
cp "$tui_tmp/settings.keep" "$XDG_CONFIG_HOME/tengen/settings"

# The lobby at its smallest, 40x20: every row shows, and a message goes
# under the last one, on two lines, over the key line.
tui_start
tmux -L "$tui_sock" resize-window -t tui -x 40 -y 20
tui_wait "Up/down choose  ? keys"
tui_keys c
tui_wait "There is no unfinished game to"
for row in "Board size" "Sound (bell)" "[ Start game ]" "[ Online play ]" "[ Quit ]"; do
	tui_screen | grep -qF "$row" || tui_fail "the lobby at 40x20 lost '$row'"
done
tui_screen | tail -n 3 | head -n 2 | tr '\n' '|' | grep -q "^  There is no unfinished game to|  continue|$" ||
	tui_fail "the message at 40x20: $(tui_screen | tail -n 3)"
tui_ok "the lobby at 40x20 shows every row and the whole message"
tmux -L "$tui_sock" resize-window -t tui -x 30 -y 14
tui_wait "The terminal is 30x14; tengen"
tui_screen | grep -qxF "needs at least 40x20." ||
	tui_fail "the lobby's message at 30x14: $(tui_screen)"
tui_screen | tr '\n' ' ' | grep -q "Enlarge the window, or press q *to quit\." ||
	tui_fail "the lobby at 30x14 does not name its key: $(tui_screen)"
tui_ok "below 40x20 the lobby says so on as many lines as it takes"
# The key it names still acts.
tui_keys q
tui_wait_exit
tui_done
