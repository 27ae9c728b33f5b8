#!/bin/sh
# test-server-login.sh: failed logins lock a name for a while.  Four
# failures in a row are free; the fifth locks the name for --login-lockout
# seconds, during which even the right password gets 429 with Retry-After;
# each further failure doubles the lock; the right password afterwards
# clears the count.  Names no account has are treated alike, and other names
# are not touched, nor kept out by any number of failures for others.  Registrations and failed logins from one address are
# limited too.  A user keeps the 16 latest logins.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"
# A lock of 2 s, 4 s once doubled: each check below has a second or more to
# spare on a slow machine.
server_start --login-lockout 2 --address-limit 3

carol=$(user carol)
dave=$(user dave)
[ -n "$carol" ] && [ -n "$dave" ] || { echo "no tokens" >&2; exit 99; }

# login NAME PASSWORD: the status of one login.
login() {
	call POST /login '' "{\"name\":\"$1\",\"password\":\"$2\"}"
}

for i in 1 2 3 4 5; do
	login carol wrong-password
	ok "$STATUS/$(jo .error)" 401/bad_login "wrong password $i: 401"
done
login carol secret-carol
ok "$STATUS/$(jo .error)/$(jo .retry_after)" 429/too_many_attempts/2 \
	"the right password during the lock: 429"
retry=$(curl -s -o /dev/null -D - -X POST -H 'Content-Type: application/json' \
	--data-binary '{"name":"carol","password":"secret-carol"}' "$URL/login" |
	tr -d '\r' | sed -n 's/^[Rr]etry-[Aa]fter: //p')
# The seconds left, rounded up: 2, or 1 on a machine so busy that a second
# has gone by since the fifth failure.
ok "$(echo "$retry" | grep -c '^[12]$')" 1 "with a Retry-After header ($retry)"
login dave secret-dave
ok "$STATUS" 200 "another name is not locked"

for i in 1 2 3 4 5; do
	login nobody wrong-password
done
login nobody wrong-password
ok "$STATUS/$(jo .error)" 429/too_many_attempts \
	"a name without an account is locked alike"

sleep 2.3
login carol secret-carol
ok "$STATUS" 200 "after the lock the right password works"
login carol wrong-password
ok "$STATUS" 401 "and the count starts again"

# Five more failures lock for 2 s; the sixth, after it, for 4 s: 2.6 s
# later the name is still locked, for a second or two more.
for i in 2 3 4 5; do
	login carol wrong-password
done
sleep 2.3
login carol wrong-password
ok "$STATUS" 401 "a failure after the lock is answered"
sleep 2.6
login carol secret-carol
case $(jo .retry_after) in 1|2) left=ok ;; *) left=$(jo .retry_after) ;; esac
ok "$STATUS/$left" 429/ok "and locks twice as long"
sleep 1.6
login carol secret-carol
ok "$STATUS" 200 "until that lock ends too"

# Wrong logins sent at once are counted as they come in, not once their
# passwords are checked: of eight at the same moment, four are free, the
# fifth locks, and the other three find the name locked.
pids=
for i in 1 2 3 4 5 6 7 8; do
	curl -s -o /dev/null -w '%{http_code}\n' -X POST \
		-H 'Content-Type: application/json' \
		--data-binary '{"name":"erin","password":"wrong-password"}' \
		"$URL/login" >"$tmp/erin.$i" &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
ok "$(cat "$tmp"/erin.* | sort | uniq -c | awk '{ printf "%s%sx%s", s, $1, $2; s = "," }')" \
	"5x401,3x429" "eight wrong logins at once: five answered, three locked out"

# A name keeps its count however many other names fail, and no failures
# for other names or from other addresses keep a name or an address out.
# Frank fails four times, and an address three times; then 12000 failed
# logins, each for a name of its own from an address of its own (as a proxy
# on this machine names it), far more than the 4096 places counted at
# first.  Dave, who has not failed, still logs in, from this machine and
# from an address new to the server; frank's fifth failure locks him, and
# the address is still refused.
for i in 1 2 3 4; do
	login frank wrong-password
done
for i in 1 2 3; do
	STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST \
		-H "X-Forwarded-For: 192.0.2.99" -H 'Content-Type: application/json' \
		--data-binary '{"name":"henry","password":"wrong-password"}' \
		"$URL/login")
done
ok "$STATUS" 401 "three failures from 192.0.2.99"
awk -v url="$URL/login" 'BEGIN {
	for (i = 0; i < 12000; i++) {
		printf "url = \"%s\"\n", url
		printf "header = \"Content-Type: application/json\"\n"
		printf "header = \"X-Forwarded-For: 10.%d.%d.%d\"\n",
		    int(i / 65536), int(i / 256) % 256, i % 256
		printf "data = \"{\\\"name\\\":\\\"x%d\\\",", i
		printf "\\\"password\\\":\\\"wrong-password\\\"}\"\n"
		printf "output = \"/dev/null\"\n"
		printf "write-out = \"%%{http_code}\\n\"\n"
		if (i < 11999)
			printf "next\n"
	}
}' >"$tmp/flood"
ok "$(curl -s -K "$tmp/flood" | sort | uniq -c | awk '{ printf "%s%sx%s", s, $1, $2; s = "," }')" \
	"12000x401" "12000 failed logins for other names from other addresses"
login dave secret-dave
ok "$STATUS" 200 "dave still logs in"
STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST \
	-H "X-Forwarded-For: 198.51.100.200" -H 'Content-Type: application/json' \
	--data-binary '{"name":"dave","password":"secret-dave"}' "$URL/login")
ok "$STATUS" 200 "and from an address new to the server"
login frank wrong-password
ok "$STATUS" 401 "frank's fifth failure is answered"
login frank wrong-password
ok "$STATUS/$(jo .error)" 429/too_many_attempts \
	"frank's count was kept: his fifth failure locked him"
STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST \
	-H "X-Forwarded-For: 192.0.2.99" -H 'Content-Type: application/json' \
	--data-binary '{"name":"henry","password":"wrong-password"}' "$URL/login")
ok "$STATUS/$(jo .error)" 429/too_many_attempts \
	"192.0.2.99's count was kept: a fourth attempt waits"

call GET /rooms ''
ok "$STATUS" 200 "the server is still up"

# Registrations and failed logins from one client address are limited
# (--address-limit 3 here): the fourth from 192.0.2.7, as a proxy on this
# machine names it in X-Forwarded-For, is answered 429 before any password
# is hashed, while other addresses, the games and the lobby go on.  The
# requests above came from this machine with no X-Forwarded-For: not
# limited.
# from ADDRESS PATH NAME PASSWORD: a registration or login said to come
# from ADDRESS.
from() {
	STATUS=$(curl -s -o "$tmp/out" -D "$tmp/head" -w '%{http_code}' -X POST \
		-H "X-Forwarded-For: $1" -H 'Content-Type: application/json' \
		--data-binary "{\"name\":\"$3\",\"password\":\"$4\"}" "$URL$2")
}
t=$(newgame "$carol" "$dave" '"size":9,"main_time":600,"move_limit":0,"overtime":30')
for n in r1 r2 r3; do
	from 192.0.2.7 /register "$n" secret-x
	ok "$STATUS" 201 "registration $n from 192.0.2.7"
done
from 192.0.2.7 /register r4 secret-x
ok "$STATUS/$(jo .error)" 429/too_many_attempts "a fourth from the same address: 429"
ok "$(tr -d '\r' <"$tmp/head" | sed -n 's/^[Rr]etry-[Aa]fter: //p' | grep -c '^[1-9][0-9]*$')" 1 \
	"with a Retry-After header"
from 198.51.100.1 /login r4 secret-x
ok "$STATUS/$(jo .error)" 401/bad_login "r4 was not made"
play "$carol" "$t" E5
call GET /rooms ''
ok "$STATUS" 200 "the lobby answers meanwhile"
from "192.0.2.7, 203.0.113.5" /register r5 secret-x
ok "$STATUS" 201 "the address the proxy saw (the last one) counts"
# A proxy that adds its own header line after the client's (HAProxy's
# "option forwardfor"): the last line counts, not the client's word.
STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST \
	-H "X-Forwarded-For: 198.51.100.77" -H "X-Forwarded-For: 192.0.2.7" \
	-H 'Content-Type: application/json' \
	--data-binary '{"name":"r6","password":"secret-x"}' "$URL/register")
ok "$STATUS/$(jo .error)" 429/too_many_attempts \
	"of two X-Forwarded-For lines, the proxy's last one counts"
from 192.0.2.8 /login r1 wrong-password
from 192.0.2.8 /login r2 wrong-password
from 192.0.2.8 /login r1 secret-x
ok "$STATUS" 200 "two failed logins from 192.0.2.8, then a right one"
from 192.0.2.8 /login r3 wrong-password
ok "$STATUS" 401 "a third failure"
from 192.0.2.8 /login r1 secret-x
ok "$STATUS/$(jo .error)" 429/too_many_attempts \
	"three failures: even a right password from there waits"
play "$dave" "$t" C3

# A user keeps the 16 latest logins: the seventeenth ends the first, even
# when all were made within one second, and the table of tokens does not
# grow with every login.  A name of its own: erin's above may be locked
# still on a fast machine.
first=$(user gina)
call GET /user "$first"
ok "$STATUS/$(jo .name)" 200/gina "gina's first login serves"
got=0
for i in $(seq 16); do
	login gina secret-gina
	tok=$(jo .token)
	[ "$STATUS" = 200 ] && [ ${#tok} -eq 64 ] && got=$((got + 1))
	[ "$i" = 1 ] && second=$tok
done
ok "$got" 16 "sixteen more logins, each with its token"
call GET /user "$first"
ok "$STATUS/$(jo .error)" 401/bad_token "the first of seventeen logins has ended"
call GET /user "$second"
ok "$STATUS/$(jo .name)" 200/gina "the second serves still"
call GET /user "$tok"
ok "$STATUS/$(jo .name)" 200/gina "the latest serves"
if command -v python3 >/dev/null 2>&1; then
	ok "$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT count(*) FROM tokens JOIN users"
                 " ON users.id = tokens.user_id WHERE name = ?",
                 ("gina",)).fetchone()[0])' "$tmp/db")" 16 \
		"gina has 16 tokens in the database"
fi

finish
