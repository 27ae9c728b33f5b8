#!/bin/sh
# test-online-reconnect.sh: connections that fail.  A client killed in the
# middle of a game: the opponent sees the drop and the time left to come
# back, plays on, asks for an undo, and the restarted client logs in with
# its kept token (mode 0600), goes straight back to the game, is asked the
# question, and continues.  The server
# killed and restarted: both clients show "Reconnecting", a move made
# during the drop arrives once, not lost and not doubled.  A server that is
# not there, an address that is not one, a server that answers HTML and
# one whose reply never ends get a message, not a crash; a proxy that
# answers every poll at once does not make the client poll in a loop.
. "${top_srcdir:-.}/tests/online/lib.sh"
on_init test-online-reconnect
on_server

on_start alice
on_register alice
on_start bob
on_register bob
on_table alice bob
on_play alice E5
on_wait bob "Black played E5"

tokens="$on_tmp/alice/config/tengen/tokens"
[ "$(stat -c %a "$tokens")" = 600 ] || on_fail "$tokens is not mode 600"
on_ok "the token file has mode 600"
grep -q "^$URL alice [0-9a-f]\{64\}\$" "$tokens" || on_fail "no token kept"
on_ok "the token is kept for the server"

# alice's tengen dies.
kill -9 "$(tmux -L "$on_sock" display-message -p -t alice '#{pane_pid}')"
on_wait bob "disconnected:"
on_wait bob "left to come back"
on_play bob C3
# bob asks to take C3 back while alice is away: the question waits for her.
on_keys bob z
on_wait bob "White asks to take back a move"

# alice comes back: no login, straight to the game, with bob's move (the
# server's address written with a slash at the end is the same server),
# and the question asked while she was away.
url=$URL
URL=$url/
on_start alice
URL=$url
on_wait alice "Your opponent asks to take back a move. Allow it?"
on_wait bob "Black is back"
on_keys alice Escape
on_wait bob "The undo was declined"
on_ok "an undo asked during a drop is asked on coming back"
on_wait alice "Move 2: Black to play (you)"
on_expect_row alice 3 ". . O . . . + . ."
on_expect_row alice 5 ". . . . X . . . ."
on_goto alice D4 9
on_keys alice Enter
on_wait bob "Black played D4"

# The server goes away; bob moves meanwhile; the server comes back.
port=$PORT
on_server_stop -9
on_wait alice "Reconnecting"
on_wait bob "Reconnecting"
# A chat line that cannot be sent is not lost: it is back on the line.
on_keys bob t
on_type bob "still there?"
on_keys bob Enter
sleep 1		# (the refused connection answers at once)
on_wait bob "> still there?_"
on_keys bob Escape
on_goto bob G7 9
on_keys bob Enter
on_wait bob "Sending G7"
sleep 1
on_server "$port"
on_wait alice "Move 4: Black to play (you)"
on_wait bob "Move 4: Black to play"
on_expect_row alice 7 ". . + . . . O . ."
on_expect_row bob 7 ". . + . . . O . ."
# Once more, to be sure nothing else arrives.
sleep 2
on_screen alice | grep -q "Move 4: Black to play" ||
	on_fail "the move made during the drop was doubled or lost"
on_ok "the move made during the drop came once"
on_play alice F6
on_wait bob "Black played F6"
# bob's move of the drop is no longer on its way, whichever of its reply,
# its event and the state read on reconnecting came first.
on_play bob C7
on_wait alice "White played C7"

# A client started while the server is down keeps its login, and Enter
# asks again once the server is back: straight into the game.
port=$PORT
on_keys alice Q
sleep 1
on_server_stop
on_start alice
on_wait alice "Enter tries again"
on_server "$port"
# Another name without a password does not go on with alice's login.
on_keys alice Up BSpace BSpace BSpace BSpace BSpace
on_type alice zed
on_keys alice Enter
on_wait alice " >  Password"
on_keys alice Enter
on_wait alice "Fill in the server, your name and your password"
on_ok "a kept login is not taken for another name"
on_keys alice Up BSpace BSpace BSpace
on_type alice alice
on_keys alice Enter
on_wait alice " >  Password"
on_keys alice Enter
on_wait alice "Move 6: Black to play (you)"
on_ok "a login kept while the server was down serves once it is back"

# The server starts over on a new database: the logins it gave are gone.
# Both clients say so and go back to the login instead of trying for
# ever, and the dead token is not kept.
port=$PORT
on_server_stop -9
rm -f "$on_tmp/db" "$on_tmp/db-wal" "$on_tmp/db-shm"
on_server "$port"
on_wait alice "The login has expired: log in again"
on_wait bob "The login has expired: log in again"
on_wait alice "Password"
if grep -q "^$URL alice " "$tokens"; then
	on_fail "the dead token is still kept"
fi
on_ok "a login the server no longer knows is dropped"

# No server there, and not a server address.
URL=http://127.0.0.1:1
on_start dave
on_wait dave "Password"
on_type dave dave
on_keys dave Tab
on_type dave secret-dave
on_keys dave Enter
on_wait dave "cannot reach http://127.0.0.1:1"
URL=ftp://example.org
on_start erin
on_wait erin "Password"
on_type erin erin
on_keys erin Tab
on_type erin secret-erin
on_keys erin Enter
on_wait erin "not a server address"
on_keys erin Escape
on_wait erin "Start game"

# A server that answers, but not as tengend does: HTML to everything; then
# one whose reply never ends (chunked, no length said: 64 MiB and on).
garbage_server() {
	rm -f "$on_tmp/garbage-port"
	python3 -c '
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def answer(self):
        n = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(n)
        if sys.argv[2] == "redirect":
            self.send_response(301)
            self.send_header("Location", "https://example.org/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        if sys.argv[2] == "html":
            body = b"<html><body>It works!</body></html>"
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"[" * 65536
        try:
            for i in range(1024):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass
        self.close_connection = True
    do_GET = do_POST = answer
    def log_message(self, *args):
        pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1], "w").write(str(s.server_port))
s.serve_forever()
' "$on_tmp/garbage-port" "$1" &
	garbage=$!
	on_pids="${on_pids:-} $garbage"
	i=0
	while [ ! -s "$on_tmp/garbage-port" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	URL=http://127.0.0.1:$(cat "$on_tmp/garbage-port")
}
if command -v python3 >/dev/null 2>&1; then
	garbage_server html
	on_start fred
	on_wait fred "Password"
	on_type fred fred
	on_keys fred Tab
	on_type fred secret-fred
	on_keys fred Enter
	on_wait fred "not a tengen server"
	on_keys fred Escape
	on_wait fred "Start game"
	kill "$garbage" 2>/dev/null
	on_ok "a server that answers garbage gets a message, not a crash"
	garbage_server endless
	on_start gina
	on_wait gina "Password"
	on_type gina gina
	on_keys gina Tab
	on_type gina secret-gina
	on_keys gina Enter
	on_wait gina "larger than 16 MiB"
	on_keys gina Escape
	on_wait gina "Start game"
	kill "$garbage" 2>/dev/null
	on_ok "a reply that never ends is cut at 16 MiB, with a message"
	garbage_server redirect
	on_start jane
	on_wait jane "Password"
	on_type jane jane
	on_keys jane Tab
	on_type jane secret-jane
	on_keys jane Enter
	on_wait jane "sends elsewhere (HTTP 301) to https://example.org/"
	on_keys jane Escape
	on_wait jane "Start game"
	kill "$garbage" 2>/dev/null
	on_ok "a server address that redirects says where to"

	# A proxy in front of tengend that answers every poll for events at
	# once, with none: the client polls about once a second, not in a
	# tight loop.
	# through MODE NAME PATTERN: NAME logs in through such a proxy;
	# ASKED, the requests matching PATTERN it sees in the 8 s after.
	through() {
		on_proxy "$1"
		url=$URL
		URL=$PROXY_URL
		on_start "$2"
		on_register "$2"
		URL=$url
		: >"$PROXY_LOG"
		sleep 8
		asked=$(grep -c "$3" "$PROXY_LOG")
	}
	# Eight seconds of polls answered at once: a few, not thousands.
	through quiet-polls hana "^GET /events"
	[ "$asked" -ge 4 ] && [ "$asked" -le 12 ] ||
		on_fail "$asked polls in 8 s through a proxy that answers at once"
	on_ok "a poll answered at once with nothing waits: $asked polls in 8 s"
	# One that always says to start over from the state: the same.
	through resync ivan "^GET /events\|^GET /state"
	[ "$asked" -ge 4 ] && [ "$asked" -le 24 ] ||
		on_fail "$asked polls and states in 8 s through a proxy that says resync"
	on_ok "a poll that says resync at once waits: $asked polls and states in 8 s"
else
	echo "# python3 not found: the server that answers garbage is not tried"
fi
on_done
