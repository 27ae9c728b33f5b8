#!/bin/sh
# test-server-count.sh: the dead stones of a count are estimated away from
# the server's lock.  On 19x19 the estimate takes a good part of a second:
# while it runs the lobby and another table are answered, the count shows
# every stone alive (version 1), and the estimate comes as version 2 with
# the dead stones.  A toggle made before the estimate comes makes it stale
# and it is dropped: the toggled count stays.  A server stopped while an
# estimate runs waits for it, and the count it left is not estimated again
# after the restart; one lost in a crash is made again.  A win by 100
# stones and more is said whole in Chinese.  Undos back past a resume
# leave the resume before it in force.  Every estimate waits 2
# seconds before it starts (TENGEND_ESTIMATE_DELAY), so that what is asked
# while one runs is asked while it runs, on a machine of any speed.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"

TENGEND_ESTIMATE_DELAY=2
export TENGEND_ESTIMATE_DELAY
server_start
alice=$(user alice)
bob=$(user bob)
carol=$(user carol)
dave=$(user dave)

# Another table, being played, to ask about while the estimate runs.
other=$(newgame "$carol" "$dave" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
play "$carol" "$other" E5

# Black's wall on column J, White's on K; a white stone at C10 in Black's
# area and a black one at Q10 in White's, each with three of its four
# liberties taken: dead, and the estimate says so.
t=$(newgame "$alice" "$bob" '"size":19,"main_time":600,"move_limit":0,"overtime":30')
for row in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
	play "$alice" "$t" "J$row"
	play "$bob" "$t" "K$row"
done
for pair in B10/P10 D10/R10 C9/Q9 Q10/C10; do
	play "$alice" "$t" "${pair%/*}"
	play "$bob" "$t" "${pair#*/}"
done

# count FILE: a count in FILE as version/estimating/dead stones.
count() {
	jq -r '.game.counting | "\(.version)/\(.estimating)/\(.dead | sort | join(","))"' "$1"
}

# 1. The estimate runs while other requests are answered.
play "$alice" "$t" PASS
call POST /game/pass "$bob" "{\"table\":$t}"
ok "$STATUS" 200 "two passes: the pass is answered at once"
call GET /rooms ""
cp "$tmp/out" "$tmp/rooms"
rooms=$STATUS
call GET "/state?table=$other" ""
cp "$tmp/out" "$tmp/other"
other_status=$STATUS
call GET "/state?table=$t" ""
cp "$tmp/out" "$tmp/during"
ok "$rooms/$(jq -r '.rooms | length > 0' "$tmp/rooms")" 200/true \
	"the lobby answers"
ok "$other_status/$(jq -r .game.status "$tmp/other")" 200/playing \
	"another table answers"
ok "$(jq -r .game.status "$tmp/during")/$(count "$tmp/during")" "counting/1/true/" \
	"meanwhile the estimate still runs: the count has every stone alive"
estimated "$t" || echo "# the estimate did not come"
ok "$(count "$tmp/out")/$(jo .game.counting.result)" "2/false/C10,Q10/W+26.5" \
	"the estimate comes as the next version, with the dead stones"
events "$t" 0 | jq -r '.events[] | select(.type == "counting") |
	"\(.counting.version)/\(.counting.estimating)/\(.counting.dead | join(","))/\(.color // "")"' |
	tr '\n' ' ' >"$tmp/seen"
ok "$(cat "$tmp/seen")" "1/true// 2/false/C10,Q10/ " \
	"the table's events: counting starts, then the estimate"

# 2. A toggle before the estimate comes: the estimate is dropped.
call POST /game/resume "$bob" "{\"table\":$t}"
ok "$STATUS" 200 "bob resumes play"
play "$alice" "$t" PASS
play "$bob" "$t" PASS
call POST /game/toggle "$alice" "{\"table\":$t,\"point\":\"C10\"}"
ok "$STATUS" 200 "alice toggles C10 at once"
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "4/false/C10" \
	"the toggle is the count: the estimate has not come"
seq=$(jo .seq)
# A stop waits for the estimate still running; it finds the count changed
# and leaves it alone.
server_kill
ok "$(grep -c "storage failed" "$tmp/server.log")" 0 "the server stops cleanly"
server_start
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "4/false/C10" "the stale estimate was dropped"
ok "$(events "$t" "$seq" | jq -r '.events | length')" 0 \
	"and said nothing to the table"

# 3. A stop while the estimate runs waits for it: its count is kept, and
# it is not made again after the restart.
call POST /game/resume "$alice" "{\"table\":$t}"
play "$alice" "$t" PASS
play "$bob" "$t" PASS
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "5/true/" "counting again: being estimated"
server_kill
server_start
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "6/false/C10,Q10" \
	"the stop waited for the estimate, and the restart kept it"
# Were one made at the start, the next stop would wait for it to land.
server_kill
server_start
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "6/false/C10,Q10" \
	"a count found at the start is not estimated again"

# 4. A crash while the estimate waits: the restarted server makes it again.
call POST /game/resume "$alice" "{\"table\":$t}"
play "$alice" "$t" PASS
play "$bob" "$t" PASS
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "7/true/" "counting again: being estimated"
server_kill -9
server_start
call GET "/state?table=$t" ""
ok "$(count "$tmp/out")" "7/true/" "after a crash the estimate is to come"
estimated "$t" || echo "# the estimate did not come"
ok "$(count "$tmp/out")" "8/false/C10,Q10" "and it comes as the next version"

# 5. A win by more than 100 stones on 19x19: result_zh whole.
erin=$(user erin)
frank=$(user frank)
t2=$(newgame "$erin" "$frank" '"size":19,"main_time":600,"move_limit":0,"overtime":30')
play "$erin" "$t2" D4
play "$frank" "$t2" PASS
play "$erin" "$t2" PASS
call POST /game/accept "$erin" "{\"table\":$t2}"
call POST /game/accept "$frank" "{\"table\":$t2}"
ok "$STATUS" 200 "both accept the count before its estimate"
events "$t2" 0 >"$tmp/end"
ok "$(jq -r '.events[] | select(.type == "end") | "\(.result) \(.result_zh)"' "$tmp/end")" \
	"B+353.5 黑胜 176¾ 子" "the end says 黑胜 176¾ 子, not cut"
ok "$(iconv -f UTF-8 -t UTF-8 "$tmp/end" >/dev/null 2>&1 && echo valid)" valid \
	"the stored events are valid UTF-8"

# 6. Play resumed twice, then undos back past the second resume: the first
# still holds, and the passes before it do not count toward two in a row.
gina=$(user gina)
hank=$(user hank)
t3=$(newgame "$gina" "$hank" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
play "$gina" "$t3" PASS
play "$hank" "$t3" PASS
call POST /game/resume "$gina" "{\"table\":$t3}"
play "$gina" "$t3" PASS
play "$hank" "$t3" PASS
call POST /game/resume "$hank" "{\"table\":$t3}"
call GET "/state?table=$t3" ""
ok "$(jo .game.status)/$(jo '.game.moves | length')" playing/4 \
	"play resumed a second time"
call POST /game/undo "$hank" "{\"table\":$t3}"
call POST /game/undo/accept "$gina" "{\"table\":$t3}"
call POST /game/undo "$gina" "{\"table\":$t3}"
call POST /game/undo/accept "$hank" "{\"table\":$t3}"
ok "$STATUS/$(jo .n)" 200/2 \
	"two undos: back before the second resume"
play "$gina" "$t3" PASS
call GET "/state?table=$t3" ""
ok "$(jo .game.status)" playing \
	"one pass: play goes on (the pass before the first resume does not count)"
play "$hank" "$t3" PASS
call GET "/state?table=$t3" ""
ok "$(jo .game.status)" counting "two passes since the first resume: counting"
finish
