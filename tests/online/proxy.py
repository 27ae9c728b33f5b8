#!/usr/bin/env python3
"""proxy.py PORT_FILE LOG SERVER_PORT MODES: an HTTP proxy in front of a
tengend on loopback, for tests/test-online-*.sh, that misbehaves as a
real link or proxy may.  Every request is forwarded to 127.0.0.1:SERVER_PORT
and its path written to LOG, except as MODES (one, or several joined by
commas) say:

  quiet-polls  every GET /events is answered at once, with no events
  resync       every GET /events is answered at once: start over from
               the state (as a server does whose events were lost)
  slow-state   every GET /state is read from the server at once ("read
               PATH", with " playing" when a game is on, in LOG) and its
               reply held back for two seconds: it lands after the events
               that followed it
  slow-leave   every POST /table/leave waits two seconds before it goes
               to the server: what happens meanwhile overtakes it; and so
               do every POST /table/start and GET /user (the check of a
               login kept)
  held-move    every POST /game/move goes to the server at once, and its
               reply waits until the file PORT_FILE.go exists, then a
               second more; from the first move until the file exists,
               every GET /events is answered at once with a resync and
               every GET /state waits: the player reads what happened
               meanwhile (the move taken back, say) in a state that lands
               before the move's reply
  held-rooms   every GET /rooms waits until the file PORT_FILE.go exists

The port it listens on is written to PORT_FILE."""
import http.client
import http.server
import os
import sys
import time

port_file, log, server_port, modes = sys.argv[1:5]
modes = modes.split(",")
go_file = port_file + ".go"
moved = False


def wait_go():
    """Until the test says go (at most 30 seconds)."""
    for _ in range(600):
        if os.path.exists(go_file):
            return
        time.sleep(0.05)


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        global moved
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else None
        with open(log, "a") as f:
            f.write(self.command + " " + self.path + "\n")
        if "quiet-polls" in modes and self.path.startswith("/events"):
            since = self.path.split("since=")[1].split("&")[0]
            self.reply(200, "application/json",
                       b'{"events":[],"last":%s}' % since.encode())
            return
        if "held-move" in modes and self.path.startswith("/game/move"):
            moved = True
        if self.held() and self.path.startswith("/state"):
            wait_go()
        if "held-rooms" in modes and self.path.startswith("/rooms"):
            wait_go()
        if "resync" in modes and self.path.startswith("/events"):
            self.reply(200, "application/json", b'{"resync":true}')
            return
        if "slow-leave" in modes and (self.path.startswith("/table/leave")
                                     or self.path.startswith("/table/start")
                                     or self.path == "/user"):
            time.sleep(2)
        c = http.client.HTTPConnection("127.0.0.1", int(server_port))
        head = {k: v for k, v in self.headers.items()
                if k.lower() in ("authorization", "content-type")}
        c.request(self.command, self.path, body, head)
        r = c.getresponse()
        reply = r.read()
        if "slow-state" in modes and self.path.startswith("/state"):
            playing = b'"status":"playing"' in reply.replace(b" ", b"")
            with open(log, "a") as f:
                f.write("read " + self.path +
                        (" playing" if playing else "") + "\n")
            time.sleep(2)
        if "held-move" in modes and self.path.startswith("/game/move"):
            wait_go()
            time.sleep(1)
        if self.held() and self.path.startswith("/events"):
            # (Also a poll sent before the move: its events may hold it.)
            reply = b'{"resync":true}'
        self.reply(r.status, r.getheader("Content-Type") or "application/json",
                   reply)

    def held(self):
        return ("held-move" in modes and moved and
                not os.path.exists(go_file))

    def reply(self, status, ctype, body):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, *args):
        pass


s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
with open(port_file, "w") as f:
    f.write(str(s.server_port))
s.serve_forever()
