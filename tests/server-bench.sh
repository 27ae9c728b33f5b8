#!/bin/sh
# server-bench.sh GAMES SECONDS: a private tengend on loopback with a
# temporary database, and tests/server-load against it; prints the load
# tool's numbers and the server's CPU time and memory.
set -u
games=${1:-1000}
seconds=${2:-30}
builddir=${top_builddir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/server-bench.XXXXXX") || exit 1
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
"$builddir/src/tengend" --db "$tmp/db" --port 0 --port-file "$tmp/port" \
	--pwhash min --quiet --max-connections 20000 &
pid=$!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.05; done
timeout $((seconds + 300)) "$builddir/tests/server-load" \
	--port "$(cat "$tmp/port")" --games "$games" --seconds "$seconds"
rc=$?
# utime and stime (clock ticks) and the resident set of the server.
set -- $(cut -d' ' -f14,15 /proc/$pid/stat 2>/dev/null)
hz=$(getconf CLK_TCK)
[ $# = 2 ] && echo "tengend CPU: $(( ($1 + $2) / hz )) s in all;" \
	"memory: $(awk '/VmRSS/ { print $2 " kB" }' /proc/$pid/status)"
exit $rc
