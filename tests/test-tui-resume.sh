#!/bin/sh
# test-tui-resume.sh: nothing is lost.  A game chosen in the lobby with the
# keys alone, left for the lobby and continued; a game whose terminal hangs
# up (SIGHUP) or that is terminated (SIGTERM), then continued in a new
# tengen with its stones, its turn and its opponent; a game left while
# counting, with the marks of its dead stones, also in a region both
# sides surround; a finished game that could not be saved as it ended is
# saved on leaving; a current.sgf that cannot be read is kept aside.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-resume
sgf="$XDG_DATA_HOME/tengen/current.sgf"

# The lobby: 9x9, two players, with the keys alone.
tui_start --ascii
tui_wait "Start game"
tui_wait "Board size"
tui_wait "tengen: Go, Weiqi, Baduk"
tui_wait "Chinese rules, area counting, komi 7.5 = 3 3/4 stones"
if tui_screen | grep -q "Continue last game"; then
	tui_fail "continue offered with no saved game"
fi
for i in 1 2 3 4 5 6 7 8 9 10 11; do tui_keys k; done
tui_wait ">  Board size"
tui_keys h h
tui_wait "[9x9]"
tui_keys j
tui_wait ">  Opponent"
tui_keys l
tui_wait "[Two players]"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "size=9"
tui_file_has "$XDG_CONFIG_HOME/tengen/settings" "opponent=hotseat"
tui_keys s
tui_wait "Black: player"
tui_wait "tengen  9x9"
tui_play C3 9
tui_play G7 9
# Back to the lobby: the game is saved and offered.
tui_keys q
tui_wait ">  [ Continue last game ]"
tui_file_has "$sgf" ";B[cg];W[gc]"
tui_keys Enter
tui_wait "Game continued at move 2: Black to play"
tui_cursor_reset
tui_expect_row 3 ". . X . . . + . ."
tui_expect_row 7 ". . + . . . O . ."

# The terminal hangs up: the game is saved and the program ends.
tui_play E5 9
pid=$(tui_pid)
kill -HUP "$pid"
tui_wait_exit
tui_file_has "$sgf" ";B[cg];W[gc];B[ee]"
tui_file_lacks "$sgf" "RE["
# A new tengen offers it, and it goes on with White to play.
tui_start --ascii
tui_wait ">  [ Continue last game ]"
tui_keys c
tui_wait "Game continued at move 3: White to play"
tui_expect_row 5 ". . . . X . . . ."
tui_wait "Black: player"

# SIGTERM, against the computer: the opponent comes back too.
tui_start --size 9 --level beginner --color white --pace off --ascii
tui_wait "Black played"
tui_wait "Move 1"
kill -TERM "$(tui_pid)"
tui_wait_exit
tui_file_has "$XDG_DATA_HOME/tengen/current.conf" "opponent=computer"
tui_file_has "$XDG_DATA_HOME/tengen/current.conf" "color=white"
tui_start --ascii
tui_keys c
tui_wait "Game continued at move 1: White to play"
tui_cursor_reset
tui_wait "Black: computer, beginner"
tui_wait "White: you"

# The tmux window disappears under it (what a dropped SSH connection does).
# White plays on the first empty point of the first line.
row1=$(tui_row 1 | tr -d ' ')
col=$(expr index "$row1" .)
[ "$col" -gt 0 ] || tui_fail "no empty point on row 1: $row1"
letter=$(echo ABCDEFGHJ | cut -c"$col")
sgfcol=$(echo abcdefghi | cut -c"$col")
tui_goto "${letter}1" 9; tui_keys Enter
tui_wait "Move 3"
tui_stop
tui_file_has "$sgf" "W[${sgfcol}i]"
tui_start --ascii
tui_keys c
tui_wait "Game continued at move 3: White to play"

# A saved game given on the command line.  It takes the place of the
# unfinished game, which is kept under its own name first.
cp "$sgf" "$tui_tmp/saved.sgf"
tui_stop
tui_start --hotseat --ascii "$tui_tmp/saved.sgf"
tui_wait "The unfinished game was kept as unfinished-"
kept=$(ls -t "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
moves() { grep -o ';[BW]\[[a-s]*\]' "$1" | tr -d '\n'; }
[ -n "$(moves "$kept")" ] && [ "$(moves "$kept")" = "$(moves "$tui_tmp/saved.sgf")" ] ||
	tui_fail "$kept does not hold the game it replaced"
tui_ok "the replaced game is kept as $(basename "$kept")"
tui_file_lacks "$kept" "RE["
tui_keys '['
tui_wait "Looking at move 2 of 3"
# The side to play is that of the position looked at; P says so too.
tui_wait "Black to play"
tui_keys p
tui_wait "Looking at move 2: End goes back to the game"
tui_keys Home
tui_wait "Looking at move 0 of 3"
tui_keys End
tui_wait "Back to the game at move 3"
tui_stop

# Without --level or --engine, a saved game opened by name whose record
# names no computer of tengen's is played by two people, whatever the
# settings say.
printf 'opponent=computer\n' >>"$XDG_CONFIG_HOME/tengen/settings"
sed 's/P[BW]\[[^]]*\]//g; s/^(;/(;PB[Ann]PW[Bob]/' "$tui_tmp/saved.sgf" \
	>"$tui_tmp/people.sgf"
tui_file_has "$tui_tmp/people.sgf" "PB[Ann]PW[Bob]"
tui_start --ascii "$tui_tmp/people.sgf"
tui_wait "Black: player"
tui_wait "White: player"
tui_stop

# A finished record opened to be looked through and left with Q does not
# take the place of the unfinished game.
cp "$sgf" "$tui_tmp/before.sgf"
printf '(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+R];B[ee];W[cc])\n' >"$tui_tmp/over.sgf"
tui_start --ascii "$tui_tmp/over.sgf"
tui_wait "B+R"
# P on a finished game says what can be done; the panel keeps the result.
tui_keys p
tui_wait "The game is over: R starts a new one"
tui_wait "B+R: White resigned, Black wins"
tui_keys Q
tui_wait_exit
cmp -s "$sgf" "$tui_tmp/before.sgf" || tui_fail "Q wrote the finished record over the unfinished game"
tui_ok "Q after looking through a finished record keeps the unfinished game"

# Z on that record takes its result back and plays on from it: the
# unfinished game is kept first, whether the record is then left with Q,
# q or a hang-up.
tui_start --ascii "$tui_tmp/over.sgf"
tui_wait "B+R"
tui_keys z
tui_wait "Resignation taken back  The unfinished game was kept as"
tui_keys Q
tui_wait_exit
kept=$(ls -t "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
[ "$(moves "$kept")" = "$(moves "$tui_tmp/before.sgf")" ] ||
	tui_fail "Z on a finished record lost the unfinished game"
[ "$(moves "$sgf")" = ";B[ee];W[cc]" ] ||
	tui_fail "current.sgf holds $(moves "$sgf"), not the record played on"
tui_file_lacks "$sgf" "RE["
tui_ok "Z on a finished record keeps the unfinished game aside"
cp "$sgf" "$tui_tmp/before.sgf"

# A new game from the command line keeps the unfinished one too.
n=$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | wc -l)
tui_start --size 9 --hotseat --ascii
tui_wait "The unfinished game was kept as unfinished-"
[ "$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | wc -l)" -eq $((n + 1)) ] ||
	tui_fail "the unfinished game was not kept"
tui_ok "a new game keeps the unfinished one"

# R, confirmed, keeps the unfinished game too.
n=$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | wc -l)
tui_wait "Black to play"
tui_play E5 9
tui_keys r
tui_wait "The game is not finished. Start a new one?"
tui_keys y
tui_wait "The unfinished game was kept as unfinished-"
tui_wait "Move 0"
[ "$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | wc -l)" -eq $((n + 1)) ] ||
	tui_fail "R did not keep the unfinished game"
tui_ok "R keeps the unfinished game"
# Two players at one screen: the question names the side that resigns.
tui_keys g
tui_wait "Black resigns this game?"
tui_keys n
tui_wait_gone "Black resigns this game?"
# A game without a move is neither kept nor offered to continue.
tui_keys r
tui_wait "New game: Black to play"
[ "$(ls "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | wc -l)" -eq $((n + 1)) ] ||
	tui_fail "a game without a move was kept"
tui_keys q
tui_wait "Start game"
if tui_screen | grep -q "Continue last game"; then
	tui_fail "a game without a move is offered to continue"
fi
tui_ok "a game without a move is neither kept nor offered"
tui_stop

# A game against the computer that a new one replaced, opened by name
# later, goes on against the same computer: the record names it.  The
# player takes Black, so that nothing the computer does in the new game
# can cover the message that the old one was kept.
tui_start --size 9 --level beginner --color black --pace off --ascii
tui_wait "Black to play"
tui_goto E5 9; tui_keys Enter
tui_wait "White played"
tui_keys r
tui_wait "The game is not finished. Start a new one?"
tui_keys y
tui_wait "The unfinished game was kept as unfinished-"
kept=$(ls -t "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
tui_file_has "$kept" "PW[tengen beginner]"
tui_stop
tui_start --ascii "$kept"
tui_wait "Move 2"
tui_wait "Black to play"
tui_wait "Black: you"
tui_wait "White: computer, beginner"
row1=$(tui_row 1 | tr -d ' ')
col=$(expr index "$row1" .)
tui_goto "$(echo ABCDEFGHJ | cut -c"$col")1" 9; tui_keys Enter
tui_wait "Move 4"
tui_wait "White played"
tui_ok "a kept game against the computer goes on against it"
tui_stop
# --hotseat (or --level, --engine) still says who plays it.
tui_start --hotseat --ascii "$kept"
tui_wait "Black: player"
tui_wait "White: player"
tui_stop

# A game left while counting comes back to the counting with the players'
# marks, not with the computer's estimate made again.  Black walls A-E,
# White F-J, a white stone in Black's side, and two passes.
printf '(;GM[1]FF[4]SZ[9]KM[7.5]AB[ea:ei]AW[fa:fi][bh];B[];W[])\n' \
	>"$tui_tmp/count.sgf"
tui_start --hotseat --ascii "$tui_tmp/count.sgf"
tui_wait "Counting: mark dead groups"
dead="b o b b X O w w w"
alive="= O = = X O w w w"
first=$(tui_row 2)
case $first in
"$alive") other=$dead ;;
"$dead") other=$alive ;;
*) tui_fail "row 2 in counting: $first" ;;
esac
tui_goto B2 9
tui_keys Enter
tui_expect_row 2 "$other"
count=$(tui_screen | grep "^Black [0-9.]*, White")
[ -n "$count" ] || tui_fail "no count on the screen"
tui_file_has "$sgf" "TW["
kill -HUP "$(tui_pid)"
tui_wait_exit
tui_start --ascii
tui_wait ">  [ Continue last game ]"
tui_keys c
tui_wait "Counting: mark dead groups"
tui_expect_row 2 "$other"
[ "$(tui_screen | grep "^Black [0-9.]*, White")" = "$count" ] ||
	tui_fail "the count came back as $(tui_screen | grep "^Black")"
tui_ok "the marks of the count come back with the game"
# Confirmed, the record keeps the count (TB/TW) with its result.
tui_keys c
tui_wait "Game over"
tui_file_has "$sgf" "RE["
tui_file_has "$sgf" "TW["
tui_stop
# Opened again, the finished record shows its count on the final position.
cp "$sgf" "$tui_tmp/counted.sgf"
tui_start --ascii "$tui_tmp/counted.sgf"
tui_wait "Game over"
tui_expect_row 2 "$other"
# The panel's "Black B  White W" is the count's "Black B, White W, ...".
panel=$(echo "$count" | sed 's/^\(Black [0-9.]*\), \(White [0-9.]*\),.*/\1  \2/')
tui_wait "$panel"
tui_ok "a finished record shows its count"
tui_keys '['
tui_wait "Looking at move 1 of 2"
if tui_row 2 | grep -q "[bw=]"; then
	tui_fail "the count is shown on an earlier move: $(tui_row 2)"
fi
tui_ok "no count on an earlier move"
tui_stop

# A dead stone in no one's area comes back too: White's C3 between the
# walls, dead with White's wall alive, leaves a region both sides touch.
printf '(;SZ[5]KM[7.5];B[ba];W[ea];B[bb];W[eb];B[bc];W[ec];B[bd];W[ed];B[be];W[ee];B[];W[cc];B[];W[])\n' \
	>"$tui_tmp/shared.sgf"
tui_start --hotseat --ascii "$tui_tmp/shared.sgf"
tui_wait "Counting: mark dead groups"
tui_expect_row 3 "b X o b o"
tui_keys l l Enter
tui_expect_row 3 "b X o = O"
tui_wait "Black 15, White 10, komi 7.5: W+2.5"
tui_keys q
tui_wait ">  [ Continue last game ]"
tui_file_has "$sgf" "DS[cc]"
tui_keys c
tui_wait "Counting: mark dead groups"
tui_expect_row 3 "b X o = O"
tui_wait "Black 15, White 10, komi 7.5: W+2.5"
tui_ok "a dead stone in a shared region comes back dead"
tui_keys C
tui_wait "W+2.5: White wins by 1 1/4 stones"
tui_file_has "$sgf" "RE[W+2.5]"
cp "$sgf" "$tui_tmp/shared-counted.sgf"
tui_start --ascii "$tui_tmp/shared-counted.sgf"
tui_wait "Game over"
tui_expect_row 3 "b X o = O"
tui_wait "Black 15  White 10"
tui_wait "W+2.5: White wins by 1 1/4 stones  [ ] look through"
tui_ok "the record shows the count that decided it"
# A record whose marks do not give its result (TB/TW alone cannot say
# C3 is dead) shows the result in the panel, as on the status line.
grep -v '^DS' "$tui_tmp/shared-counted.sgf" >"$tui_tmp/shared-old.sgf"
tui_start --ascii "$tui_tmp/shared-old.sgf"
tui_wait "Game over"
tui_wait "W+2.5: White wins by 1 1/4 stones  [ ] look through"
[ "$(tui_screen | grep -c 'W+2.5: White wins by 1 1/4 stones')" -eq 2 ] ||
	tui_fail "the panel and the status line differ"
tui_ok "the panel and the status line agree"
tui_stop

# Players who go on after two passes and leave come back to the board,
# not to counting; it takes two passes in a row after going on to count
# again, one before leaving and one after too.
tui_start --hotseat --ascii "$tui_tmp/count.sgf"
tui_wait "Counting: mark dead groups"
tui_keys Escape
tui_wait "Play goes on: Black to play"
tui_keys q
tui_wait ">  [ Continue last game ]"
tui_file_has "$XDG_DATA_HOME/tengen/current.conf" "play_on=2"
tui_keys c
tui_wait "Game continued at move 2: Black to play"
tui_screen | grep -q "Counting" && tui_fail "counting again after going on"
tui_keys p
tui_wait "Black passes"
tui_screen | grep -q "Counting" && tui_fail "counting after one pass since going on"
tui_keys q
tui_wait ">  [ Continue last game ]"
tui_keys c
tui_wait "Game continued at move 3: White to play"
tui_keys p
tui_wait "Counting: mark dead groups"
tui_ok "going on after two passes is kept across leaving"
grep -q "play_on" "$XDG_CONFIG_HOME/tengen/settings" &&
	tui_fail "play_on in the player's settings"
tui_stop

# Kept aside by a new game and opened by name, a game that went on after
# two passes comes back to the board as well: its record says where the
# players went on (PO[]).
tui_start --hotseat --ascii "$tui_tmp/count.sgf"
tui_wait "Counting: mark dead groups"
tui_keys Escape
tui_wait "Play goes on: Black to play"
tui_keys Q
tui_wait_exit
tui_file_has "$sgf" "PO[2]"
tui_start --hotseat --size 9 --ascii
tui_wait "The unfinished game was kept as unfinished-"
kept=$(ls -t "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
tui_file_has "$kept" "PO[2]"
tui_keys Q
tui_wait_exit
tui_start --hotseat --ascii "$kept"
tui_wait "Move 2"
tui_wait "Black to play"
tui_screen | grep -q "Counting" && tui_fail "counting again, opened by name"
tui_keys p
tui_wait "Black passes"
tui_screen | grep -q "Counting" && tui_fail "counting after one pass since going on"
tui_keys p
tui_wait "Counting: mark dead groups"
tui_ok "a game that went on after two passes, opened by name, goes on"
# Its result given, the dated record says where the players went on too.
rm -f "$XDG_DATA_HOME"/tengen/game-*.sgf
tui_keys c
tui_wait "Game over"
tui_file_has "$(ls -t "$XDG_DATA_HOME"/tengen/game-*.sgf | head -n 1)" "PO[2]"
tui_stop

# A record played on keeps what it said: its players, ranks, date, name,
# event, rules and comments, a move's as long as the moves up to it are still
# the record's.
printf '%s\n' '(;GM[1]FF[4]SZ[9]KM[7.5]PB[Go Seigen]BR[9p]PW[Honinbo Shusai]' \
	'DT[1933-10-16]GN[New Fuseki]EV[Jiji]RU[Korean]C[A famous game.]' \
	';B[cc]C[san-san]' \
	';W[ee]C[tengen];B[gg])' >"$tui_tmp/famous.sgf"
tui_start --hotseat --ascii "$tui_tmp/famous.sgf"
tui_wait "Move 3"
tui_play C3 9
tui_keys Q
tui_wait_exit
# (A move's comment is written on the line after it.)
joined() { tr -d '\n' <"$sgf"; }
for p in "PB[Go Seigen]" "BR[9p]" "PW[Honinbo Shusai]" "DT[1933-10-16]" \
    "GN[New Fuseki]" "EV[Jiji]" "RU[Korean]" "C[A famous game.]" \
    ";B[cc]C[san-san]" \
    ";W[ee]C[tengen]" ";W[cg]" ; do
	joined | grep -qF "$p" || tui_fail "current.sgf lacks $p: $(cat "$sgf")"
done
tui_ok "the record's players, date, names, rules and comments are kept"
# Taken back to before the second move, and played otherwise: the
# comments of the moves no longer the record's go.
tui_start --ascii
tui_wait ">  [ Continue last game ]"
tui_keys Enter
tui_wait "Move 4"
tui_keys z z z
tui_wait "Move 1"
tui_play D6 9
tui_keys Q
tui_wait_exit
joined | grep -qF ";B[cc]C[san-san];W[dd]" ||
	tui_fail "the first move's comment is lost: $(cat "$sgf")"
tui_file_lacks "$sgf" "C[tengen]"
tui_file_has "$sgf" "PB[Go Seigen]"
tui_ok "a move's comment goes with the move"
# A current.sgf that cannot be read is offered to continue, which says
# where and why it cannot be, and is kept aside, not written over, by a
# new game.
printf '(;GM[1]FF[4]SZ[9];B[ee];W[cc' >"$sgf"
tui_start --ascii
tui_wait ">  [ Continue last game ]"
tui_keys Enter
tui_wait "current.sgf:1:"
# (named without its folder, which would push the why off the lines)
tui_screen | grep -q "$XDG_DATA_HOME" &&
	tui_fail "the message names the folder: $(tui_screen)"
tui_keys s
tui_wait "The unfinished game was kept as unfinished-"
kept=$(ls -t "$XDG_DATA_HOME"/tengen/unfinished-*.sgf | head -n 1)
[ "$(cat "$kept")" = "(;GM[1]FF[4]SZ[9];B[ee];W[cc" ] ||
	tui_fail "the file that could not be read was not kept as it was"
tui_ok "a current.sgf that cannot be read is kept, not written over"
tui_keys Q
tui_wait_exit

# The disk full as the game ends (here a folder tengen may not write in:
# as another user where the tests run as root, whom no mode stops): the
# status says so, and leaving for the lobby once it can be written saves
# the finished game and its record.
rm -f "$XDG_DATA_HOME"/tengen/game-*.sgf
data="$XDG_DATA_HOME/tengen"
saved_tengen=$tengen
if [ "$(id -u)" = 0 ]; then
	cp "$tengen" "$tui_tmp/tengen-nobody"
	tengen="$tui_tmp/tengen-nobody"
	chmod 755 "$tui_tmp" "$tengen"
	chown -R 65534:65534 "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
	tui_prefix="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
tui_start --hotseat --size 9 --ascii
tui_wait "Move 0"
tui_play E5 9
tui_wait "Move 1"
chmod 555 "$data"
tui_keys g
tui_wait "White resigns this game?"
tui_keys Enter
tui_wait "Cannot save the game in"
chmod 755 "$data"
tui_keys q
tui_wait "Start game"
ls "$data"/game-*.sgf >/dev/null 2>&1 || tui_fail "the finished game was not archived"
tui_file_has "$(ls "$data"/game-*.sgf)" "RE[B+R]"
tui_file_has "$sgf" "RE[B+R]"
tui_ok "a record that could not be written at the end is written on leaving"

# A game that cannot be saved when the player quits: Q says why and stays;
# Q again quits, and the terminal is told, with an exit status of 1 (said
# by a shell around tengen: tmux may not know a pane's status when the
# machine is busy).
tui_stop
tui_prefix="$tui_prefix"' sh -c '"'"'"$0" "$@"; echo tengen-exit $?; exec sleep 60'"'"
tui_start --hotseat --size 9 --ascii
tui_wait "Move 0"
tui_play E5 9
tui_wait "Move 1"
chmod 555 "$data"
tui_goto D5 9
tui_keys Enter
tui_wait "Cannot save the game in"
tui_keys Q
tui_wait "q or Q again leaves without saving"
tui_screen | tr '\n' ' ' | grep -q "Permission denied" ||
	tui_fail "the reason is not said: $(tui_screen)"
tui_screen | grep -q "tengen-exit" &&
	tui_fail "Q quit though the game was not saved"
tui_keys Q
tui_wait "tengen-exit 1"
tmux -L "$tui_sock" capture-pane -p -J -S -100 -t tui |
	grep -q "tengen: Cannot save the game in .*: Permission denied" ||
	tui_fail "the terminal is not told: $(tmux -L "$tui_sock" capture-pane -p -J -S -100 -t tui)"
chmod 755 "$data"
tui_ok "a game that cannot be saved is not quit without a word"
tui_stop
tui_prefix=""
tengen=$saved_tengen

# A record that cannot be read says why, with or without a terminal:
# without one, its error comes before the want of a terminal.
printf '(;GM[1]FF[4]SZ[9];B[ee];W[zz])\n' >"$tui_tmp/outside.sgf"
err=$("$tengen" "$tui_tmp/outside.sgf" 2>&1 </dev/null) &&
	tui_fail "a record with a move off the board was opened"
printf '%s\n' "$err" | grep -q "outside.sgf:1:.*W\[zz\]: point is outside the 9x9 board" ||
	tui_fail "no word of the bad move without a terminal: $err"
err=$("$tengen" "$tui_tmp/none.sgf" 2>&1 </dev/null) &&
	tui_fail "a missing record was opened"
printf '%s\n' "$err" | grep -q "none.sgf: No such file or directory" ||
	tui_fail "no word of the missing file without a terminal: $err"
err=$("$tengen" "$tui_tmp/saved.sgf" 2>&1 </dev/null) &&
	tui_fail "the game ran without a terminal"
printf '%s\n' "$err" | grep -q "needs a terminal" ||
	tui_fail "a good record without a terminal: $err"
tui_ok "a record that cannot be read says why, terminal or not"
tui_done
