#!/bin/sh
# test-server-estimates.sh: --estimates N bounds the dead-stone estimates
# made at once; the others wait their turn, shown as being estimated.
# Three 9x9 tables reach counting one right after another.  With
# --estimates 1 and every estimate waiting 1 second first
# (TENGEND_ESTIMATE_DELAY), they are made one after another, oldest
# first: the last lands at least 3 seconds after the first count began.
# With --estimates 3 they all land too.  An estimate whose count changed
# while it waited is dropped, and a stop waits for the estimates still
# waiting.  Only lower bounds of time are asserted: a loaded machine is
# slower, never faster.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"

TENGEND_ESTIMATE_DELAY=1
export TENGEND_ESTIMATE_DELAY

# now_ms: milliseconds on the wall clock, for intervals.
now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

# count: the count in $tmp/out as version/estimating/dead stones.
count() {
	jq -r '.game.counting | "\(.version)/\(.estimating)/\(.dead | sort | join(","))"' "$tmp/out"
}

# 1. Bad values are refused before anything starts.
for bad in 0 65 x 1.5 ''; do
	"$tengend" --db "$tmp/none" --estimates "$bad" --quiet 2>"$tmp/err"
	rc=$?
	ok "$rc/$(cat "$tmp/err")" \
		"2/tengend: --estimates $bad: give a whole number from 1 to 64" \
		"--estimates '$bad' is refused"
done
ok "$([ -e "$tmp/none" ] && echo made || echo none)" none \
	"and no database is made"
"$tengend" --help >"$tmp/help"
ok "$(grep -c -- '--estimates N' "$tmp/help")" 1 "--help names --estimates"

# tables PREFIX: three 9x9 tables, users PREFIXb1 and PREFIXw1 at the
# first and so on, each one pass from counting: Black's wall on column D,
# White's on E, a white stone at B5 in Black's area and a black one at G5
# in White's, each with three of its four liberties taken: dead, and the
# estimate says so.  Sets T1 T2 T3 and W1 W2 W3 (White's tokens).
tables() {
	prefix=$1
	for i in 1 2 3; do
		b=$(user "${prefix}b$i")
		w=$(user "${prefix}w$i")
		t=$(newgame "$b" "$w" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
		refused=
		for pair in D1/E1 D2/E2 D3/E3 D4/E4 D5/E5 D6/E6 D7/E7 D8/E8 \
		    D9/E9 A5/F5 C5/H5 B4/G4 G5/B5 PASS/; do
			for m in "$b ${pair%/*}" "$w ${pair#*/}"; do
				set -- $m
				[ $# = 2 ] || continue
				call POST /game/move "$1" "{\"table\":$t,\"move\":\"$2\"}"
				[ "$STATUS" = 200 ] || refused="$refused $2"
			done
		done
		ok "$refused" "" "table $t: the moves are played, Black passes"
		eval "T$i=\$t W$i=\$w"
	done
}

# counting: White's pass, the second, at the three tables as fast as it
# goes; START is the time before the first.  Then every table is counting
# and being estimated.
counting() {
	START=$(now_ms)
	call POST /game/pass "$W1" "{\"table\":$T1}"
	s1=$STATUS
	call POST /game/pass "$W2" "{\"table\":$T2}"
	s2=$STATUS
	call POST /game/pass "$W3" "{\"table\":$T3}"
	ok "$s1/$s2/$STATUS" 200/200/200 "two passes at each table"
	for t in "$T1" "$T2" "$T3"; do
		call GET "/state?table=$t" ""
		ok "$(jo .game.status)/$(count)" counting/1/true/ \
			"table $t counts, being estimated, every stone alive"
	done
}

# 2. One estimate at a time.
server_start --estimates 1
tables a
counting
# The oldest first: when the last has come, so have the others.
estimated "$T3" || echo "# the estimate of table $T3 did not come"
ok "$(count)" 2/false/B5,G5 "the last estimate comes with the dead stones"
for t in "$T1" "$T2"; do
	call GET "/state?table=$t" ""
	ok "$(count)" 2/false/B5,G5 "table $t's came before it"
done
elapsed=$(($(now_ms) - START))
echo "# three estimates, one at a time: ${elapsed} ms"
ok "$([ "$elapsed" -ge 3000 ] && echo yes)" yes \
	"one at a time: the last came 3 s or more after the first count began"

# 3. A count changed while its estimate waits: the estimate is dropped,
# never made.  A stop waits for the estimates still waiting.
tables c
counting
call POST /game/toggle "$W3" "{\"table\":$T3,\"point\":\"G5\"}"
ok "$STATUS" 200 "a toggle while table $T3's estimate waits"
call GET "/state?table=$T3" ""
ok "$(count)" 2/false/G5 "the toggle is the count: nothing to wait for"
server_kill
ok "$(grep -c "storage failed" "$tmp/server.log")" 0 "the server stops cleanly"
server_start --estimates 1
for t in "$T1" "$T2"; do
	call GET "/state?table=$t" ""
	ok "$(count)" 2/false/B5,G5 "the stop waited for table $t's estimate"
done
call GET "/state?table=$T3" ""
ok "$(count)" 2/false/G5 "the estimate of the changed count was dropped"
server_kill

# 4. Three at a time, on a fresh database.
rm -f "$tmp/db" "$tmp/db-wal" "$tmp/db-shm"
server_start --estimates 3
tables b
counting
for t in "$T1" "$T2" "$T3"; do
	estimated "$t" || echo "# the estimate of table $t did not come"
	ok "$(count)" 2/false/B5,G5 "table $t's estimate comes with the dead stones"
done
echo "# three estimates, three at a time: $(($(now_ms) - START)) ms"

# 5. An estimate that finds nothing dead changes nothing: Black's accept,
# sent while it was still to come, stands, and White's accept of the
# same version ends the game.
b=$(user quickb)
w=$(user quickw)
t=$(newgame "$b" "$w" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
play "$b" "$t" D5
play "$w" "$t" E5
call POST /game/pass "$b" "{\"table\":$t}"
call POST /game/pass "$w" "{\"table\":$t}"
call POST /game/accept "$b" "{\"table\":$t,\"version\":1}"
ok "$STATUS" 200 "Black accepts while the estimate is still to come"
estimated "$t" || echo "# the estimate of table $t did not come"
ok "$(count)/$(jo .game.counting.accepted.black)" 1/false//true \
	"an estimate that finds nothing dead keeps the version and the accept"
call POST /game/accept "$w" "{\"table\":$t,\"version\":1}"
call GET "/state?table=$t" ""
ok "$STATUS/$(jo .game.status)/$(jo .game.reason)" 200/over/score \
	"White's accept of the same count ends the game"
finish
