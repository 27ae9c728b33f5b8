#!/bin/sh
# test-online-questions.sh: questions and forms that the game overtakes.
# The rules form open when the game begins goes away; the opponent's undo
# question goes away when the asker plays on; a look back past moves
# taken back gives way to the game; Z while counting says there
# is no undo there; the question to resign goes away when the game ends;
# a leave that the start of the game overtook (a proxy holds it back)
# takes the player back to the game, not to an escape; a leave before the
# table's state has come gives the seat up; the late
# answer of a start at a table left says nothing; the late answer of a
# login kept does not pull a player out of a local game.
. "${top_srcdir:-.}/tests/online/lib.sh"
on_init test-online-questions
if ! command -v python3 >/dev/null 2>&1; then
	echo "test-online-questions: python3 is not installed: skipped"
	exit 77
fi
on_server

on_start alice
on_register alice
on_start bob
on_register bob
# A table with 9x9 rules; alice is ready and opens the rules form again;
# bob's start begins the game under it.
on_new_table alice
on_wait bob "9x9, komi 7.5"
on_keys bob Tab Enter
on_wait bob "Seat 2: bob"
on_keys alice s
on_wait alice "Seat 1: alice, ready"
on_keys alice e
on_wait alice "Rules of this table"
on_keys bob s
on_wait alice "Move 0: Black to play (you)"
sleep 0.5
on_screen alice | grep -q "Rules of this table" &&
	on_fail "the rules form stays over the game: $(on_screen alice)"
on_play alice E5
on_wait bob "Black played E5"
on_ok "the rules form goes away when the game begins"

# alice asks for an undo on her own turn, then plays on: bob's question
# goes away with her move.
on_play bob C3
on_wait alice "White played C3"
on_keys alice z
on_wait bob "Your opponent asks to take back a move. Allow it?"
on_play alice D4
on_wait bob "Black played D4"
sleep 0.5
on_screen bob | grep -q "Allow it?" &&
	on_fail "the undo question outlives the move: $(on_screen bob)"
on_ok "the undo question goes away when the asker plays on"

# bob looks back a move; alice asks to take back her D4 (and bob's F6
# after it), and bob allows it: his look back, past the moves taken back,
# gives way to the game.
on_play bob F6
on_wait alice "White played F6"
on_keys bob '['
on_expect_row bob 6 ". . . . . . . . ."
on_keys alice z
on_wait bob "Allow it?"
on_keys bob y
on_wait bob "Move taken back"
on_expect_row bob 4 ". . . . . . . . ."
on_ok "a look back past the moves taken back gives way to the game"

# Counting: Z says there is no undo there.
on_keys alice p
on_wait bob "Black passes"
on_keys bob p
on_wait alice "Counting: Black"
on_keys alice z
on_wait alice "No undo while counting: Esc plays on"
on_ok "no undo asked while counting"

# Play on; bob opens the question to resign, alice resigns first: bob's
# question goes with the game.  (The counting's own line ends with "Esc
# plays on": bob waits for the line that says who did.)
on_keys alice Escape
on_wait bob "Black plays on"
on_keys bob G
on_wait bob "Resign this game?"
on_keys alice G
on_wait alice "Resign this game?"
on_keys alice y
on_wait bob "Game over:"
sleep 0.5
on_screen bob | grep -q "Resign this game?" &&
	on_fail "the question to resign outlives the game: $(on_screen bob)"
on_ok "the question to resign goes away when the game ends"

# carol goes through a proxy that holds back each leave, start and state
# two seconds, as a slow link does.
on_proxy slow-leave,slow-state
on_start dave
on_register dave
url=$URL
URL=$PROXY_URL
on_start carol
on_register carol
URL=$url
# She opens a table and leaves it before its state has come: her seat is
# given up all the same (or she would sit there unseen, and could sit
# nowhere else).
on_wait carol "Beginners ("
on_keys carol n
on_wait carol "Table "
on_keys carol q
on_wait carol "Tables"
sleep 3
on_keys carol r
sleep 3
on_screen carol | grep -q "carol - " &&
	on_fail "carol still sits at the table she left: $(on_screen carol)"
on_ok "a leave before the table's state gives the seat up"
# At a table of her own again, she starts with no rules set and leaves at
# once: the late answer (set the rules first) is not for the lobby.
on_keys carol n
on_wait carol "Seat 1: carol"
on_keys carol s q
on_wait carol "Tables"
for i in $(seq 50); do
	on_screen carol | grep -q "Set the rules\|set the rules" &&
		on_fail "a late answer of a table left: $(on_screen carol)"
	sleep 0.1
done
on_ok "the late answer of a table left says nothing"
# carol is ready at dave's table and leaves; dave starts meanwhile.  The
# server refuses the late leave: carol is taken back to the game.
on_new_table dave
on_wait carol "dave - ..."
row=$(on_screen carol | grep -n -F "dave - ..." | cut -d: -f1)
on_click carol 40 $((row - 1))
on_click carol 40 $((row - 1))
on_wait carol "Seat 2: carol"
on_keys carol s
on_wait dave "Seat 2: carol, ready"
on_keys carol q
on_wait carol "Tables"
on_keys dave s
on_wait dave "Move 0: Black to play (you)"
on_wait carol "Move 0: Black to play"
on_play dave E5
on_wait carol "Black played E5"
on_ok "a leave the game's start overtook takes the player back to the game"

# carol's tengen is closed in the game and started again; the check of
# her login kept is slow, and she goes to the local games meanwhile and
# starts one: the answer does not pull her out of it.  Back online, she
# is taken to her game.
tmux -L "$on_sock" kill-session -t carol
url=$URL
URL=$PROXY_URL
on_start carol
URL=$url
on_wait carol "Connecting to"
on_keys carol Escape
on_wait carol "Start game"
on_keys carol Enter
on_wait carol "Black to play"
sleep 3
on_screen carol | grep -q "dave" &&
	on_fail "the login's answer took carol out of her local game: $(on_screen carol)"
on_ok "a login's late answer leaves a local game alone"
on_keys carol q
on_wait carol "Online play"
on_keys carol o
on_wait carol "Move 1: White to play (you)"
on_ok "back online, the game waits"
on_done
