#!/bin/sh
# test-tui-two.sh: two tengen on one user's files.  While one plays the
# game kept in the data folder, another may not begin a local game there
# (each would write over the other's current.sgf): the lobby says so, and
# a game asked for on the command line exits with the reason.  Once the
# first is back in its lobby, the second plays, also when the first's
# Continue failed.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-two

tui_start --hotseat --size 9 --ascii
tui_wait "Move 0"
tui_play E5 9
tui_wait "Move 1"
first=$tui_sock

# The second, on a terminal of its own, beside the first (a tmux server
# of its own for each start: one just killed may still be exiting).
second="$tui_base-second-1"
trap 'for s in 1 2 3 4; do tmux -L "$tui_base-second-$s" kill-server >/dev/null 2>&1; done; tui_sock=$first; tui_cleanup' EXIT
tmux -L "$second" -f "$tui_tmp/tmux.conf" new-session -d -s tui -x 80 -y 24 \
	"exec '$tengen' --ascii" || tui_fail "cannot start tmux"
tui_sock=$second
tui_wait "Start game"
tui_keys s
tui_wait "Another tengen is playing the game kept in"
tui_screen | grep -q "Move 0" && tui_fail "a second game began: $(tui_screen)"
tui_keys c
tui_wait "Another tengen is playing the game kept in"
tui_ok "the lobby begins no game over another tengen's"
tmux -L "$second" kill-server >/dev/null 2>&1

second="$tui_base-second-2"
tui_sock=$second
tmux -L "$second" -f "$tui_tmp/tmux.conf" new-session -d -s tui -x 80 -y 24 \
	"'$tengen' --hotseat --size 9 --ascii; echo status \$?; sleep 30" ||
	tui_fail "cannot start tmux"
tui_wait "status 1"
tmux -L "$second" capture-pane -p -J -t tui |
	grep -q "tengen: Another tengen is playing the game kept in" ||
	tui_fail "no reason given: $(tui_screen)"
tmux -L "$second" kill-server >/dev/null 2>&1
tui_ok "a game asked for on the command line is refused, with the reason"

# The first goes back to its lobby: the second may play, and its new game
# keeps the first's unfinished one aside.
tui_sock=$first
tui_keys q
tui_wait "Continue last game"
second="$tui_base-second-3"
tmux -L "$second" -f "$tui_tmp/tmux.conf" new-session -d -s tui -x 80 -y 24 \
	"exec '$tengen' --hotseat --size 9 --ascii" || tui_fail "cannot start tmux"
tui_sock=$second
tui_wait "The unfinished game was kept as unfinished-"
tui_play D4 9
tmux -L "$second" kill-server >/dev/null 2>&1
kept=$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
tui_file_has "$kept" ";B[ee]"
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" ";B[df]"
tui_ok "once the first is in its lobby, the second plays, and nothing is lost"
tui_sock=$first

# A Continue that fails (a current.sgf that cannot be read) leaves the
# first in its lobby, and the folder free: a second plays.
tui_stop
printf '(;GM[1]FF[4]SZ[40];B[aa])\n' >"$XDG_DATA_HOME/tengen/current.sgf"
tui_start --ascii
first=$tui_sock
tui_wait "Continue last game"
tui_keys c
tui_wait "board size must be"
second="$tui_base-second-4"
tmux -L "$second" -f "$tui_tmp/tmux.conf" new-session -d -s tui -x 80 -y 24 \
	"exec '$tengen' --ascii" || tui_fail "cannot start tmux"
tui_sock=$second
tui_wait "Start game"
tui_keys s
tui_wait "Move 0"
tui_screen | grep -q "Another tengen is playing" &&
	tui_fail "a failed Continue kept the folder"
tmux -L "$second" kill-server >/dev/null 2>&1
tui_ok "a failed Continue leaves the folder to another tengen"
tui_sock=$first
tui_done
