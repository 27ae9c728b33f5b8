#!/bin/sh
# test-server-game.sh: a whole game through tengend's HTTP API, from
# registration to points and rank: tables and rules, moves checked by the
# rules, undo with consent, two passes, counting with a disputed dead group
# (its final count kept with the game, across a restart),
# the result with komi, points and rank; a spectator's long-poll sees every
# event exactly once; one player's token cannot act for the other; chat,
# five lines in ten seconds for each user, however many take turns; the
# leaderboard, a player's record and news.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"

# A room whose base is 30 points, so one win reaches 业余初段.
room=$("$tengend" --db "$tmp/db" --add-room Test 测试房 30 7)
ok "$room" 4 "--add-room"
"$tengend" --db "$tmp/db" --post-news "Welcome" "The server is open." || exit 99
server_start

alice=$(user alice)
bob=$(user bob)
carol=$(user carol)
ok "${#alice}" 64 "login gives a token"

call POST /table/new "$alice" "{\"room\":$room}"
ok "$STATUS" 200 "alice opens a table"
table=$(jo .id)
call POST /table/start "$alice" "{\"table\":$table}"
ok "$(jo .error)" no_rules "no start before the rules are set"
call POST /table/sit "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "bob sits down"
call POST /table/sit "$carol" "{\"table\":$table}"
ok "$(jo .error)" table_full "a third player cannot sit"
call POST /table/rules "$bob" "{\"table\":$table,\"size\":9,\"main_time\":600,\"move_limit\":60,\"overtime\":30}"
ok "$STATUS" 200 "the first game asks for the rules"
call POST /table/start "$alice" "{\"table\":$table}"
call POST /table/start "$bob" "{\"table\":$table}"
ok "$(jo .game.status)" playing "both pressed start: the game begins"
ok "$(jo .game.black)/$(jo .game.white)" alice/bob "the first to sit plays black"
call POST /table/rules "$bob" "{\"table\":$table,\"size\":19,\"main_time\":600,\"move_limit\":60,\"overtime\":30}"
ok "$(jo .error)" rules_fixed "the rules are fixed once a game has started"

# The spectator polls from the start and writes what it sees.
# (At most 200 polls of at most 10 s each: a game that never ends fails
# the checks below instead of hanging the test.)
(
	since=0
	n=0
	while [ $n -lt 200 ]; do
		n=$((n + 1))
		curl -s --max-time 10 \
			"$URL/events?table=$table&since=$since&timeout=5" >"$tmp/poll" || break
		jq -c '.events[]' "$tmp/poll" >>"$tmp/spectator"
		since=$(jq -r .last "$tmp/poll")
		grep -q '"type":"end"' "$tmp/poll" && break
	done
) &
spectator=$!

# Black builds a wall on column C, White on column G; then a black stone
# in White's area and a white one in Black's, both dead.
call POST /game/move "$bob" "{\"table\":$table,\"move\":\"G1\"}"
ok "$(jo .error)" not_your_turn "bob cannot move for alice"
call POST /game/pass "$carol" "{\"table\":$table}"
ok "$STATUS/$(jo .error)" 403/not_a_player "a spectator cannot move"
for row in 1 2 3 4 5 6 7 8 9; do
	call POST /game/move "$alice" "{\"table\":$table,\"move\":\"C$row\",\"n\":$(( (row - 1) * 2 ))}"
	ok "$STATUS" 200 "black C$row"
	[ $row = 5 ] && {
		call POST /game/move "$bob" "{\"table\":$table,\"move\":\"C5\"}"
		ok "$(jo .error)" occupied "an occupied point is refused with its reason"
	}
	play "$bob" "$table" "G$row"
done
# Bob's G9 sent again (its answer lost on the way): stale, though it is
# alice's turn by then.
call POST /game/move "$bob" "{\"table\":$table,\"move\":\"G9\",\"n\":17}"
ok "$STATUS/$(jo .error)" 409/stale "a move sent again after its answer was lost is stale"
call POST /game/move "$alice" "{\"table\":$table,\"move\":\"A1\",\"n\":3}"
ok "$(jo .error)" stale "a move for an older position is refused"
call POST /game/move "$alice" "{\"table\":$table,\"move\":\"Z9\"}"
ok "$STATUS/$(jo .error)" 400/bad_move "a point off the board is refused"

# Undo: asked by alice, declined, asked again, accepted.
play "$alice" "$table" J9
call POST /game/undo "$alice" "{\"table\":$table}"
ok "$STATUS" 200 "alice asks to take back J9"
call POST /game/undo/accept "$alice" "{\"table\":$table}"
ok "$(jo .error)" no_undo "nobody accepts their own undo"
call POST /game/undo/decline "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "bob declines"
call POST /game/undo "$alice" "{\"table\":$table}"
call POST /game/undo/accept "$bob" "{\"table\":$table}"
ok "$(jo .n)" 18 "bob accepts: J9 is taken back"
call GET "/state?table=$table" ""
ok "$(jo .game.to_move)" black "black to move again"

play "$alice" "$table" H5
play "$bob" "$table" B5
call POST /game/pass "$alice" "{\"table\":$table}"
ok "$STATUS" 200 "black passes"
call POST /game/pass "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "white passes"
estimated "$table"
ok "$(jo .game.status)/$(jo .game.counting.estimating)" counting/false \
	"two passes: counting, with the estimate of the dead stones"

# Make the marks exactly B5 and H5 dead, whatever the estimate said.
for p in B5 H5; do
	dead=$(jo "[.game.counting.dead[] | select(. == \"$p\")] | length")
	if [ "$dead" = 0 ]; then
		call POST /game/toggle "$alice" "{\"table\":$table,\"point\":\"$p\"}"
		call GET "/state?table=$table" ""
	fi
done
ok "$(jo '.game.counting.dead | sort | join(",")')" B5,H5 "B5 and H5 marked dead"
ok "$(jo .game.counting.result)" W+7.5 "the count: 40.5 each, komi 7.5"

# The dispute: bob says his B5 lives, alice accepts too early, then marks
# it dead again, and both accept.
call POST /game/accept "$alice" "{\"table\":$table}"
call POST /game/toggle "$bob" "{\"table\":$table,\"point\":\"B5\"}"
call GET "/state?table=$table" ""
ok "$(jo .game.counting.accepted.black)" false "a toggle takes back acceptance"
ok "$(jo .game.counting.result)" W+26.5 "with B5 alive, columns A-B are shared"
# An accept names the count it accepts: one sent before the toggle, and
# arriving after it, is refused.
v=$(jo .game.counting.version)
call POST /game/accept "$alice" "{\"table\":$table,\"version\":$((v - 1))}"
ok "$STATUS/$(jo .error)" 409/stale "an accept of the count before a toggle is refused"
call GET "/state?table=$table" ""
ok "$(jo .game.counting.accepted.black)/$(jo .game.counting.version)" false/$v \
	"the refused accept changed nothing"
call POST /game/toggle "$bob" "{\"table\":$table,\"point\":\"E5\"}"
ok "$(jo .error)" no_stone "no group at an empty point"
call POST /game/resume "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "bob resumes play"
call POST /game/pass "$alice" "{\"table\":$table}"
ok "$STATUS" 200 "black passes again"
call GET "/state?table=$table" ""
ok "$(jo .game.status)" playing \
	"one pass after the resume: play goes on (the passes before it do not count)"
call POST /game/pass "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "white passes too"
estimated "$table"
ok "$(jo .game.status)" counting "two passes since the resume: counting again"
for p in B5 H5; do
	dead=$(jo "[.game.counting.dead[] | select(. == \"$p\")] | length")
	[ "$dead" = 0 ] && call POST /game/toggle "$alice" "{\"table\":$table,\"point\":\"$p\"}"
done
call POST /game/toggle "$bob" "{\"table\":$table,\"point\":\"B5\"}"
call POST /game/toggle "$alice" "{\"table\":$table,\"point\":\"B5\"}"
call POST /game/accept "$alice" "{\"table\":$table}"
call POST /game/accept "$bob" "{\"table\":$table}"
ok "$STATUS" 200 "both accept"
call GET "/state?table=$table" ""
ok "$(jo .game.status)/$(jo .game.result)/$(jo .game.reason)" over/W+7.5/score \
	"white wins by 7.5 (area counting with komi)"
ok "$(jo '.game.counting.dead | sort | join(",")')/$(jo .game.counting.result)" \
	B5,H5/W+7.5 "the final count is kept with the game, its dead stones too"
ok "$(jo .game.winner)/$(jo .game.result_zh)/$(jo .game.points.black)/$(jo .game.points.white)/$(jo .game.rank.white)/$(jo .game.rank_en.black)" \
	"white/白胜 3¾ 子/-30/30/业余初段/Beginner" \
	"the finished game's state tells the winner, points and ranks as its end event did"

wait $spectator
call GET "/user?name=bob" ""
ok "$(jo .points)/$(jo .rank)/$(jo .rank_en)/$(jo .wins)" \
	"30/业余初段/Amateur 1 dan/1" "bob: +30 points, 业余初段"
call GET "/user?name=alice" ""
ok "$(jo .points)/$(jo .rank)/$(jo .losses)" "-30/初学者/1" "alice: -30 points"
call GET "/leaderboard" ""
ok "$(jo '.players[0].name')" bob "bob leads the leaderboard"

# The spectator saw every event once, in order, and every move.
events "$table" 0 >"$tmp/all"
ok "$(jq -c '[.events[].seq]' "$tmp/all")" "$(jq -s -c '[.[].seq]' "$tmp/spectator")" \
	"the spectator saw every event exactly once"
ok "$(jq -s -c '[.[] | select(.type == "move" or .type == "pass") | .move]' "$tmp/spectator" | tr -d '"[]')" \
	"C1,G1,C2,G2,C3,G3,C4,G4,C5,G5,C6,G6,C7,G7,C8,G8,C9,G9,J9,H5,B5,pass,pass,pass,pass" \
	"the spectator saw every move"
ok "$(jq -s -c '[.[].type] | map(select(. == "undo" or . == "undo_declined" or . == "end")) | join(",")' "$tmp/spectator" | tr -d '"')" \
	"undo_declined,undo,end" "the spectator saw the undos and the end"

ok "$(jq -s -c '[.[] | select(.type == "end")][0].counting.dead | sort | join(",")' "$tmp/spectator" | tr -d '"')" \
	B5,H5 "the end event gives the final count"

# The final count survives a restart.
server_kill -9
server_start
call GET "/state?table=$table" ""
ok "$(jo .game.status)/$(jo '.game.counting.dead | sort | join(",")')" \
	over/B5,H5 "the final dead stones survive a restart"

# Later games reuse the rules: start or leave.
call POST /table/start "$bob" "{\"table\":$table}"
call POST /table/start "$alice" "{\"table\":$table}"
ok "$(jo .game.status)/$(jo .game.black)" playing/bob "a second game, colours swapped"
call POST /table/leave "$alice" "{\"table\":$table}"
ok "$(jo .error)" game_in_progress "no leaving a game in progress"
sleep 1.5
call POST /game/resign "$alice" "{\"table\":$table}"
ok "$STATUS" 200 "alice resigns"
call GET "/state?table=$table" ""
ok "$(jo .game.result)" B+R "resignation result"
# The clock of bob, to move when alice resigned, kept the time he had
# been thinking: it is not back at its start.
ok "$(jo '.game.clock.black.main_left < 599')" true \
	"the final clock has the unfinished move's time ($(jo .game.clock.black.main_left) s left)"
call POST /table/leave "$alice" "{\"table\":$table}"
ok "$STATUS" 200 "alice leaves"

# Chat at the table and in the room.
call POST /chat "$carol" "{\"table\":$table,\"text\":\"好棋！\"}"
ok "$STATUS" 200 "chat at a table"
call POST /chat "$carol" "{\"room\":$room,\"text\":\"hello room\"}"
ok "$STATUS" 200 "chat in a room"
curl -s "$URL/events?room=$room&since=0&timeout=0" >"$tmp/out"
ok "$(jo '[.events[] | select(.type == "chat")][0].text')" "hello room" "room chat event"
ok "$(events "$table" 0 | jq -r '[.events[] | select(.type == "chat")][0] | .from + ":" + .text')" \
	"carol:好棋！" "table chat event"
# The state gives what was said before, for one who comes: the line and
# the number of its event.
call GET "/state?table=$table" ""
ok "$(jo '.chat[-1] | .from + ":" + .text')" "carol:好棋！" "the table's state has its chat"
ok "$(jo '.chat[-1].seq == .seq')" true "a chat line in the state has its event's number"
call GET "/state?room=$room" ""
ok "$(jo '[.chat[] | .text] | index("hello room") != null')" true "the room's state has its chat"
# Five lines to one place within ten seconds, then a flood: the sixth is
# refused with the seconds to wait, while others still talk there, and the
# same user elsewhere.
for i in 2 3 4 5; do
	call POST /chat "$carol" "{\"table\":$table,\"text\":\"line $i\"}"
done
ok "$STATUS" 200 "five chat lines in a row"
call POST /chat "$carol" "{\"table\":$table,\"text\":\"line 6\"}"
ok "$STATUS/$(jo .error)" 429/too_fast "a sixth within ten seconds: 429"
ok "$(jo '.retry_after | (. >= 1 and . <= 11)')" true \
	"with the seconds to wait ($(jo .retry_after))"
call POST /chat "$bob" "{\"table\":$table,\"text\":\"calm down\"}"
ok "$STATUS" 200 "another player still talks there"
call POST /chat "$carol" "{\"room\":$room,\"text\":\"elsewhere\"}"
ok "$STATUS" 200 "and carol elsewhere"
# The limit is each user's: seven users taking turns in room 2, five lines
# each, 35 in all; then each one's sixth is refused.
for i in 1 2 3 4 5 6 7; do
	eval "talker$i=\$(user talker$i)"
done
good=0
for line in 1 2 3 4 5; do
	for i in 1 2 3 4 5 6 7; do
		eval "tok=\$talker$i"
		call POST /chat "$tok" "{\"room\":2,\"text\":\"$i says $line\"}"
		[ "$STATUS" = 200 ] && good=$((good + 1))
	done
done
ok "$good" 35 "seven users taking turns, five lines each"
late=
for i in 1 2 3 4 5 6 7; do
	eval "tok=\$talker$i"
	call POST /chat "$tok" "{\"room\":2,\"text\":\"$i says 6\"}"
	late="$late $STATUS"
done
ok "$late" " 429 429 429 429 429 429 429" "each one's sixth is refused"

call GET /news ""
ok "$(jo '.news[0].title')" Welcome "news posted with --post-news"
call GET /rooms ""
ok "$(jo '.rooms | length')" 4 "rooms listed"
call GET "/state?room=$room" ""
ok "$(jo '.table_list[0].id')" "$table" "the room lists its tables"
call GET /ranks ""
ok "$(jo '.ranks[20].points'):$(jo '.ranks[20].rank')" "20130:棋圣" "the rank table"

# A room added while the server runs is open at once: listed, and a table
# can be opened in it.
night=$("$tengend" --db "$tmp/db" --add-room Night 夜猫房 3 9)
ok "$night" 5 "--add-room while the server runs"
call GET /rooms ""
ok "$(jo '.rooms | length')/$(jo '.rooms[4].name_zh')" 5/夜猫房 "the new room is listed"
dave=$(user dave)
call POST /table/new "$dave" "{\"room\":$night}"
ok "$STATUS/$(jo .room)" "200/$night" "a table in the new room"

call POST /logout "$alice" "{}"
ok "$STATUS" 200 "logout"
call POST /table/new "$alice" "{\"room\":1}"
ok "$STATUS/$(jo .error)" 401/bad_token "a token is dead after logout"
finish
