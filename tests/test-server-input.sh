#!/bin/sh
# test-server-input.sh: bad input.  Every request is checked: size, JSON,
# types, ranges, UTF-8, tokens; each refusal is a JSON error with an HTTP
# status, and the server stays up and correct after all of them.  New
# names that would pass for others are refused.  A second server on the
# same port or database refuses to start; --listen :: takes IPv4 clients.  Connections
# from one address are limited when asked.
set -u
. "${top_srcdir:-.}/tests/server/lib.sh"

# A command line with a number that is not one, or not whole where it
# must be, is refused with status 2 before anything starts.
for a in "--port 1.5" "--poll-timeout nan" "--escape-seconds inf" \
    "--threads 2.5" "--max-connections 1e9" "--connections-per-address -1"; do
	# shellcheck disable=SC2086
	timeout 5 "$tengend" --db "$tmp/cmdline.db" $a >/dev/null 2>&1
	ok "$?" 2 "tengend $a: refused"
done
[ ! -e "$tmp/cmdline.db" ]
ok "$?" 0 "and nothing was created"

server_start

# One server per port and per database: a second one refuses to start,
# saying why, and the first goes on.
timeout 10 "$tengend" --db "$tmp/other.db" --port "$PORT" --quiet \
	>/dev/null 2>"$tmp/second.err"
ok "$?/$(grep -c "cannot listen on 127.0.0.1 port $PORT" "$tmp/second.err")" \
	"1/1" "a second tengend on the same port: refused"
timeout 10 "$tengend" --db "$tmp/db" --port 0 --quiet \
	>/dev/null 2>"$tmp/second.err"
ok "$?/$(grep -c "another tengend serves from this database" "$tmp/second.err")" \
	"1/1" "a second tengend on the same database: refused"
call GET /rooms ""
ok "$STATUS" 200 "the first one still answers"

# --listen :: takes IPv4 clients as well as IPv6 ones.
"$tengend" --db "$tmp/v6.db" --listen :: --port 0 --port-file "$tmp/v6port" \
	--pwhash min --quiet 2>"$tmp/v6.err" &
v6=$!
for _ in $(seq 100); do
	[ -s "$tmp/v6port" ] || ! kill -0 $v6 2>/dev/null && break
	sleep 0.05
done
if [ -s "$tmp/v6port" ]; then
	v6port=$(cat "$tmp/v6port")
	ok "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$v6port/rooms")" \
		200 "--listen :: answers on 127.0.0.1"
	ok "$(curl -s -o /dev/null -w '%{http_code}' "http://[::1]:$v6port/rooms")" \
		200 "and on ::1"
else
	echo "# no IPv6 here ($(cat "$tmp/v6.err")): --listen :: not checked"
fi
kill $v6 2>/dev/null
wait $v6 2>/dev/null

alice=$(user alice)
bob=$(user bob)

# refuse STATUS ERROR METHOD PATH TOKEN BODY DESCRIPTION
refuse() {
	call "$3" "$4" "$5" "$6"
	ok "$STATUS/$(jo -e .error 2>/dev/null || echo not-json)" "$1/$2" "$7"
}

refuse 400 bad_json POST /register '' '{"name":"x",' "truncated JSON"
refuse 400 bad_json POST /register '' '["name","x"]' "JSON that is not an object"
refuse 400 bad_json POST /register '' 'name=x&password=y' "a form instead of JSON"
refuse 400 bad_json POST /register '' '{"name":"jx","password":"secret-x"} junk' \
	"JSON with more after it"
refuse 400 missing_field POST /register '' '{"name":"carol"}' "a missing field"
refuse 400 bad_field POST /register '' '{"name":7,"password":"secret1"}' "a number for a string"
refuse 400 bad_name POST /register '' '{"name":"a b","password":"secret1"}' "a space in a name"
refuse 400 bad_field POST /register '' '{"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","password":"secret1"}' "a name of 33 bytes"
refuse 400 bad_password POST /register '' '{"name":"carol","password":"123"}' "a short password"
refuse 409 name_taken POST /register '' '{"name":"alice","password":"secret1"}' "a taken name"
refuse 401 bad_login POST /login '' '{"name":"alice","password":"wrong-one"}' "a wrong password"
refuse 401 bad_login POST /login '' '{"name":"nobody","password":"secret1"}' "an unknown player"
refuse 400 bad_field POST /register '' "$(printf '{"name":"c\\u0001","password":"secret1"}')" "a control character"
refuse 400 bad_field POST /register '' "$(printf '{"name":"c\377d","password":"secret1"}')" "bytes that are not UTF-8"

head -c 20000 /dev/zero | tr '\0' 'x' >"$tmp/big"
STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
	--data-binary @"$tmp/big" "$URL/register")
ok "$STATUS/$(jo .error)" 413/too_large "a body over 16 KiB"
# A body said (Content-Length) to be too big is refused before it is read:
# the answer comes though not a byte of the body was sent.
if command -v python3 >/dev/null 2>&1; then
	ok "$(python3 - "$PORT" <<'EOF'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
s.sendall(b"POST /register HTTP/1.1\r\nHost: x\r\n"
          b"Content-Type: application/json\r\n"
          b"Content-Length: 100000000\r\n\r\n")
try:
    print(s.recv(100).split(b" ")[1].decode())
except (socket.timeout, IndexError):
    print("no answer in 5 s")
EOF
)" 413 "a body said to be of 100 MB: 413 before it is sent"
fi
# A body of unsaid length (chunked): 413 once it has all come; one that
# goes on beyond 1 MiB is cut off.
STATUS=$(curl -s -o "$tmp/out" -w '%{http_code}' -X POST -H 'Transfer-Encoding: chunked' \
	-H 'Content-Type: application/json' --data-binary @"$tmp/big" "$URL/register")
ok "$STATUS/$(jo .error)" 413/too_large "a chunked body over 16 KiB"
head -c 2000000 /dev/zero | tr '\0' 'x' >"$tmp/huge"
rm -f "$tmp/out"
curl -s -o "$tmp/out" -X POST -H 'Transfer-Encoding: chunked' \
	-H 'Content-Type: application/json' --data-binary @"$tmp/huge" "$URL/register"
rc=$?
ok "$rc/$(cat "$tmp/out" 2>/dev/null)" "$rc/" "a chunked body of 2 MB: cut off without an answer"
[ "$rc" -ne 0 ]
ok "$?" 0 "(curl says so: exit status $rc)"
call GET /rooms ''
ok "$STATUS" 200 "the server serves on"

refuse 404 no_route GET /nowhere '' '' "an unknown path"
refuse 405 bad_method GET /register '' '' "the wrong method"
refuse 401 no_token POST /table/new '' '{"room":1}' "no token"
refuse 401 bad_token POST /table/new 0123456789abcdef '{"room":1}' "a malformed token"
refuse 401 bad_token POST /table/new "$(printf '%064d' 0)" '{"room":1}' "an unknown token"
refuse 404 no_room POST /table/new "$alice" '{"room":99}' "an unknown room"
refuse 400 bad_field POST /table/new "$alice" '{"room":"1"}' "a string for a number"
refuse 400 bad_field POST /table/new "$alice" '{"room":1.5}' "a fraction for a whole number"
refuse 400 bad_field POST /table/new "$alice" '{"room":1,"size":15,"main_time":60,"move_limit":0,"overtime":10}' "board size 15"
# Every size refused gets the one message that says which are taken.
for size in 7 10 15 9.5 25; do
	call POST /table/new "$alice" "{\"room\":1,\"size\":$size,\"main_time\":60,\"move_limit\":0,\"overtime\":10}"
	ok "$STATUS/$(jo -e .message)" '400/"size" must be 9, 13 or 19' \
		"board size $size: the sizes taken"
done
refuse 400 bad_field POST /table/new "$alice" '{"room":1,"size":9,"main_time":-1,"move_limit":0,"overtime":10}' "negative time"
refuse 400 bad_field POST /table/new "$alice" '{"room":1,"size":9,"main_time":60,"move_limit":0,"overtime":0}' "no time after main time"
refuse 400 bad_field POST /table/new "$alice" '{"room":1,"size":9,"main_time":60,"move_limit":0,"overtime":10,"komi":7.3}' "komi 7.3"
refuse 400 bad_argument GET '/events?table=x&since=0' '' '' "a bad query number"
refuse 400 bad_argument GET '/events?room=1&since=-4' '' '' "a negative since"
refuse 404 no_table GET '/state?table=77' '' '' "an unknown table"
refuse 400 missing_argument GET '/state' '' '' "no table or room"
refuse 400 bad_argument GET '/leaderboard?limit=100000' '' '' "a limit out of range"

call POST /table/new "$alice" '{"room":1,"size":9,"main_time":600,"move_limit":60,"overtime":30}'
ok "$STATUS" 200 "a good table after all that"
t=$(jo .id)
refuse 409 already_seated POST /table/new "$alice" '{"room":1}' "one table at a time"
ok "$(jo .table)" "$t" "the refusal names the table where alice sits"
call POST /table/sit "$bob" "{\"table\":$t}"
call POST /table/start "$alice" "{\"table\":$t}"
call POST /table/start "$bob" "{\"table\":$t}"
refuse 409 not_your_turn POST /game/move "$bob" "{\"table\":$t,\"move\":\"E5\"}" "white before black"
refuse 400 bad_move POST /game/move "$alice" "{\"table\":$t,\"move\":\"K10\"}" "a point off a 9x9 board"
refuse 400 bad_move POST /game/move "$alice" "{\"table\":$t,\"move\":\"resign\"}" "resign is not a move"
refuse 400 bad_field POST /game/move "$alice" "{\"table\":$t,\"move\":[]}" "a move that is not a string"
refuse 400 missing_field POST /game/move "$alice" "{\"move\":\"E5\"}" "a move with no table"
refuse 409 not_counting POST /game/accept "$alice" "{\"table\":$t}" "accepting a count while playing"
refuse 409 no_undo POST /game/undo "$alice" "{\"table\":$t}" "undo with no move"
refuse 400 bad_field POST /chat "$alice" "{\"table\":$t,\"text\":\"\"}" "an empty chat line"
refuse 400 bad_field POST /chat "$alice" "{\"table\":$t,\"text\":\"$(head -c 501 /dev/zero | tr '\0' y)\"}" "a chat line of 501 bytes"

# Only UTF-8 as it should be: no surrogates, no overlong forms, nothing
# above U+10FFFF, no C1 controls; and no NUL, which would cut the text.
for bad in '\355\240\200:a surrogate (U+D800)' '\300\257:an overlong /' \
    '\301\277:an overlong C1' '\340\200\257:an overlong / in 3 bytes' \
    '\340\237\277:an overlong U+07FF' '\360\200\200\257:an overlong / in 4 bytes' \
    '\364\220\200\200:U+110000' '\365\200\200\200:a lead byte F5' \
    '\302\200:the C1 control U+0080' '\302\237:the C1 control U+009F'; do
	refuse 400 bad_field POST /chat "$alice" \
		"$(printf "{\"table\":$t,\"text\":\"a${bad%%:*}b\"}")" \
		"chat with ${bad#*:}"
done
refuse 400 bad_field POST /chat "$alice" "{\"table\":$t,\"text\":\"a\\u0000b\"}" \
	"chat with \\u0000"
ok "$(jo .message)" '"text" must be UTF-8 text without control characters, line separators or direction controls' \
	"which is a control character"
refuse 400 bad_field POST /register '' '{"name":"nul\u0000x","password":"secret1"}' \
	"a name with \\u0000"
# Nor what would reverse or break the lines of others around it.
for bad in '\u202e:a right-to-left override' '\u2066:a direction isolate' \
    '\u2028:a line separator'; do
	refuse 400 bad_field POST /chat "$alice" \
		"{\"table\":$t,\"text\":\"a${bad%%:*}b\"}" "chat with ${bad#*:}"
done
# A new name must not pass for another: nothing that shows as nothing or
# as a space, no full-width or mathematical letters, no format controls,
# no Latin letters with Cyrillic or Greek ones.  Chinese names are fine,
# and Cyrillic or Greek ones.
for bad in 'alice\u200b:a zero-width space' '\u200fecila:a right-to-left mark' \
    '\uff41lice:a full-width letter' 'a\u3000b:an ideographic space' \
    'a\u00a0b:a no-break space' 'alice\u2800:a braille blank' \
    '\ud835\ude8a\ud835\ude95\ud835\ude92\ud835\ude8c\ud835\ude8e:mathematical monospace letters' \
    '\ud835\udc1aa:a mathematical bold letter' '\u210eal:a letterlike h' \
    'a\ud834\udd73b:a musical format control' \
    'a\ud82f\udca0b:a shorthand format control' \
    'a\u0600b:an Arabic number sign' \
    '\u0430lice:a Cyrillic a among Latin letters' \
    'b\u03bfb:a Greek omicron among Latin letters' \
    '\u0418\u0432\u0430n:a Latin n among Cyrillic letters' \
    '\u0391\u0432:Greek with Cyrillic'; do
	refuse 400 bad_name POST /register '' \
		"{\"name\":\"${bad%%:*}\",\"password\":\"secret1\"}" \
		"a new name with ${bad#*:}"
done
call POST /register '' '{"name":"\u9648\u5e73","password":"secret1"}'
ok "$STATUS" 201 "a Chinese name is one"
for good in '\u0418\u0432\u0430\u043d2:a Cyrillic name' \
    '\u0395\u03bb\u03ad\u03bd\u03b7:a Greek name' 'Jos\u00e9:a Latin name with an accent' \
    'li\u9648:Latin letters with Chinese'; do
	call POST /register '' "{\"name\":\"${good%%:*}\",\"password\":\"secret1\"}"
	ok "$STATUS" 201 "${good#*:} is one"
done
# Nor may it look like a name that is taken: the same letters in another
# case, I or 1 for l (and so for i), 0 for O, rn for m, Cyrillic or Greek
# letters of Latin shape for the Latin ones.  The answer names the other.
call POST /register '' '{"name":"Ape","password":"secret1"}'
ok "$STATUS" 201 "Ape is a name"
call POST /register '' '{"name":"mary","password":"secret1"}'
ok "$STATUS" 201 "mary is a name"
for alike in 'Alice:alice:another case' 'AIice:alice:a capital I for l' \
    'a1ice:alice:a 1 for l' 'ALICE:alice:capitals' \
    '\u0410\u0440\u0435:Ape:Cyrillic letters of Latin shape' \
    '\u0391\u03c1\u03b5:Ape:Greek letters of Latin shape, and a Greek epsilon' \
    'rnary:mary:rn for m' 'MARY:mary:capitals with an M' \
    'Ap\u0435:Ape:a Cyrillic e among Latin letters'; do
	name=${alike%%:*}; rest=${alike#*:}
	call POST /register '' "{\"name\":\"$name\",\"password\":\"secret1\"}"
	case $rest in
	*:"a Cyrillic e among"*)
		# Mixed scripts are refused before their look is compared.
		ok "$STATUS/$(jo .error)" 400/bad_name "a new name with ${rest#*:}" ;;
	*"Greek epsilon"*)
		# A Greek epsilon does not look like e: another name.
		ok "$STATUS" 201 "a Greek name with an epsilon is one" ;;
	*)
		ok "$STATUS/$(jo .error)" 409/name_taken "a new name with ${rest#*:}"
		ok "$(jo .message)" "the name $(printf '"%s"' "$name" | jq -r .) is taken: it looks like ${rest%%:*}" \
			"which says whose name it looks like" ;;
	esac
done
call POST /register '' '{"name":"alice","password":"secret1"}'
ok "$STATUS/$(jo .message)" "409/the name alice is taken" \
	"the very name is taken, and the answer says no more"
call POST /login '' '{"name":"Alice","password":"secret-alice"}'
ok "$STATUS/$(jo .error)" 401/bad_login "a login is for the name as written"
call POST /register '' '{"name":"Jose","password":"secret1"}'
ok "$STATUS" 201 "an accent makes another name: Jose beside Jos\u00e9"
call POST /chat "$alice" "{\"table\":$t,\"text\":\"\\\\u0000 \\\\ \\u00e9 \\ud83d\\ude00 \\u00a0 $(printf '\360\237\230\200\364\217\277\277')\"}"
ok "$STATUS" 200 "a written backslash-u0000, U+00E9, U+00A0, an emoji and U+10FFFF are fine"
events "$t" 0 | jq -r '[.events[] | select(.type == "chat")] | last | .text' >"$tmp/chat"
ok "$(cat "$tmp/chat")" "\\u0000 \\ é 😀 $(printf '\302\240 \360\237\230\200\364\217\277\277')" \
	"and kept as sent"

# A name asked for must be one: an overlong or broken one is refused, and
# no message ends in half a character.
long=a$(for i in $(seq 200); do printf '%%E5%%A5%%BD'; done)
for q in "$long:a and 200 Chinese characters" "%FF:a byte that is not UTF-8" \
    "%ED%A0%80:a surrogate" "a%20b:a space"; do
	call GET "/user?name=${q%%:*}" ""
	ok "$STATUS/$(jo .error)" 400/bad_argument "GET /user with ${q#*:}"
	ok "$(iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1 && echo valid)" valid \
		"the answer is valid UTF-8"
done
call GET "/user?name=%E5%A5%BD%E5%A5%BD" ""
ok "$STATUS/$(jo .error)" 404/no_user "a Chinese name nobody has: 404"

# Ko and suicide come with their reasons.
for m in "alice D5" "bob E5" "alice E4" "bob F4" "alice E6" "bob F6" "alice F5"; do
	set -- $m
	[ $1 = alice ] && tok=$alice || tok=$bob
	play "$tok" "$t" "$2"
done
refuse 409 suicide POST /game/move "$bob" "{\"table\":$t,\"move\":\"E5\"}" "suicide"
play "$bob" "$t" G5
play "$alice" "$t" A1
play "$bob" "$t" E5
refuse 409 ko POST /game/move "$alice" "{\"table\":$t,\"move\":\"F5\"}" "ko"

call GET "/state?table=$t" ""
ok "$(jo '.game.moves | length')/$(jo .game.captured_by_black)/$(jo .game.captured_by_white)" \
	10/1/1 "the game is intact"

# New tables and leaving them, over and over: an empty table is taken
# again, so the tables do not pile up without end; its finished game
# goes with it.
call POST /game/resign "$alice" "{\"table\":$t}"
call POST /table/leave "$alice" "{\"table\":$t}"
call POST /table/leave "$bob" "{\"table\":$t}"
call GET "/rooms" ""
before=$(jo '.rooms[0].tables')
for i in 1 2 3 4 5 6 7 8 9 10; do
	call POST /table/new "$alice" '{"room":1}'
	again=$(jo .id)
	call POST /table/leave "$alice" "{\"table\":$again}"
done
call GET "/rooms" ""
ok "$(jo '.rooms[0].tables')" "$before" "ten new tables left at once: no table more"
call POST /table/new "$alice" '{"room":1,"size":9,"main_time":600,"move_limit":60,"overtime":30}'
ok "$(jo .id)/$(jo .game)/$(jo .rules_fixed)" "$t/null/false" \
	"the empty table is taken again, without its old game"
server_kill
server_start
call GET "/state?table=$t" ""
ok "$(jo .game)/$(jo '.seats[0].name')" "null/alice" \
	"and after a restart too"

# --connections-per-address: a fourth connection from one address while
# three are open is closed at once; once one of them closes, it is served.
if command -v python3 >/dev/null 2>&1; then
	server_kill
	server_start --connections-per-address 3
	python3 - "$PORT" "$tmp/conn" <<'EOF' &
import socket, sys, time, os
held = [socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        for _ in range(3)]
open(sys.argv[2], "w").close()
while os.path.exists(sys.argv[2]):
    time.sleep(0.05)
held[0].close()
open(sys.argv[2] + ".closed", "w").close()
time.sleep(30)
EOF
	holder=$!
	for _ in $(seq 100); do [ -e "$tmp/conn" ] && break; sleep 0.05; done
	call GET /rooms ''
	ok "$STATUS" 000 "a fourth connection from one address: closed"
	rm -f "$tmp/conn"
	for _ in $(seq 100); do [ -e "$tmp/conn.closed" ] && break; sleep 0.05; done
	sleep 0.2
	call GET /rooms ''
	ok "$STATUS" 200 "one of the three closed: served"
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
fi
finish
