#!/bin/sh
# test-tui-leave.sh: leaving a game that cannot be saved.  q or Q says why
# and stays in the game, and the game goes on: the computer, thinking when
# the key came, still plays its move.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-leave
data="$XDG_DATA_HOME/tengen"

for key in q Q; do
	rm -rf "$data"
	tui_start --size 9 --level beginner --color black --pace fast --ascii
	tui_wait "Move 0"
	# A folder where the game's settings go: no save can be finished
	# (even as root, whom no file mode stops).
	rm -f "$data/current.conf"
	mkdir "$data/current.conf"
	tui_goto E5 9
	# The computer waits 1 to 2 s before it shows its move: the key
	# comes while it is still to move.
	tui_keys Enter $key
	tui_wait "q or Q again leaves without saving"
	tui_wait "Move 1"
	tui_wait "Move 2"
	tui_wait "Black to play"
	tui_ok "$key with a failed save: the computer still plays"
	rmdir "$data/current.conf"
done

tui_done
