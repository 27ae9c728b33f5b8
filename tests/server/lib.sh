# tests/server/lib.sh: a real tengend on a free loopback port with a
# temporary database, and curl to talk to it.  Sourced by
# tests/test-server-*.sh; also a small shell client for trying the protocol
# by hand:
#   . tests/server/lib.sh; server_start; call POST /register '' \
#       '{"name":"a","password":"secret1"}'; cat "$tmp/out"
# call METHOD PATH TOKEN [BODY] leaves the reply in $tmp/out and the HTTP
# status in $STATUS; jo FILTER applies jq to the reply.

srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
tengend=$(cd "$builddir" && pwd)/src/tengend

for tool in curl jq; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "$0: $tool is not installed; skipped" >&2
		exit 77
	fi
done
[ -x "$tengend" ] || { echo "$0: no $tengend" >&2; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-server.XXXXXX") || exit 99
PID=
trap 'server_kill; rm -rf "$tmp"' EXIT
tests=0
failed=0

# server_start [OPTIONS]: start tengend on $tmp/db, wait for its port.
server_start() {
	rm -f "$tmp/port"
	"$tengend" --db "$tmp/db" --port 0 --port-file "$tmp/port" \
		--pwhash min --quiet "$@" 2>>"$tmp/server.log" &
	PID=$!
	for _ in $(seq 100); do
		[ -s "$tmp/port" ] && break
		sleep 0.05
	done
	PORT=$(cat "$tmp/port" 2>/dev/null)
	[ -n "$PORT" ] || { echo "tengend did not start" >&2; cat "$tmp/server.log" >&2; exit 99; }
	URL=http://127.0.0.1:$PORT
}

server_kill() {
	[ -n "$PID" ] && kill ${1:-} "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
	PID=
}

# call METHOD PATH TOKEN [BODY]
call() {
	if [ -n "${4-}" ]; then
		STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X "$1" \
			${3:+-H "Authorization: Bearer $3"} \
			-H 'Content-Type: application/json' --data-binary "$4" \
			"$URL$2")
	else
		STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X "$1" \
			${3:+-H "Authorization: Bearer $3"} "$URL$2")
	fi
}

jo() { jq -r "$@" "$tmp/out"; }

ok() {
	tests=$((tests + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $tests - $3"
	else
		echo "not ok $tests - $3: got '$1', expected '$2'"
		[ -s "$tmp/out" ] && echo "#   last reply: $(head -c 400 "$tmp/out")"
		failed=$((failed + 1))
	fi
}

# user NAME: register and log in; prints the token.
user() {
	call POST /register '' "{\"name\":\"$1\",\"password\":\"secret-$1\"}"
	call POST /login '' "{\"name\":\"$1\",\"password\":\"secret-$1\"}"
	jo .token
}

# play TOKEN TABLE MOVE: a move that must be accepted.
play() {
	call POST /game/move "$1" "{\"table\":$2,\"move\":\"$3\"}"
	ok "$STATUS" 200 "move $3"
}

# events TABLE SINCE: the events after SINCE (no waiting).
events() {
	curl -s "$URL/events?table=$1&since=$2&timeout=0"
}

# estimated TABLE: wait until the dead stones' estimate of TABLE's count
# is in (or dropped), woken by the table's events, 30 s at most; the state
# is left in $tmp/out.  Fails if the estimate never comes.
estimated() {
	estimated_end=$(($(date +%s) + 30))
	while call GET "/state?table=$1" ""
		[ "$(jo .game.counting.estimating)" = true ]; do
		[ "$(date +%s)" -lt "$estimated_end" ] || return 1
		curl -s --max-time 10 \
			"$URL/events?table=$1&since=$(jo .seq)&timeout=5" >/dev/null
	done
}

# newgame BLACK WHITE RULES: a table in room 1 made by token BLACK with
# RULES (JSON members), token WHITE seated, both pressing start; prints
# the table's id.
newgame() {
	call POST /table/new "$1" "{\"room\":1,$3}"
	newgame_t=$(jo .id)
	call POST /table/sit "$2" "{\"table\":$newgame_t}"
	call POST /table/start "$1" "{\"table\":$newgame_t}"
	call POST /table/start "$2" "{\"table\":$newgame_t}"
	echo "$newgame_t"
}

finish() {
	echo "1..$tests"
	[ "$failed" -eq 0 ]
}
