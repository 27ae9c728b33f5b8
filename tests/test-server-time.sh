#!/bin/sh
# test-server-time.sh: the server's clocks.  A player who goes over the
# per-move limit while main time lasts, or over the per-move limit after
# main time is used up, loses on time without sending another request;
# the result gives the points.  An undo does not wipe the time thought,
# and a resignation sent after the opponent's time ran out does not undo
# the win on time.  A second pass sent again once counting has begun is
# stale.
# Counting has a limit too (--count-seconds, here 15 s, which leaves the
# estimate of dead stones, seconds on a loaded machine, time to finish
# before the checks inside the limit): then the count as it stands is the
# result.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"
server_start --count-seconds 15

alice=$(user alice)
bob=$(user bob)

# 1. Per move while main time lasts: 1 second; black never moves.  A
# spectator's long-poll, the only request, hears the end: the server ends
# the game on its own clock, not when asked.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":60,"move_limit":1,"overtime":5')
ok "$(jo .game.status)" playing "game 1 starts"
last=$(events "$t" 0 | jq -r .last)
r=$(curl -s --max-time 15 "$URL/events?table=$t&since=$last&timeout=10")
ok "$(echo "$r" | jq -r '[.events[] | select(.type == "end")][0] | .reason')" \
	time "the end on time comes to a waiting poll by itself"
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo .game.result)/$(jo .game.reason)" over/W+T/time \
	"black loses on time after the per-move limit"
ok "$(jo .game.clock.black.left)" 0 "the loser's clock shows no time left"
ok "$(jo '.game.clock.black.main_left | (. >= 50 and . <= 59)')" true \
	"and its main time less the second its move took ($(jo .game.clock.black.main_left) s)"
server_kill -9
server_start --count-seconds 15
call GET "/state?table=$t" ""
ok "$(jo .game.result)/$(jo .game.clock.black.left)" W+T/0 \
	"and still none after a restart"
ok "$(jo '.game.clock.black.main_left | (. >= 50 and . <= 59)')" true \
	"with the same main time ($(jo .game.clock.black.main_left) s)"
ok "$(events "$t" 0 | jq -r '[.events[] | select(.type == "end")][0] | .type + " " + .reason')" "end time" \
	"the end comes as an event"
call GET "/user?name=bob" ""
ok "$(jo .points)/$(jo .wins)" 1/1 "the win on time counts +1×base"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"

# 2. After main time: 1 second of main time, then 2.5 seconds per move.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":1,"move_limit":0,"overtime":2.5')
play "$alice" "$t" E5
sleep 1.2
play "$bob" "$t" E6
call GET "/state?table=$t" ""
ok "$(jo .game.clock.white.overtime)" true "white used up main time and is in overtime"
play "$alice" "$t" D5
sleep 1.1
play "$bob" "$t" D6
ok "$(jo .n)" 4 "a move within the overtime limit is taken"
play "$alice" "$t" F5
sleep 3.2
call POST /game/move "$bob" "{\"table\":$t,\"move\":\"F6\"}"
ok "$STATUS/$(jo .error)" 409/game_over "too late: the game is already over"
call GET "/state?table=$t" ""
ok "$(jo .game.result)/$(jo .game.reason)" B+T/time \
	"white loses on time after the per-move limit in overtime"
call GET "/user?name=bob" ""
ok "$(jo .points)/$(jo .wins)/$(jo .losses)" 0/1/1 "the loss on time counts −1×base"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"

# 3. An undo: the time the player to move has thought is charged to him
# before the position goes back, as a move's would be.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":60,"move_limit":0,"overtime":30')
play "$alice" "$t" E5
sleep 1.5
call POST /game/undo "$alice" "{\"table\":$t}"
call POST /game/undo/accept "$bob" "{\"table\":$t}"
ok "$STATUS" 200 "bob accepts alice's undo"
call GET "/state?table=$t" ""
ok "$(jo '.game.clock.white.main_left | (. > 40 and . < 58.6)')" true \
	"bob's thinking before the undo is charged to him"
call POST /game/resign "$alice" "{\"table\":$t}"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"

# 4. The state counts the main time of the player to move down to the
# moment of the reply, as it does the time left on the move.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":60,"move_limit":0,"overtime":30')
sleep 1.2
call GET "/state?table=$t" ""
ok "$(jo '.game.clock.black | ((.main_left < 59) and (.main_left > 40) and (.left - .main_left > 29.9) and (.left - .main_left < 30.1))')" true \
	"black's main time is counted down to the reply, like the time left"
ok "$(jo .game.clock.white.main_left)" 60 "white's, not to move, is whole"
call POST /game/resign "$alice" "{\"table\":$t}"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"

# 5. Counting ends by itself: two passes, white toggles the black stone
# and accepts, black never accepts.  When the limit is up the count with
# white's toggle is the result.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":60,"move_limit":0,"overtime":30')
play "$alice" "$t" E5
play "$bob" "$t" PASS
play "$alice" "$t" PASS
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo '.game.counting.ends_in | (. > 10 and . <= 15)')" \
	counting/true "two passes: counting, ending in 15 s"
estimated "$t"
before=$(jo .game.counting.result)
call POST /game/toggle "$bob" "{\"table\":$t,\"point\":\"E5\"}"
call POST /game/accept "$bob" "{\"table\":$t}"
call GET "/state?table=$t" ""
after=$(jo .game.counting.result)
case "$before/$after" in
B+73.5/W+7.5|W+7.5/B+73.5) flip=ok ;;
*) flip="$before/$after" ;;
esac
ok "$flip" ok "white's toggle turns the count round (E5 alive: B+73.5)"
ok "$(jo .game.status)/$(jo .game.counting.accepted.white)" counting/true \
	"white accepts; one accept is not enough"
# Polls until the end comes (other events may come first), 40 s at most.
last=$(events "$t" 0 | jq -r .last)
reason=null
for i in 1 2 3 4; do
	r=$(curl -s --max-time 15 "$URL/events?table=$t&since=$last&timeout=10")
	reason=$(echo "$r" | jq -r '[.events[] | select(.type == "end")][0] | .reason')
	[ "$reason" = null ] || break
	last=$(echo "$r" | jq -r ".last // $last")
done
ok "$reason" score "the end comes by itself when the limit is up"
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo .game.result)/$(jo .game.reason)" \
	"over/$after/score" "the count as it stood is the result"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"

# 6. White's time runs out (1 second a move); black resigns a moment after,
# before or after the server's tick has seen it: the game is won on time,
# and the resignation refused, whichever comes first.
for wait in 1.01 1.03 1.05 1.07 1.09; do
	t=$(newgame "$alice" "$bob" '"size":9,"main_time":0,"move_limit":0,"overtime":1')
	play "$alice" "$t" E5
	sleep "$wait"
	call POST /game/resign "$alice" "{\"table\":$t}"
	ok "$STATUS/$(jo .error)" 409/game_over \
		"a resignation after the opponent's time ran out ($wait s) is refused"
	call GET "/state?table=$t" ""
	ok "$(jo .game.result)/$(jo .game.reason)" B+T/time \
		"the game is won on time"
	call POST /table/leave "$alice" "{\"table\":$t}"
	call POST /table/leave "$bob" "{\"table\":$t}"
done

# 7. A second pass sent again after its answer was lost (counting has
# begun) is stale, as any move sent again is; a toggle's event names the
# point as the count does.
t=$(newgame "$alice" "$bob" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
play "$alice" "$t" E5
call POST /game/pass "$bob" "{\"table\":$t,\"n\":1}"
call POST /game/pass "$alice" "{\"table\":$t,\"n\":2}"
ok "$STATUS" 200 "the second pass"
call POST /game/pass "$alice" "{\"table\":$t,\"n\":2}"
ok "$STATUS/$(jo .error)" 409/stale "the second pass sent again is stale"
call POST /game/toggle "$bob" "{\"table\":$t,\"point\":\"e05\"}"
ok "$STATUS" 200 "a toggle written e05"
ok "$(events "$t" 0 | jq -r '[.events[] | select(.toggled)] | last | .toggled')" \
	E5 "its event names E5"
finish
