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

The port it listens on is written to PORT_FILE."""
import http.client
import http.server
import sys
import time

port_file, log, server_port, modes = sys.argv[1:5]
modes = modes.split(",")


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else None
        with open(log, "a") as f:
            f.write(self.command + " " + self.path + "\n")
        if "quiet-polls" in modes and self.path.startswith("/events"):
            since = self.path.split("since=")[1].split("&")[0]
            self.reply(200, "application/json",
                       b'{"events":[],"last":%s}' % since.encode())
            return
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
        self.reply(r.status, r.getheader("Content-Type") or "application/json",
                   reply)

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
