#!/bin/sh
# test-server-events.sh: the database keeps the last --keep-events of each
# channel, not every event ever sent.  A client whose events are no longer
# kept is told to read the state anew (resync) and misses no move; one
# close enough behind gets its events as before; the numbering goes on
# without a gap after a restart, and the game keeps all its moves.  A
# start pressed again, or the same rules set again, sends no event.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"
server_start --keep-events 20

alice=$(user alice)
bob=$(user bob)
t=$(newgame "$alice" "$bob" '"size":19,"main_time":600,"move_limit":0,"overtime":30')

# Black fills row 1 from the left, White row 19: 30 moves, no capture.
n=0
for c in A B C D E F G H J K L M N O P; do
	play "$alice" "$t" "${c}1" >/dev/null
	play "$bob" "$t" "${c}19" >/dev/null
	n=$((n + 2))
done
call GET "/state?table=$t" ""
last=$(jo .seq)
ok "$(jo '.game.moves | length')" 30 "the state holds all 30 moves"

stored() {
	python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT count(*), min(seq), max(seq) FROM events WHERE kind = 0 AND chan = ?", (int(sys.argv[2]),)).fetchone())' "$tmp/db" "$1"
}
have_python=no
command -v python3 >/dev/null 2>&1 && have_python=yes
if [ $have_python = yes ]; then
	set -- $(stored "$t" | tr -d '(),')
	ok "$([ "$1" -ge 20 ] && [ "$1" -le 22 ] && echo yes)" yes \
		"the database keeps 20 to 22 of the table's $last events ($1)"
	ok "$3" "$last" "the newest event is kept"
	ok "$(($3 - $2 + 1))" "$1" "the events kept follow on without a gap"
fi

# While the server runs, the latest events are in its memory as well: a
# client far behind still gets them all, no resync.
events "$t" 1 >"$tmp/out"
ok "$(jo .resync)/$(jo '.events | length')" "null/$((last - 1))" \
	"while the server runs, the events in memory are still given"
# Close behind: the events, as before.
events "$t" $((last - 5)) >"$tmp/out"
ok "$(jo .resync)/$(jo '.events | length')/$(jo .last)" "null/5/$last" \
	"a client five events behind gets them"

# After a restart the events come from the database alone.
server_kill
server_start --keep-events 20
events "$t" 1 >"$tmp/out"
ok "$(jo .resync)/$(jo '.events | length')" "true/0" \
	"after a restart, a client whose events are gone is told to resync"
events "$t" $((last - 3)) >"$tmp/out"
ok "$(jo '[.events[].seq] | join(",")')" \
	"$((last - 2)),$((last - 1)),$last" \
	"after a restart, the events kept come back in order"
play "$alice" "$t" Q1 >/dev/null
events "$t" "$last" >"$tmp/out"
ok "$(jo '[.events[] | "\(.seq) \(.type) \(.move)"] | join(",")')" \
	"$((last + 1)) reconnect null,$((last + 2)) move Q1" \
	"the numbering goes on after a restart"
call GET "/state?table=$t" ""
ok "$(jo '.game.moves | length')" 31 "the game keeps all its moves"

# --keep-events 0 keeps them all; 5 is refused.
"$tengend" --keep-events 5 --help >/dev/null 2>"$tmp/err"
ok "$? $(cat "$tmp/err")" "2 tengend: --keep-events 5: 0 (all) or at least 10" \
	"--keep-events below 10 is refused"
if [ $have_python = yes ]; then
	first=$(stored "$t" | tr -d '(),' | cut -d' ' -f2)
	server_kill
	server_start --keep-events 0
	for c in R S T; do
		play "$bob" "$t" "${c}19" >/dev/null
		play "$alice" "$t" "${c}1" >/dev/null
	done
	for c in A B C D E F G H; do
		play "$bob" "$t" "${c}18" >/dev/null
		play "$alice" "$t" "${c}2" >/dev/null
	done
	set -- $(stored "$t" | tr -d '(),')
	ok "$2/$(($3 - $2 + 1 - $1))" "$first/0" \
		"with 0, no event is deleted ($1 kept)"
fi

# A start pressed again, or the same rules set again, changes nothing and
# sends no event, to the table or to its room: its seq stays, and the
# start press stands.
carl=$(user carl)
dora=$(user dora)
rules='"size":9,"main_time":300,"move_limit":0,"overtime":30'
call POST /table/new "$carl" "{\"room\":2,$rules}"
t2=$(jo .id)
call POST /table/sit "$dora" "{\"table\":$t2}"
call POST /table/start "$carl" "{\"table\":$t2}"
call GET "/state?table=$t2" ""
tseq=$(jo .seq)
call GET "/state?room=2" ""
rseq=$(jo .seq)
for i in 1 2 3 4 5; do
	call POST /table/start "$carl" "{\"table\":$t2}"
done
ok "$STATUS/$(jo '[.seats[].ready] | join(",")')" 200/true,false \
	"start pressed again: answered with the table"
call POST /table/rules "$carl" "{\"table\":$t2,$rules}"
ok "$STATUS/$(jo '[.seats[].ready] | join(",")')" 200/true,false \
	"the same rules again: answered, the start press stands"
call GET "/state?table=$t2" ""
ok "$(jo .seq)" "$tseq" "no event at the table"
call GET "/state?room=2" ""
ok "$(jo .seq)" "$rseq" "nor in its room"
call POST /table/rules "$carl" "{\"table\":$t2,\"size\":13,\"main_time\":300,\"move_limit\":0,\"overtime\":30}"
ok "$STATUS/$(jo '[.seats[].ready] | join(",")')" 200/false,false \
	"other rules take the start press back"
call GET "/state?table=$t2" ""
ok "$(jo .seq)" "$((tseq + 1))" "with an event"

finish
