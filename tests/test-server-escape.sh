#!/bin/sh
# test-server-escape.sh: disconnects.  A player who stops polling is shown
# to the opponent as disconnected; back within the window (3 minutes, here
# 8 seconds through --escape-seconds, room enough on a busy machine) the
# game goes on; after it the game ends as an escape: the escaper loses the
# room's penalty from the database and leaves the table, the opponent
# gets 0.  When both are gone
# at once, the escaper is the one the game waits for.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"
server_start --poll-timeout 1 --disconnect-seconds 2 --escape-seconds 8

# A poll asking to wait longer than --poll-timeout waits that long, not
# refused: a client cannot know the server's setting.
last=$(curl -s "$URL/events?room=1&since=0&timeout=0" | jq -r .last)
call GET "/events?room=1&since=$last&timeout=60"
ok "$STATUS $(jo '.events | length')" "200 0" \
	"a timeout beyond --poll-timeout is that timeout"

alice=$(user alice)
bob=$(user bob)
t=$(newgame "$alice" "$bob" '"size":9,"main_time":600,"move_limit":120,"overtime":60')

# poller TOKEN: long-poll the table until the game ends (at most 200
# polls of at most 10 s: a game that never ends fails, not hangs).
poller() {
	(
		since=0
		n=0
		while [ $n -lt 200 ]; do
			n=$((n + 1))
			r=$(curl -s --max-time 10 -H "Authorization: Bearer $1" \
				"$URL/events?table=$t&since=$since") || break
			since=$(echo "$r" | jq -r .last)
			echo "$r" | grep -q '"type":"end"' && break
		done
	) &
}
# stop_poller PID: the poller and its long-poll in flight, which would
# otherwise keep the player connected for up to a second more.
stop_poller() {
	pkill -P "$1" 2>/dev/null
	kill "$1" 2>/dev/null
}
poller "$alice"
alice_poll=$!
poller "$bob"
bob_poll=$!
play "$alice" "$t" E5
sleep 2
call GET "/state?table=$t" ""
ok "$(jo .game.connected.black)/$(jo .game.connected.white)" true/true \
	"both poll: both connected"

# Bob goes away for 4 seconds and comes back.
stop_poller "$bob_poll"
wait "$bob_poll" 2>/dev/null
sleep 4
call GET "/state?table=$t" ""
ok "$(jo .game.connected.white)" false "bob is shown as disconnected"
ok "$(jo '.game.escape_in.white | (. > 0 and . < 8)')" true \
	"the state says how long bob has to come back"
# Bob's first poll on his return asks from the last event (his own
# disconnect): it answers at once with his reconnect, and does not hang.
last=$(events "$t" 0 | jq -r .last)
r=$(curl -s --max-time 5 -H "Authorization: Bearer $bob" \
	"$URL/events?table=$t&since=$last")
ok "$(echo "$r" | jq -r '[.events[].type] | join(",")')" reconnect \
	"a poll from the last event answers with the reconnect it causes"
poller "$bob"
bob_poll=$!
sleep 0.5
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo .game.connected.white)" playing/true \
	"bob is back within the window: the game goes on"
play "$bob" "$t" E6

# Now he goes for good.
stop_poller "$bob_poll"
wait "$bob_poll" 2>/dev/null
sleep 11
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo .game.reason)/$(jo .game.result)" over/escape/B+F \
	"after the window the game ends as an escape"
ok "$(jo '.seats[1]')" null "the escaper lost the seat"
# (White's events: on a busy machine a gap between Black's polls may show
# him away for a moment too.)
ok "$(events "$t" 0 | jq -r '[.events[] | select(((.type == "disconnect" or .type == "reconnect") and .color == "white") or .type == "end" or .type == "leave") | .type] | join(",")')" \
	"disconnect,reconnect,disconnect,end,leave" \
	"disconnect and reconnect events; the escaper leaves the table"
ok "$(events "$t" 0 | jq -r '[.events[] | select(.type == "leave")][0] | "\(.seat)/\(.name)"')" \
	"1/bob" "the leave event names the escaper's seat"
ok "$(events "$t" 0 | jq -r '[.events[] | select(.type == "disconnect") | .escape_in | (. > 0 and . <= 8)] | all')" \
	true "each disconnect event says how long is left to come back"
call GET "/user?name=bob" ""
ok "$(jo .points)/$(jo .escapes)/$(jo .losses)" -3/1/0 "bob loses the room's penalty (3)"
call GET "/user?name=alice" ""
ok "$(jo .points)/$(jo .wins)" 0/0 "alice gets 0"
wait "$alice_poll"

# Both gone: the server restarts mid-game and neither player comes back.
# Both were last seen at the restart; the escaper is the one the game
# waits for, White.
carol=$(user carol)
dave=$(user dave)
t=$(newgame "$carol" "$dave" '"size":9,"main_time":600,"move_limit":120,"overtime":60')
play "$carol" "$t" E5
server_kill -9
server_start --poll-timeout 1 --disconnect-seconds 2 --escape-seconds 8
sleep 11
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo .game.reason)/$(jo .game.result)" over/escape/B+F \
	"both gone after a restart: White, to move, escaped"
call GET "/user?name=dave" ""
ok "$(jo .escapes)" 1 "dave's escape is counted"
call GET "/user?name=carol" ""
ok "$(jo .escapes)/$(jo .points)" 0/0 "carol's is not"

# Shown away before a restart, a player who comes back after it is
# announced back: the event that said he left is not left standing.
erin=$(user erin)
fay=$(user fay)
t=$(newgame "$erin" "$fay" '"size":9,"main_time":600,"move_limit":120,"overtime":60')
play "$erin" "$t" E5
sleep 3
ok "$(events "$t" 0 | jq -r '[.events[] | select(.type == "disconnect" and .color == "white")] | length')" \
	1 "fay is shown away"
server_kill -9
server_start --poll-timeout 1 --disconnect-seconds 2 --escape-seconds 8
curl -s -o /dev/null -H "Authorization: Bearer $fay" \
	"$URL/events?table=$t&since=0&timeout=0"
ok "$(events "$t" 0 | jq -r '[.events[] | select((.type == "disconnect" or .type == "reconnect") and .color == "white")] | last | .type')" \
	reconnect "back after the restart, she is announced back"
call GET "/state?table=$t" ""
ok "$(jo .game.connected.white)" true "and shown connected"
finish
