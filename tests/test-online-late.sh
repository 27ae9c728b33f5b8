#!/bin/sh
# test-online-late.sh: news that comes late.  A player whose tengen was
# closed when the game ended comes back to its result with the points and
# rank it brought, as if they had seen the end.  Over a slow link, where
# the state read at the start of a game lands after the first move (a
# proxy holds every /state reply for two seconds), the move is not lost and
# the board is right.  A move whose reply comes after a state that holds
# the move and its undo is not left "on its way".  N pressed before the
# rooms have come says so.
. "${top_srcdir:-.}/tests/online/lib.sh"
on_init test-online-late
if ! command -v python3 >/dev/null 2>&1; then
	echo "test-online-late: python3 is not installed: skipped"
	exit 77
fi
on_server

on_start alice
on_register alice
on_start bob
on_register bob
on_table alice bob
on_play alice E5
on_wait bob "Black played E5"

# bob's tengen is gone; alice resigns meanwhile; bob comes back to the
# lobby (no game goes on) and opens his table.
kill -9 "$(tmux -L "$on_sock" display-message -p -t bob '#{pane_pid}')"
on_wait alice "disconnected:"
on_keys alice G
on_wait alice "Resign this game?"
on_keys alice y
on_wait alice "you lose 1 point, rank Beginner"
# The game is over: the lobby, and the table again from there.
on_start bob
on_wait bob "won 1, lost 0"
on_keys bob Tab Enter
on_wait bob "Game over: W+R: White wins; you win 1 point, rank"
# The status line, above the keys' line, says it too.
status=$(on_screen bob | sed -n 23p | sed 's/ *$//')
[ "$status" = "W+R: White wins; you win 1 point, rank Beginner" ] ||
	on_fail "bob's status line: $status"
on_ok "a player back after the end is told the points and rank"

# carol plays White through the slow proxy; dave, Black, moves as soon as
# the game begins, before carol's state of the start has landed.
on_proxy slow-state
on_start dave
on_register dave
url=$URL
URL=$PROXY_URL
on_start carol
on_register carol
URL=$url
on_new_table dave
# The second table of the room: alice and bob's is the first.
on_wait carol "#2   waiting  dave"
on_keys carol Tab Down Enter
on_wait carol "Seat 2: carol"
on_keys dave s
on_wait dave "Seat 1: dave, ready"
# dave moves once the proxy has read the state of the game begun for
# carol, and before the reply, held back, reaches her.
states() { grep -c "^read /state?table=.* playing" "$PROXY_LOG"; }
before=$(states)
on_keys carol s
on_wait dave "Move 0: Black to play (you)"
on_deadline=$(($(date +%s) + on_timeout))
while [ "$(states)" -le "$before" ]; do
	[ "$(date +%s)" -ge "$on_deadline" ] && on_fail "carol did not ask for the state"
	sleep 0.05
done
on_keys dave Enter
on_wait dave "Black played E5"
# The move comes as its event, or in a state read after it (a refresh
# for another event, or carol's drop and return under the two-second
# disconnect limit): either way it is on the board, White to play.
on_wait carol "Move 1: White to play (you)"
on_expect_row carol 5 ". . . . X . . . ."
on_goto carol C3 9
on_keys carol Enter
on_wait dave "White played C3"
on_ok "a state that lands after the first move takes nothing back"

# carol comes back through a proxy that holds her move's reply and shows
# her the game only in states: she plays G7 and at once asks to take it
# back; dave allows it; the first state she reads holds the move and its
# undo, and lands before the move's reply.  The move is no longer on its
# way: "Sending" goes with the reply, and she can play again.
on_play dave D4
on_wait carol "Black played D4"
tmux -L "$on_sock" kill-session -t carol
on_proxy held-move
URL=$PROXY_URL
on_start carol
on_wait carol "Password"
on_type carol carol
on_keys carol Tab
on_type carol secret-carol
on_keys carol Enter
URL=$url
# (Logged in, she is taken to her game at once.)
on_wait carol "Move 3: White to play (you)"
on_goto carol G7 9
on_keys carol Enter
on_wait carol "Sending G7"
on_keys carol z
on_wait dave "Allow it?"
on_keys dave y
on_wait dave "Move taken back: White to play"
touch "$PROXY_GO"
on_wait carol "Move 3: White to play (you)"
sleep 2
on_screen carol | grep -q "Sending\|on its way" &&
	on_fail "carol's move taken back stays on its way: $(on_screen carol)"
on_goto carol G3 9
on_expect_row carol 7 ". . + . . . + . ."
on_keys carol Enter
on_wait dave "White played G3"
on_ok "a move taken back before its reply came is not left on its way"

# erin's list of rooms is slow to come: N says so until it has.
on_proxy held-rooms
URL=$PROXY_URL
on_start erin
on_register erin
on_keys erin n
on_wait erin "The rooms have not come yet"
touch "$PROXY_GO"
on_wait erin "Beginners ("
on_screen erin | grep -q "not come yet" &&
	on_fail "the message stays with the rooms: $(on_screen erin)"
on_keys erin n
on_wait erin "Seat 1: erin"
URL=$url
on_ok "N before the rooms have come says so"
on_done
