# lib.sh: drive src/tengen in a private tmux server, for the tests of the
# terminal client (tests/test-tui-*.sh).
#
# The one idea: a test is what a player does and sees.  tengen runs in a
# tmux server of its own (its own socket, no configuration, 80x24), keys go
# in with send-keys, and the screen comes back as text with capture-pane,
# so every assertion is about the real program on a real terminal.  Each
# test gets a scratch directory for XDG_CONFIG_HOME and XDG_DATA_HOME, so
# settings and saved games never touch the user's.
#
# Use: . "$top_srcdir/tests/tui/lib.sh"; tui_init NAME; tui_start ARGS...;
# tui_keys KEY...; tui_wait TEXT; tui_fail MESSAGE.

srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
tengen=$(cd "$builddir" && pwd)/src/tengen
tui_timeout=${TUI_TIMEOUT:-15}
tui_checks=0

tui_init() {
	tui_name=$1
	if ! command -v tmux >/dev/null 2>&1; then
		echo "$tui_name: tmux is not installed: skipped"
		exit 77
	fi
	if [ ! -x "$tengen" ]; then
		echo "$tui_name: no $tengen" >&2
		exit 99
	fi
	tui_tmp=$(mktemp -d "${TMPDIR:-/tmp}/$tui_name.XXXXXX") || exit 99
	tui_base="$tui_name-$$"
	tui_serial=0
	tui_sock="$tui_base-0"
	export XDG_CONFIG_HOME="$tui_tmp/config" XDG_DATA_HOME="$tui_tmp/data"
	export TENGEN_SEED=${TENGEN_SEED:-12345}
	unset NO_COLOR LANGUAGE LC_ALL LC_MESSAGES TENGEN_LOCALEDIR
	export LANG=C.UTF-8
	mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
	# The pane stays from the start, so that a tengen that exits at once
	# still leaves its last words and status to read.
	echo "set -g remain-on-exit on" >"$tui_tmp/tmux.conf"
	trap 'tui_cleanup' EXIT
	trap 'exit 1' INT TERM HUP
}

tui_cleanup() {
	tui_stop
	rm -rf "$tui_tmp"
}

# tui_stop: end the tmux server (tengen gets SIGHUP, saves and exits) and
# wait for tengen to be gone.
tui_stop() {
	tui_p=$(tmux -L "$tui_sock" display-message -p -t tui '#{pane_pid}' 2>/dev/null)
	tmux -L "$tui_sock" kill-server >/dev/null 2>&1
	tui_n=0
	while [ -n "$tui_p" ] && kill -0 "$tui_p" 2>/dev/null && [ $tui_n -lt 100 ]; do
		sleep 0.1
		tui_n=$((tui_n + 1))
	done
}

# tui_start ARGS...: tengen ARGS in a fresh window.  The pane stays after
# tengen exits, so its last screen and exit status can still be read.
# tui_prefix, when set, is a command (a word list) that runs tengen.
tui_start() {
	tui_stop
	# A new server for every start: an old one may still be exiting.
	tui_serial=$((tui_serial + 1))
	tui_sock="$tui_base-$tui_serial"
	tui_cx=-1
	printf '%s\n' "$@" > "$tui_tmp/args"
	tmux -L "$tui_sock" -f "$tui_tmp/tmux.conf" new-session -d -s tui \
		-x 80 -y 24 \
		"exec ${tui_prefix:-} \"$tengen\" $(tui_quote "$@")" ||
		tui_fail "cannot start tmux"
	tmux -L "$tui_sock" set-option -t tui remain-on-exit on >/dev/null
}

# Single-quote every argument for the shell tmux runs.
tui_quote() {
	for a in "$@"; do
		printf "'%s' " "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"
	done
}

tui_keys() {
	tmux -L "$tui_sock" send-keys -t tui "$@"
}

tui_screen() {
	tmux -L "$tui_sock" capture-pane -p -t tui
}

tui_fail() {
	echo "FAIL: $tui_name: $*" >&2
	echo "--- screen:" >&2
	tui_screen >&2
	echo "---" >&2
	exit 1
}

tui_ok() {
	tui_checks=$((tui_checks + 1))
	echo "ok $tui_checks - $*"
}

# tui_wait TEXT: until the screen shows TEXT (a fixed string).
tui_wait() {
	tui_deadline=$(($(date +%s) + tui_timeout))
	while :; do
		if tui_screen | grep -F -q -e "$1"; then
			tui_ok "screen shows: $1"
			return 0
		fi
		[ "$(date +%s)" -ge "$tui_deadline" ] &&
			tui_fail "timed out waiting for: $1"
		sleep 0.1
	done
}

# tui_wait_gone TEXT: until the screen no longer shows TEXT.
tui_wait_gone() {
	tui_deadline=$(($(date +%s) + tui_timeout))
	while tui_screen | grep -F -q -e "$1"; do
		[ "$(date +%s)" -ge "$tui_deadline" ] &&
			tui_fail "timed out waiting for this to go: $1"
		sleep 0.1
	done
	tui_ok "screen no longer shows: $1"
}

# tui_row N: the board's row N (as numbered on the screen) without its
# labels: ". . X O ." (ASCII board, --ascii).
tui_row() {
	tui_screen |
	sed -n "s/^ *$1 \\([^ ]\\( [^ ]\\)*\\) \\{1,2\\}$1\\( .*\\)\\{0,1\\}\$/\\1/p" |
	head -n 1
}

# tui_expect_row N TEXT: wait until the board's row N is exactly TEXT.
tui_expect_row() {
	tui_deadline=$(($(date +%s) + tui_timeout))
	while [ "$(tui_row "$1")" != "$2" ]; do
		[ "$(date +%s)" -ge "$tui_deadline" ] &&
			tui_fail "row $1 is '$(tui_row "$1")', expected '$2'"
		sleep 0.1
	done
	tui_ok "row $1 is '$2'"
}

# tui_goto VERTEX SIZE: move the cursor there with the arrow keys, from
# where it is (it starts in the middle of the board).
tui_goto() {
	tui_letters=ABCDEFGHJKLMNOPQRST
	tui_col=${1%%[0-9]*}
	tui_num=${1#?}
	tui_x=$(($(expr index "$tui_letters" "$tui_col") - 1))
	tui_y=$(($2 - tui_num))
	if [ "$tui_cx" -lt 0 ]; then
		tui_cx=$(($2 / 2))
		tui_cy=$(($2 / 2))
	fi
	while [ "$tui_cx" -lt "$tui_x" ]; do tui_keys Right; tui_cx=$((tui_cx + 1)); done
	while [ "$tui_cx" -gt "$tui_x" ]; do tui_keys Left; tui_cx=$((tui_cx - 1)); done
	while [ "$tui_cy" -lt "$tui_y" ]; do tui_keys Down; tui_cy=$((tui_cy + 1)); done
	while [ "$tui_cy" -gt "$tui_y" ]; do tui_keys Up; tui_cy=$((tui_cy - 1)); done
}

# tui_cursor_reset: a game was opened: the cursor is in the middle again.
tui_cursor_reset() {
	tui_cx=-1
}

# tui_play VERTEX SIZE: move there and press Enter; waits for the move.
tui_play() {
	tui_goto "$1" "$2"
	tui_keys Enter
	tui_wait "played $1"
}

# tui_pid: the process id of tengen in the pane.
tui_pid() {
	tmux -L "$tui_sock" display-message -p -t tui '#{pane_pid}'
}

# tui_dead: true once tengen has exited.
tui_wait_exit() {
	tui_deadline=$(($(date +%s) + tui_timeout))
	while [ "$(tmux -L "$tui_sock" display-message -p -t tui '#{pane_dead}')" != 1 ]; do
		[ "$(date +%s)" -ge "$tui_deadline" ] && tui_fail "tengen did not exit"
		sleep 0.1
	done
	tui_ok "tengen exited"
}

# tui_file_has FILE TEXT: the file exists and contains TEXT.
tui_file_has() {
	[ -f "$1" ] || tui_fail "no file $1"
	grep -F -q -e "$2" "$1" || { cat "$1" >&2; tui_fail "$1 lacks $2"; }
	tui_ok "$(basename "$1") has $2"
}

tui_file_lacks() {
	[ -f "$1" ] || tui_fail "no file $1"
	if grep -F -q -e "$2" "$1"; then
		cat "$1" >&2
		tui_fail "$1 has $2"
	fi
	tui_ok "$(basename "$1") has no $2"
}

# tui_click X Y: a left click at column X, line Y (0-based), as an xterm
# sends it (X10 encoding: ESC [ M, button, column + 33, line + 33).
tui_click() {
	b=$(printf "\\$(printf '%03o' $((32)))")
	x=$(printf "\\$(printf '%03o' $(($1 + 33)))")
	y=$(printf "\\$(printf '%03o' $(($2 + 33)))")
	r=$(printf "\\$(printf '%03o' $((35)))")
	tui_keys -l "$(printf '\033[M')$b$x$y"
	tui_keys -l "$(printf '\033[M')$r$x$y"
}

# now_ms: milliseconds on the wall clock, for intervals.
now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

tui_done() {
	echo "$tui_name: $tui_checks checks passed"
	exit 0
}
