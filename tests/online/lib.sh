# lib.sh: a real tengend on a free loopback port and several tengen clients
# in one private tmux server, for tests/test-online-*.sh.
#
# The one idea: each client is a tmux session named after its player, with
# its own XDG directories (so its own kept login), and every assertion is
# about what that player's screen shows.  The server gets short long-polls
# and a short disconnect time so that drops show within seconds.
#
# Use: . "$top_srcdir/tests/online/lib.sh"; on_init NAME; on_server;
# on_start alice; on_register alice; on_keys alice KEY...; on_wait alice TEXT.

srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
tengen=$(cd "$builddir" && pwd)/src/tengen
tengend=$(cd "$builddir" && pwd)/src/tengend
on_timeout=${ONLINE_TIMEOUT:-20}
on_checks=0
PID=

on_init() {
	on_name=$1
	if ! command -v tmux >/dev/null 2>&1; then
		echo "$on_name: tmux is not installed: skipped"
		exit 77
	fi
	for p in "$tengen" "$tengend"; do
		[ -x "$p" ] || { echo "$on_name: no $p" >&2; exit 99; }
	done
	on_tmp=$(mktemp -d "${TMPDIR:-/tmp}/$on_name.XXXXXX") || exit 99
	echo "set -g remain-on-exit on" >"$on_tmp/tmux.conf"
	on_sock="$on_name-$$"
	unset NO_COLOR LANGUAGE LC_ALL LC_MESSAGES TENGEN_LOCALEDIR
	export LANG=C.UTF-8
	trap 'on_cleanup' EXIT
	trap 'exit 1' INT TERM HUP
}

on_cleanup() {
	tmux -L "$on_sock" kill-server >/dev/null 2>&1
	# Other servers a test started (their process numbers).
	[ -z "${on_pids:-}" ] || kill $on_pids 2>/dev/null
	on_server_stop
	rm -rf "$on_tmp"
}

# on_server [PORT]: start tengend (again on PORT if given) on $on_tmp/db.
on_server() {
	rm -f "$on_tmp/port"
	"$tengend" --db "$on_tmp/db" --port "${1:-0}" --port-file "$on_tmp/port" \
		--pwhash min --quiet --poll-timeout 2 --disconnect-seconds 2 \
		--escape-seconds 120 2>>"$on_tmp/server.log" &
	PID=$!
	for _ in $(seq 200); do
		[ -s "$on_tmp/port" ] && break
		sleep 0.05
	done
	PORT=$(cat "$on_tmp/port" 2>/dev/null)
	[ -n "$PORT" ] || { cat "$on_tmp/server.log" >&2; on_fail "tengend did not start"; }
	URL=http://127.0.0.1:$PORT
}

# on_proxy MODE: tests/online/proxy.py in front of the server, misbehaving
# as MODE says; its address in PROXY_URL, the requests it had in the file
# PROXY_LOG, and in PROXY_GO the file that lets its held replies go (the
# held-* modes).
on_proxy() {
	port_file=$on_tmp/proxy-$1.port
	rm -f "$port_file" "$port_file.go"
	PROXY_LOG=$on_tmp/proxy-$1.log
	PROXY_GO=$port_file.go
	python3 "$srcdir/tests/online/proxy.py" "$port_file" \
		"$PROXY_LOG" "$PORT" "$1" &
	on_pids="${on_pids:-} $!"
	for _ in $(seq 100); do
		[ -s "$port_file" ] && break
		sleep 0.05
	done
	[ -s "$port_file" ] || on_fail "the proxy did not start"
	PROXY_URL=http://127.0.0.1:$(cat "$port_file")
}

on_server_stop() {
	[ -n "$PID" ] && kill ${1:-} "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
	PID=
}

# on_start NAME [ARGS...]: tengen --server $URL --ascii ARGS as player NAME
# (with the environment assignments in $ON_ENV, if any).
on_start() {
	n=$1
	shift
	mkdir -p "$on_tmp/$n/config" "$on_tmp/$n/data"
	eval "on_cx_$n=-1"
	if tmux -L "$on_sock" has-session -t "$n" 2>/dev/null; then
		tmux -L "$on_sock" kill-session -t "$n"
	fi
	tmux -L "$on_sock" -f "$on_tmp/tmux.conf" new-session -d -s "$n" \
		-x 80 -y 24 \
		"${ON_ENV:-} XDG_CONFIG_HOME='$on_tmp/$n/config' XDG_DATA_HOME='$on_tmp/$n/data' exec '$tengen' --server '$URL' --ascii $*" ||
		on_fail "cannot start tmux"
	tmux -L "$on_sock" set-option -t "$n" remain-on-exit on >/dev/null
}

on_keys() {
	n=$1
	shift
	tmux -L "$on_sock" send-keys -t "$n" "$@"
}

# on_type NAME TEXT: TEXT as typed, character by character.
on_type() {
	tmux -L "$on_sock" send-keys -t "$1" -l "$2"
}

on_screen() {
	tmux -L "$on_sock" capture-pane -p -t "$1"
}

on_fail() {
	echo "FAIL: $on_name: $*" >&2
	for s in $(tmux -L "$on_sock" list-sessions -F '#{session_name}' 2>/dev/null); do
		echo "--- $s's screen:" >&2
		on_screen "$s" >&2
	done
	echo "---" >&2
	exit 1
}

on_ok() {
	on_checks=$((on_checks + 1))
	echo "ok $on_checks - $*"
}

# on_wait NAME TEXT: until NAME's screen shows TEXT.
on_wait() {
	on_deadline=$(($(date +%s) + on_timeout))
	while ! on_screen "$1" | grep -F -q -e "$2"; do
		[ "$(date +%s)" -ge "$on_deadline" ] &&
			on_fail "$1: timed out waiting for: $2"
		sleep 0.1
	done
	on_ok "$1 sees: $2"
}

# on_click NAME X Y: the left button pressed and released at column X,
# line Y (from 0), as an xterm reports it (tests/tui/lib.sh's tui_click).
on_click() {
	on_mx=$(printf "\\$(printf '%03o' $(($2 + 33)))")
	on_my=$(printf "\\$(printf '%03o' $(($3 + 33)))")
	on_keys "$1" -l "$(printf '\033[M') $on_mx$on_my"
	on_keys "$1" -l "$(printf '\033[M')#$on_mx$on_my"
}

# on_count NAME TEXT: how many lines of NAME's screen show TEXT.
on_count() {
	on_screen "$1" | grep -F -c -e "$2"
}

# on_row NAME N: the board's row N without its labels (ASCII board).
on_row() {
	on_screen "$1" |
	sed -n "s/^ *$2 \\([^ ]\\( [^ ]\\)*\\) \\{1,2\\}$2\\( .*\\)\\{0,1\\}\$/\\1/p" |
	head -n 1
}

on_expect_row() {
	on_deadline=$(($(date +%s) + on_timeout))
	while [ "$(on_row "$1" "$2")" != "$3" ]; do
		[ "$(date +%s)" -ge "$on_deadline" ] &&
			on_fail "$1: row $2 is '$(on_row "$1" "$2")', expected '$3'"
		sleep 0.1
	done
	on_ok "$1: row $2 is '$3'"
}

# on_register NAME: a new account from the login form; ends in the lobby.
on_register() {
	on_wait "$1" "Password"
	on_type "$1" "$1"
	on_keys "$1" Tab
	on_type "$1" "secret-$1"
	on_keys "$1" Tab Tab Enter
	on_wait "$1" "Logged in to $URL as $1"
}

# on_goto NAME VERTEX SIZE: the cursor there (it starts in the middle).
on_goto() {
	letters=ABCDEFGHJKLMNOPQRST
	col=${2%%[0-9]*}
	num=${2#?}
	x=$(($(expr index "$letters" "$col") - 1))
	y=$(($3 - num))
	eval "cx=\$on_cx_$1; cy=\${on_cy_$1:-0}"
	if [ "$cx" -lt 0 ]; then
		cx=$(($3 / 2))
		cy=$(($3 / 2))
	fi
	while [ "$cx" -lt "$x" ]; do on_keys "$1" Right; cx=$((cx + 1)); done
	while [ "$cx" -gt "$x" ]; do on_keys "$1" Left; cx=$((cx - 1)); done
	while [ "$cy" -lt "$y" ]; do on_keys "$1" Down; cy=$((cy + 1)); done
	while [ "$cy" -gt "$y" ]; do on_keys "$1" Up; cy=$((cy - 1)); done
	eval "on_cx_$1=$cx; on_cy_$1=$cy"
}

# on_play NAME VERTEX: NAME plays VERTEX on 9x9 and sees it played.
on_play() {
	on_goto "$1" "$2" 9
	on_keys "$1" Enter
	on_wait "$1" "played $2"
}

# on_new_table NAME: NAME opens a table and sets its rules to 9x9.
on_new_table() {
	# (N opens a table in the room chosen: once the rooms have come.)
	on_wait "$1" "Beginners ("
	on_keys "$1" n
	on_wait "$1" "Table "
	# The whole hint, wrapped in the panel beside the 19x19 board.
	on_wait "$1" "starts"
	on_keys "$1" e
	on_wait "$1" "Rules of this table"
	on_keys "$1" Up Up Up Up Up Left Left
	on_wait "$1" "< 9x9 >"
	on_keys "$1" Enter
	on_wait "$1" "9x9, komi 7.5"
}

# on_api_table NAME [RULES]: a player NAME registered and logged in
# through the server's API, who opens a table in room 1 (with RULES, JSON
# fields, if given).
on_api_table() {
	body="{\"name\":\"$1\",\"password\":\"secret-$1\"}"
	curl -s -o /dev/null -H 'Content-Type: application/json' \
		--data-binary "$body" "$URL/register"
	tok=$(curl -s -H 'Content-Type: application/json' \
		--data-binary "$body" "$URL/login" | jq -r .token)
	curl -s -o /dev/null -H "Authorization: Bearer $tok" \
		-H 'Content-Type: application/json' \
		--data-binary "{\"room\":1${2:+,$2}}" "$URL/table/new"
}

# on_table ALICE BOB: ALICE opens a table with 9x9 rules, BOB sits, both
# press start; the game is on, ALICE plays black.
on_table() {
	on_new_table "$1"
	on_wait "$2" "9x9, komi 7.5"
	on_keys "$2" Tab Enter
	on_wait "$2" "Seat 2: $2"
	on_keys "$1" s
	on_wait "$1" "Seat 1: $1, ready"
	on_keys "$2" s
	on_wait "$1" "Move 0: Black to play (you)"
	on_wait "$2" "Move 0: Black to play"
}

on_done() {
	echo "$on_name: $on_checks checks passed"
	exit 0
}
