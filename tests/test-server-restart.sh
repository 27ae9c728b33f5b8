#!/bin/sh
# test-server-restart.sh: kill -9 loses no accepted move.  Moves are sent
# as fast as possible while the server is killed; after a restart on the
# same database every move that got its reply is there, the game goes on
# where it was, the time the server was down is charged to nobody (what
# the player to move thought before it is, once however many restarts
# follow), and the event numbers go on without a gap.  An undo request waiting for an answer and the marks of
# counting survive a restart too.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"
server_start

alice=$(user alice)
bob=$(user bob)
t=$(newgame "$alice" "$bob" '"size":19,"main_time":600,"move_limit":30,"overtime":30')

# Black fills rows 1 to 9 from the bottom, White rows 19 to 11 from the
# top: each side builds one solid block whose liberties are on row 10,
# which stays empty, so no stone is ever captured, no point is played
# twice and all 342 moves are legal, more than any machine sends in the
# second before the kill.
cols="A B C D E F G H J K L M N O P Q R S T"
: >"$tmp/moves"
for r in 1 2 3 4 5 6 7 8 9; do
	for c in $cols; do
		echo "$c$r $c$((20 - r))" >>"$tmp/moves"
	done
done
ok "$(tr ' ' '\n' <"$tmp/moves" | sort | uniq -d | wc -l)" 0 \
	"the move list plays no point twice"

(
	while read -r b w; do
		for m in "$alice $b" "$bob $w"; do
			set -- $m
			s=$(curl -s -o /dev/null -w '%{http_code}' -X POST \
				-H "Authorization: Bearer $1" \
				--data-binary "{\"table\":$t,\"move\":\"$2\"}" "$URL/game/move")
			[ "$s" = 200 ] || exit 0
			echo "$2" >>"$tmp/accepted"
		done
	done <"$tmp/moves"
) &
player=$!
# Kill it while the moves go on: once a few are in, however loaded the
# machine.
n=0
while [ "$(cat "$tmp/accepted" 2>/dev/null | wc -l)" -le 10 ] && [ $n -lt 300 ]; do
	sleep 0.1
	n=$((n + 1))
done
server_kill -9
wait "$player"
accepted=$(wc -l <"$tmp/accepted")
echo "# $accepted moves accepted before kill -9"
total=$(($(wc -l <"$tmp/moves") * 2))
ok "$([ "$accepted" -gt 10 ] && [ "$accepted" -lt "$total" ] && echo yes)" yes \
	"moves were being played when the server died"

sleep 2
server_start
call GET "/state?table=$t" ""
ok "$(jo .game.status)" playing "after the restart the game is in progress"
n=$(jo '.game.moves | length')
ok "$(jo ".game.moves[0:$accepted] | join(\" \")")" "$(tr '\n' ' ' <"$tmp/accepted" | sed 's/ $//')" \
	"every accepted move is there, in order"
ok "$([ "$n" -le $((accepted + 1)) ] && echo yes)" yes "nothing more than one unanswered move"
[ $((n % 2)) = 0 ] && tomove=black || tomove=white
ok "$(jo .game.to_move)" "$tomove" "the right player is to move"
left=$(jo ".game.clock.$tomove.left")
ok "$(awk "BEGIN { print ($left > 29) }")" 1 \
	"the down time was not charged ($left s left of 30)"

# Play on: the next move from the list.
next=$(awk -v n="$n" '{ print $1; print $2 }' "$tmp/moves" | sed -n "$((n + 1))p")
[ "$tomove" = black ] && tok=$alice || tok=$bob
play "$tok" "$t" "$next"
events "$t" 0 >"$tmp/ev"
ok "$(jq '[.events[].seq] | . == [range(1; length + 1)]' "$tmp/ev")" true \
	"the event numbers have no gap and no repeat"
ok "$(jq '[.events[] | select(.type == "move")] | length' "$tmp/ev")" $((n + 1)) \
	"one move event per move"

# An undo request survives a restart: the player who just moved asks, the
# server dies, and after the restart the request is still there and the
# opponent's accept takes the move back.
call POST /game/undo "$tok" "{\"table\":$t}"
ok "$STATUS" 200 "an undo request"
server_kill -9
server_start
call GET "/state?table=$t" ""
ok "$(jo .game.undo_request)" "$tomove" "the request is still there after a restart"
[ "$tomove" = black ] && other=$bob || other=$alice
call POST /game/undo/accept "$other" "{\"table\":$t}"
ok "$STATUS" 200 "the opponent accepts it"
call GET "/state?table=$t" ""
ok "$(jo '.game.moves | length')/$(jo .game.undo_request)" "$n/null" \
	"the move is taken back and the request is gone"
play "$tok" "$t" "$next"

# A second kill during counting.
# After the move above the other player is to move: they pass, then the first.
[ "$tomove" = black ] && first=$bob second=$alice || first=$alice second=$bob
call POST /game/pass "$first" "{\"table\":$t}"
call POST /game/pass "$second" "{\"table\":$t}"
estimated "$t"
ok "$(jo .game.status)" counting "two passes: counting"
dead=$(jo '.game.counting.dead | length')
server_kill -9
server_start
call GET "/state?table=$t" ""
ok "$(jo .game.status)/$(jo '.game.counting.dead | length')" "counting/$dead" \
	"counting survives a restart with its marks"

# A database made before games had the undo_by column is brought up to
# date when the server opens it, and its games load.
undo_by_columns() {
	python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(len([c for c in db.execute("PRAGMA table_info(games)") if c[1] in ("undo_by", "resumed_at", "turn_ms", "estimating", "black_points", "white_points", "points_set")]) +
      len([c for c in db.execute("PRAGMA table_info(tables)") if c[1] == "ready"]) +
      len([c for c in db.execute("PRAGMA table_info(tokens)") if c[1] == "seq"]) +
      len([c for c in db.execute("PRAGMA table_info(users)") if c[1] == "name_key"]))' \
		"$tmp/db"
}
if command -v python3 >/dev/null 2>&1; then
	server_kill
	python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("ALTER TABLE games DROP COLUMN undo_by")
db.execute("ALTER TABLE games DROP COLUMN resumed_at")
db.execute("ALTER TABLE games DROP COLUMN turn_ms")
db.execute("ALTER TABLE games DROP COLUMN estimating")
db.execute("ALTER TABLE games DROP COLUMN black_points")
db.execute("ALTER TABLE games DROP COLUMN white_points")
db.execute("ALTER TABLE games DROP COLUMN points_set")
db.execute("ALTER TABLE tables DROP COLUMN ready")
db.execute("DROP INDEX tokens_user")
db.execute("ALTER TABLE tokens DROP COLUMN seq")
db.execute("DROP INDEX users_key")
db.execute("ALTER TABLE users DROP COLUMN name_key")
# Two names that look alike, as an older server let them in.
db.execute("INSERT INTO users(name, pwhash, created) SELECT \x27ALICE\x27, pwhash, created FROM users WHERE name = \x27alice\x27")
db.commit()' "$tmp/db" || exit 99
	ok "$(undo_by_columns)" 0 "the older database lacks the columns added since"
	server_start
	call GET "/state?table=$t" ""
	ok "$STATUS/$(jo .game.status)" 200/counting "an older database opens"
	ok "$(undo_by_columns)" 10 \
		"with games.undo_by, .resumed_at, .turn_ms, .estimating, .black_points, .white_points, .points_set, tables.ready, tokens.seq and users.name_key added"
	call GET /user "$second"
	ok "$STATUS" 200 "a login from before serves still"
	ok "$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(" ".join(k for (k,) in db.execute("SELECT name_key FROM users ORDER BY name")))' "$tmp/db")" \
		"allce allce bob" "the names from before get their keys"
	call POST /login '' '{"name":"ALICE","password":"secret-alice"}'
	ok "$STATUS" 200 "two names from before that look alike both log in"
	call POST /register '' '{"name":"Alice","password":"secret1"}'
	ok "$STATUS/$(jo .message)" "409/the name Alice is taken: it looks like alice" \
		"and a third like them is refused"
else
	echo "# python3 not found: the migration of an older database is not tried"
fi

# Play resumed after counting: one pass since does not start the counting
# again, across a restart; a second one does.
call POST /game/resume "$second" "{\"table\":$t}"
ok "$STATUS" 200 "play resumes"
call POST /game/pass "$first" "{\"table\":$t}"
call GET "/state?table=$t" ""
ok "$(jo .game.status)" playing "one pass since the resume: play goes on"
server_kill -9
server_start
call GET "/state?table=$t" ""
ok "$(jo .game.status)" playing "still so after a restart"
call POST /game/pass "$second" "{\"table\":$t}"
call GET "/state?table=$t" ""
ok "$(jo .game.status)" counting "two passes since the resume: counting"
# A start pressed before a restart still counts after it: the other
# player's start begins the game.
carol=$(user carol)
dave=$(user dave)
call POST /table/new "$carol" '{"room":1,"size":9,"main_time":600,"move_limit":30,"overtime":30}'
t2=$(jo .id)
call POST /table/sit "$dave" "{\"table\":$t2}"
call POST /table/start "$carol" "{\"table\":$t2}"
ok "$(jo '.seats[0].ready')" true "carol pressed start"
server_kill -9
server_start
call GET "/state?table=$t2" ""
ok "$(jo '.seats[0].ready')/$(jo '.seats[1].ready')" true/false \
	"her start survives a restart"
call POST /table/start "$dave" "{\"table\":$t2}"
call GET "/state?table=$t2" ""
ok "$(jo .game.status)" playing "dave's start begins the game"

# What the player to move thought before the server stopped is charged,
# the time it was down is not: 3 s of thought, then 3 s down.
tomove2=$(jo .game.to_move)
sleep 3
server_kill -9
sleep 3
server_start
call GET "/state?table=$t2" ""
main=$(jo ".game.clock.$tomove2.main_left")
ok "$(awk "BEGIN { print ($main > 594.5 && $main < 598.5) }")" 1 \
	"the thought before a kill is charged, the time down is not ($main s left of 600)"

# Each restart charges each second once: the time down before the first
# restart is not charged again by the next one.  30 s of main time; White
# to move; the server stopped for 8 s, run 1.5 s, stopped and started
# twice more: White has lost the 1.5 s and a little, not the 8 s.
erin=$(user erin)
frank=$(user frank)
t3=$(newgame "$erin" "$frank" '"size":9,"main_time":30,"move_limit":0,"overtime":10')
play "$erin" "$t3" E5
server_kill
sleep 8
server_start
call GET "/state?table=$t3" ""
first=$(jo .game.clock.white.main_left)
sleep 1.5
server_kill
server_start
call GET "/state?table=$t3" ""
second=$(jo .game.clock.white.main_left)
server_kill
server_start
call GET "/state?table=$t3" ""
third=$(jo .game.clock.white.main_left)
ok "$(awk "BEGIN { print ($first > 28) }")" 1 \
	"the first restart charges nothing of the 8 s down ($first s left of 30)"
ok "$(awk "BEGIN { d = $first - $second; print (d > 1.4 && d < 5) }")" 1 \
	"the second charges the 1.5 s run, not the 8 s again ($second s left)"
ok "$(awk "BEGIN { d = $second - $third; print (d >= 0 && d < 3) }")" 1 \
	"the third charges what the second run took ($third s left)"

# A finished game's points are kept: its state after a restart still tells
# them, as its end event did.
call POST /game/resign "$frank" "{\"table\":$t3}"
ok "$STATUS" 200 "frank resigns"
server_kill -9
server_start
call GET "/state?table=$t3" ""
ok "$(jo .game.result)/$(jo .game.winner)/$(jo .game.points.black)/$(jo .game.points.white)" \
	"B+R/black/1/-1" "a finished game's winner and points survive a restart"
finish
