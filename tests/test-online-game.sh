#!/bin/sh
# test-online-game.sh: two players and a spectator on a real tengend, each
# in tengen in tmux: registration, the room's chat in the lobby (and what
# was said there before one came), a table with 9x9 rules, start, moves
# seen live by the opponent and the spectator, chat both ways (found again
# back at the table), two passes, counting with a toggle seen by both,
# both accept, and the result with the points won and lost, the seats
# shown again once it is over; the login and
# the lobby in a terminal too small for them.
. "${top_srcdir:-.}/tests/online/lib.sh"
on_init test-online-game
on_server

on_start alice
on_register alice
on_start bob
# The login at 40x20: the sentence on two lines, and the server's address
# by its end, port and all.
on_wait bob "Password"
tmux -L "$on_sock" resize-window -t bob -x 40 -y 20
on_wait bob "  this server"
port=${URL##*:}
on_screen bob | grep -q "Server  *<.*:$port\$" ||
	on_fail "the server's address at 40 columns: $(on_screen bob | grep Server)"
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_ok "the login at 40x20 shows the sentence and the port"
# Under 30x14 the login says so, and a click where Back was does nothing.
tmux -L "$on_sock" resize-window -t bob -x 29 -y 13
on_wait bob "The terminal is 29x13;"
on_screen bob | grep -qxF "tengen needs at least 30x14." ||
	on_fail "the login's message at 29x13: $(on_screen bob)"
on_click bob 6 10
# Nor is anything typed into it blind, nor sent.
on_screen bob | tr '\n' ' ' | grep -q "press Esc for the local *lobby" ||
	on_fail "the login at 29x13 does not name its key: $(on_screen bob)"
on_type bob "zq"
on_keys bob Enter
sleep 1
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_wait bob "Password"
on_screen bob | grep -q "zq" && on_fail "keys typed blind went into the login"
on_ok "under 30x14 the login says so and takes neither click nor key"
on_register bob
# The player's line in the lobby at 40x20 goes on to a second line.
tmux -L "$on_sock" resize-window -t bob -x 40 -y 20
on_deadline=$(($(date +%s) + on_timeout))
until on_screen bob | sed -n 3p | grep -q "^  .*drawn 0, escaped 0 *\$"; do
	[ "$(date +%s)" -ge "$on_deadline" ] &&
		on_fail "the player's line at 40 columns: $(on_screen bob | sed -n 2,3p)"
	sleep 0.1
done
# The tables' heading without the keys that do not fit, the empty list's
# hint and the rooms' names whole, the right column moved left to column
# 19, and the chat's hint in its short form.
on_screen bob | sed -n 4p | grep -q "^  Rooms  *Tables *\$" ||
	on_fail "the tables' heading at 40 columns: $(on_screen bob | sed -n 4p)"
on_screen bob | sed -n 5,7p | cut -c19- | tr -s ' \n' '  ' |
	grep -q "^No tables yet: N opens one" ||
	on_fail "the empty list's hint at 40 columns: $(on_screen bob)"
on_screen bob | sed -n 5,7p | cut -c1-18 | tr -s ' \n' '  ' |
	grep -q "Beginners (1) Open (2) Masters (5)" ||
	on_fail "the rooms at 40 columns: $(on_screen bob)"
on_screen bob | grep -q "^ \{18\}T: chat *\$" ||
	on_fail "the chat's hint at 40 columns: $(on_screen bob)"
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_wait bob "bob: Beginner, 0 points, won 0, lost 0, drawn 0, escaped 0"
on_ok "the player's line at 40x20 goes on to a second line, the tables whole"

# The room's chat, in the lobby.
on_wait bob "T: write in the room's chat"
on_keys alice T
on_type alice "hello room 大家好"
on_keys alice Enter Escape
on_wait bob "alice: hello room 大家好"
on_wait alice "alice: hello room 大家好"
# A line as long as a line may be (500 bytes): the character that would
# not fit whole stays out, and the line goes as good UTF-8.
on_keys alice T
on_type alice "$(printf '一%.0s' $(seq 167))"
on_keys alice Enter Escape
on_wait bob "alice: 一一一一一一一一"
# At 20 lines the room's chat still shows its last line.
# (Drawn anew at 20 lines, its heading is on the 8th; at 24 on the 10th.)
tmux -L "$on_sock" resize-window -t bob -x 80 -y 20
on_deadline=$(($(date +%s) + on_timeout))
until on_screen bob | sed -n 8p | grep -q "Room chat" &&
	on_screen bob | sed -n 9p | grep -q "alice: 一一一一一一一一"; do
	[ "$(date +%s)" -ge "$on_deadline" ] &&
		on_fail "the room's chat at 20 lines: $(on_screen bob)"
	sleep 0.1
done
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_ok "the room's chat at 20 lines"

on_table alice bob
on_wait alice "White: bob (Beginner)"
# The status line says the game has begun, not that it waits.
on_wait alice "The game has begun"
on_wait bob "The game has begun"

# The spectator watches the table from the lobby.
on_start carol
on_register carol
# (The lobby's tables arrive after the login: wait for them.)
on_wait carol "alice - bob"
# The room's chat said before carol came.
on_wait carol "alice: hello room 大家好"
on_ok "the room's chat from before one came"
# Under 40x20 the lobby says so, and a click where the table was does
# nothing: it neither sits nor says why it cannot.
tmux -L "$on_sock" resize-window -t carol -x 30 -y 14
on_wait carol "The terminal is 30x14; tengen"
on_screen carol | grep -qxF "needs at least 40x20." ||
	on_fail "the lobby's message at 30x14: $(on_screen carol)"
on_click carol 20 4
on_click carol 20 4
# Nor a key: N would open a table, Enter sit at one.
on_screen carol | tr '\n' ' ' | grep -q "press q for the local lobby, Q to quit" ||
	on_fail "the lobby at 30x14 does not name its keys: $(on_screen carol)"
on_keys carol n Tab Enter
sleep 1
tmux -L "$on_sock" resize-window -t carol -x 80 -y 24
on_wait carol "Rooms"
on_wait carol "Logged in to $URL as carol"
on_ok "under 40x20 the lobby says so and takes neither click nor key"
# A click on the rooms' column, on the line of a table, is not on it; nor
# is one on the line under the last table.
on_click carol 5 4
on_click carol 5 4
on_click carol 40 5
on_click carol 40 5
sleep 1
on_wait carol "Logged in to $URL as carol"
on_ok "clicks beside and under the tables sit at none"
on_keys carol Tab w
on_wait carol "Black: alice"
on_wait carol "Move 0: Black to play"

on_play alice E5
on_wait bob "Black played E5"
on_expect_row carol 5 ". . . . X . . . ."
on_play bob C3
on_wait alice "White played C3"
on_expect_row carol 3 ". . O . . . + . ."
on_wait carol "Move 2: Black to play"
# The spectator's key line is a spectator's, and a player's key says why
# it does nothing.
on_wait carol "Watching: [ ] look through the moves"
on_keys carol p
on_wait carol "You are watching this table: Tab writes in its chat"

# The key list at a table is the table's: an undo is asked for, and R
# starts (there is no restart on a server).
on_keys alice '?'
on_wait alice "ask the opponent to allow an undo"
if on_screen alice | grep -q "restart"; then
	on_fail "the key list at a table offers a restart"
fi
on_keys alice Escape
on_wait alice "Move 2: Black to play"
on_ok "the key list at a table is the table's"

# A window too small for the board plays nothing: keys pressed blind do
# nothing but leave.
tmux -L "$on_sock" resize-window -t alice -x 50 -y 14
on_wait alice "The terminal is 50x14"
on_wait alice "press Q to quit and come back within 3 minutes"
on_keys alice Left Enter Enter p Tab x
sleep 1
tmux -L "$on_sock" resize-window -t alice -x 80 -y 24
on_wait alice "Move 2: Black to play"
sleep 1
on_wait carol "Move 2: Black to play"
on_ok "no move from keys pressed while the board could not be seen"

# A move out of turn is refused before it leaves.
on_goto bob D4 9
on_keys bob Enter
on_wait bob "Not your turn"

# Chat, both ways, and the spectator reads it.
on_keys alice Tab
on_type alice "hello bob 你好"
on_keys alice Enter Escape
on_wait bob "alice: hello bob 你好"
on_wait carol "alice: hello bob 你好"
on_keys bob t
on_type bob "hi alice"
on_keys bob Enter Escape
on_wait alice "bob: hi alice"
# A spectator who leaves and comes back finds the table's chat, once.
on_wait carol "bob: hi alice"
on_keys carol q
on_wait carol "alice - bob"
on_keys carol w
on_wait carol "Watching: [ ] look through the moves"
on_wait carol "bob: hi alice"
[ "$(on_screen carol | grep -c "alice: hello bob 你好")" -eq 1 ] &&
	[ "$(on_screen carol | grep -c "bob: hi alice")" -eq 1 ] ||
	on_fail "the table's chat, back at the table: $(on_screen carol)"
on_ok "the table's chat from before one came, once"

# Two passes: counting with the opponent.
on_keys alice p
on_wait bob "Black passes"
on_keys bob p
on_wait alice "Counting: Black"
on_wait bob "Accepted: Black no, White no"
# The server's counting limit (300 s by default) shows, counting down.
on_wait bob "This count is final in "
left=$(on_screen bob | grep -o "final in [0-9]* s" | grep -o "[0-9][0-9]*")
[ "$left" -gt 250 ] && [ "$left" -le 300 ] ||
	on_fail "the count is final in $left s, not 250 to 300"
on_ok "it shows the seconds left of 300"
# The key list while counting at a table: the count is accepted by both,
# and either plays on.
on_keys bob '?'
on_wait bob "accept the count (it is the result once both have)"
on_wait bob "play on: the game goes on for both players"
if on_screen bob | grep -q "continue playing and undo"; then
	on_fail "the key list while counting at a table offers an undo"
fi
on_keys bob Escape
on_wait bob "This count is final in "
on_ok "the key list while counting at a table is the table's"
on_wait carol "Counting: Black"
# alice marks the white stone on C3 (dead or alive: a toggle either way);
# bob sees the count change.
# The count is read once both screens show the toggled one, so that a
# screen that lags behind cannot decide the next key.
count() { on_screen "$1" | grep -o "Counting: Black [^:]*"; }
before=$(count bob)
on_goto alice C3 9
on_keys alice Enter
on_deadline=$(($(date +%s) + on_timeout))
while now=$(count bob); [ "$now" = "$before" ] || [ "$(count alice)" != "$now" ]; do
	[ "$(date +%s)" -ge "$on_deadline" ] && on_fail "the toggle did not reach bob"
	sleep 0.1
done
on_ok "bob sees alice's toggle"
# Leave C3 dead: Black gets the whole board.
case $now in *"Black 81,"*) ;; *) on_keys alice Enter ;; esac
on_wait bob "Counting: Black 81, White 0: B+73.5"
on_keys alice c
on_wait bob "Accepted: Black yes, White no"
on_keys bob c
on_wait alice "Game over:"
# The final board keeps the count that decided it, for players and
# watchers alike: C3 dead, every other point Black's.
on_expect_row alice 3 "b b o b b b b b b"
on_expect_row bob 3 "b b o b b b b b b"
on_expect_row carol 3 "b b o b b b b b b"
on_wait alice "you win 1 point, rank Beginner"
on_wait bob "you lose 1 point, rank Beginner"
on_wait carol "B+73.5"
# The game over, the seats are shown again: bob's empties when he leaves.
on_wait alice "Seat 2: bob"

# Back in the lobby, the record shows the game.
on_keys bob q
on_wait bob "won 0, lost 1"
on_wait alice "Seat 2: (free)"
on_wait carol "Seat 2: (free)"
on_ok "after the game, the seats as they are: bob's free once he left"
# Six more tables, opened through the server's API by six other players:
# the list, five lines at 80x24, says which it shows and scrolls to the
# table selected, and a click on a line takes the table shown there.
for u in u1 u2 u3 u4 u5 u6; do
	on_api_table "$u"
done
on_wait bob "1-5 of "
on_keys bob Tab Down Down Down Down Down Down Down Down
on_wait bob "u6 - ..."
row=$(on_screen bob | grep -n -F "u6 - ..." | cut -d: -f1)
on_ok "the list scrolls to the last table"
on_click bob 40 $((row - 1))
on_click bob 40 $((row - 1))
on_wait bob "Seat 2: bob"
on_wait bob "Seat 1: u6"
on_ok "a click on a scrolled line sits at its table"
# The rules form of a table's first game does not draw over a board too
# small to be seen, and takes no key there; q still leaves.
rules=$(on_screen bob | grep -o "Table [0-9]*: .*")
on_keys bob e
on_wait bob "Rules of this table"
tmux -L "$on_sock" resize-window -t bob -x 50 -y 14
on_wait bob "press q to leave the table"
on_keys bob Down Left Enter
sleep 0.5
on_screen bob | grep -q "Rules of this table" &&
	on_fail "the rules form over a board too small: $(on_screen bob)"
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_wait bob "Rules of this table"
on_keys bob Escape
on_wait bob "Seat 1: u6"
[ "$(on_screen bob | grep -o "Table [0-9]*: .*")" = "$rules" ] ||
	on_fail "the rules changed: $(on_screen bob)"
on_ok "no rules form and no rules key over a board too small"
tmux -L "$on_sock" resize-window -t bob -x 50 -y 14
on_wait bob "press q to leave the table"
on_keys bob q
tmux -L "$on_sock" resize-window -t bob -x 80 -y 24
on_wait bob "won 0, lost 1"
on_keys bob Q
# alice leaves the first table too: it is empty, and the next table asked
# for in the room is that one again.  carol, still watching it, sees the
# new owner and an empty board, not the last game's.
on_keys alice q
on_wait carol "Seat 1: (free)"
on_api_table u7 '"size":9,"main_time":600,"move_limit":30,"overtime":20,"komi":7.5'
on_wait carol "Seat 1: u7"
on_expect_row carol 3 ". . + . . . + . ."
on_screen carol | grep -q "Game over" &&
	on_fail "the table taken again shows the last game: $(on_screen carol)"
on_ok "a table taken again shows no game to its spectator"
on_done
