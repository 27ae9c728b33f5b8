#!/bin/sh
# test-tui-computer.sh: games against the computer.  With --pace off the
# reply shows as soon as it is found; undo takes back the reply and the
# player's move together; with --pace fast the reply waits 1-2 s while the
# screen still answers; an external GTP engine (tengen --gtp itself) plays
# like the built-in one, and one that thinks for a minute is stopped when
# the player leaves the game or takes a move back; a question open when the
# counting begins is closed.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-computer
sgf="$XDG_DATA_HOME/tengen/current.sgf"

tui_start --size 9 --level beginner --color black --pace off --ascii
tui_wait "Black: you"
tui_wait "White: computer, beginner"
tui_goto E5 9; tui_keys Enter
tui_wait "White played"
tui_wait "Move 2"
tui_wait "Black to play"
tui_file_has "$sgf" ";B[ee];W["
# Black's second move: C3, or G7 where the computer took C3.
if [ "$(tui_row 3 | cut -d' ' -f3)" = . ]; then
	v=C3 row=3 col=3 sgfv=cg
else
	v=G7 row=7 col=7 sgfv=gc
fi
tui_goto $v 9; tui_keys Enter
tui_wait "Move 4"
# Undo: the computer's reply and the player's move go together.
tui_keys z
tui_wait "Took back 2 moves: Black to play"
tui_wait "Move 2"
# The point is empty again, with the cursor's preview stone on it.
[ "$(tui_row $row | cut -d' ' -f$col)" = x ] ||
	tui_fail "$v is not empty: $(tui_row $row)"
tui_ok "$v is empty again"
tui_file_lacks "$sgf" "B[$sgfv]"
# Undo again: back to the empty board.
tui_keys u
tui_wait "Took back 2 moves: Black to play"
tui_wait "Move 0"
tui_keys z
tui_wait "Nothing to undo"

# Esc while the computer thinks (or holds its move back for the pace):
# its move at once, not 2 to 5 seconds later.
tui_start --size 9 --level beginner --color black --pace real --ascii
tui_goto E5 9; tui_keys Enter
t0=$(now_ms)
tui_wait "thinking..."
tui_keys Escape
tui_wait "White played"
t1=$(now_ms)
[ $((t1 - t0)) -lt 2000 ] || tui_fail "Esc: the move came after $((t1 - t0)) ms"
tui_ok "Esc: the move came at once ($((t1 - t0)) ms, the pace holds 2-5 s)"

# Undo while the computer thinks of its first move: nothing to take back,
# and the computer still moves.
tui_start --size 9 --level beginner --color white --pace real --ascii
tui_wait "thinking..."
tui_keys z
tui_wait "Nothing to undo"
tui_wait "Black played"

# As White: the computer opens.  White passes, Black (ahead) passes too:
# passes count as moves, and two of them start the counting, from which
# undo goes back to play.
tui_start --size 9 --level beginner --color white --pace off --ascii
tui_wait "White: you"
tui_wait "Black played"
tui_wait "Move 1"
tui_wait "White to play"
tui_keys p
tui_wait "Move 3"
tui_wait "Counting: mark dead groups"
tui_keys z
tui_wait "Took back 2 moves: White to play"
tui_wait "Move 1"

# --pace real: the move is held back 2 to 5 seconds, and the screen still
# answers meanwhile (the key list opens and closes).
tui_start --size 9 --level beginner --color black --pace real --ascii
tui_goto E5 9; tui_keys Enter
t0=$(now_ms)
tui_wait "White to play: thinking..."
tui_keys '?'
tui_wait "Any key closes this list"
tui_keys Escape
tui_wait "White to play: thinking..."
tui_wait "White played"
t1=$(now_ms)
[ $((t1 - t0)) -ge 2000 ] || tui_fail "the reply came after $((t1 - t0)) ms, not 2-5 s"
tui_ok "the reply came after $((t1 - t0)) ms"
tui_wait "Move 2"
# Undo while the computer thinks: its answer is thrown away.
tui_goto D5 9; tui_keys Enter
tui_keys z
tui_wait "Took back 1 move: Black to play"
sleep 5.5	# longer than the pace holds any answer back
tui_screen | grep -q "Move 2" || tui_fail "a late answer was played"
tui_ok "the late answer was thrown away"

# A GTP engine: tengen's own GTP engine, as any other would be.
tui_start --size 9 --engine "'$tengen' --gtp --level beginner" --pace off --ascii
tui_wait "White: engine"
tui_goto E5 9; tui_keys Enter
tui_wait "White played"
tui_wait "Move 2"
tui_keys q
tui_wait "Continue last game"
tui_file_has "$XDG_DATA_HOME/tengen/current.conf" "opponent=engine"

# An engine that thinks for a minute does not hold the player up: back to
# the lobby at once, and the engine is stopped.  (tengen numbers every
# command it sends.)
cat >"$tui_tmp/slow-engine" <<'EOF'
#!/bin/sh
echo $$ >"$0.pid"
while read -r id cmd rest; do
	case $cmd in
	genmove) sleep 60 & echo $! >"$0.sleep"; wait; printf '=%s pass\n\n' "$id" ;;
	quit) printf '=%s\n\n' "$id"; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tui_tmp/slow-engine"
tui_start --size 9 --engine "'$tui_tmp/slow-engine'" --pace off --ascii
tui_wait "White: engine"
tui_goto E5 9; tui_keys Enter
tui_wait "Move 1"
sleep 1
[ -s "$tui_tmp/slow-engine.sleep" ] &&
	kill -0 "$(cat "$tui_tmp/slow-engine.sleep")" 2>/dev/null ||
	tui_fail "the engine is not thinking"
start=$(now_ms)
tui_keys q
tui_wait "Continue last game"
[ $(($(now_ms) - start)) -le 5000 ] || tui_fail "leaving waited for the engine"
tui_ok "leaving the game does not wait for the engine"
# The engine and its thinking, by their own numbers, are gone within 5 s
# (killed at once; on a loaded machine a killed process may take a moment
# to be scheduled and exit).  A zombie does not count: where nothing reaps
# orphans, a dead process stays listed.
for f in slow-engine.pid slow-engine.sleep; do
	pid=$(cat "$tui_tmp/$f")
	i=0
	while kill -0 "$pid" 2>/dev/null &&
	    [ "$(ps -o stat= -p "$pid" | cut -c1)" != Z ]; do
		[ $i -lt 50 ] || tui_fail "the engine still runs ($f $pid)"
		i=$((i + 1))
		sleep 0.1
	done
done
tui_ok "the engine was stopped"

# An engine that resigns: undo takes back its resignation with the
# player's move (asked again, it would only resign again), and the game's
# record, archived at the first end, is written again, not twice.
# genmove_engine NAME REPLY: an engine in $tui_tmp/NAME that answers every
# genmove with REPLY (printf's escapes) and every other command with "=".
genmove_engine() {
	cat >"$tui_tmp/$1" <<EOF
#!/bin/sh
while read -r id cmd rest; do
	case \$cmd in
	genmove) printf '=%s $2\\n\\n' "\$id" ;;
	quit) printf '=%s\\n\\n' "\$id"; exit 0 ;;
	*) printf '=%s\\n\\n' "\$id" ;;
	esac
done
EOF
	chmod +x "$tui_tmp/$1"
}
# e5_against ENGINE: a 9x9 game as Black against the engine command
# ENGINE, E5 played.
e5_against() {
	tui_start --size 9 --engine "$1" --color black --pace off --ascii
	tui_goto E5 9
	tui_keys Enter
}
genmove_engine resigning-engine resign
rm -f "$XDG_DATA_HOME"/tengen/game-*.sgf
e5_against "'$tui_tmp/resigning-engine'"
tui_wait "White resigned"
tui_keys z
tui_wait "Took back 1 move: Black to play"
tui_goto D4 9; tui_keys Enter
tui_wait "White resigned"
[ "$(ls "$XDG_DATA_HOME"/tengen/game-*.sgf | wc -l)" -eq 1 ] ||
	tui_fail "the game was archived more than once"
archived=$(ls "$XDG_DATA_HOME"/tengen/game-*.sgf)
tui_file_has "$archived" ";B[df]"
tui_file_lacks "$archived" "B[ee]"

# An engine that refuses the board: its reason is on the screen.
cat >"$tui_tmp/picky-engine" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	boardsize) printf '?%s unacceptable size\n\n' "$id" ;;
	quit) printf '=%s\n\n' "$id"; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tui_tmp/picky-engine"
tui_start --size 9 --engine "'$tui_tmp/picky-engine'" --pace off --ascii
tui_goto E5 9; tui_keys Enter
tui_wait "The engine cannot play this game: picky-engine: refused 'boardsize 9':"

# An engine that plays on a stone: said so, with the way out, and its
# short name.
genmove_engine cheat-engine E5
e5_against "'$tui_tmp/cheat-engine' --fast"
tui_wait "The engine played an illegal move (cheat-engine: illegal move E5)"
tui_keys z
tui_wait "Black to play"

# An engine whose move is a word that begins with "resign", and one whose
# move is two lines: neither is a move, nor a resignation.
genmove_engine wordy-engine 'resignation pending'
e5_against "'$tui_tmp/wordy-engine'"
tui_wait "(wordy-engine: illegal move resignation"
tui_screen | grep -q "resigned" && tui_fail "taken for a resignation: $(tui_screen)"
genmove_engine talky-engine 'C4\nI think so'
e5_against "'$tui_tmp/talky-engine'"
tui_wait "(talky-engine: a reply of more than one line"
tui_screen | grep -q "I think so" && tui_fail "the reply's second line shown: $(tui_screen)"
tui_ok "a move is one line, and resign one word"

# An engine without set_free_handicap gets the handicap stones as moves;
# the game goes on.  It also takes 32 s to start, as one that loads a big
# network may: longer than the 30 s it has for any later answer.
cat >"$tui_tmp/plain-engine" <<'EOF'
#!/bin/sh
sleep 32
while read -r id cmd rest; do
	echo "$cmd $rest" >>"$0.log"
	case $cmd in
	set_free_handicap) printf '?%s unknown command\n\n' "$id" ;;
	genmove) printf '=%s A1\n\n' "$id" ;;
	quit) printf '=%s\n\n' "$id"; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tui_tmp/plain-engine"
tui_start --size 9 --handicap 2 --engine "'$tui_tmp/plain-engine'" \
	--pace off --ascii
saved_timeout=$tui_timeout
tui_timeout=60
tui_wait "White played A1"
tui_timeout=$saved_timeout
grep -q "^set_free_handicap " "$tui_tmp/plain-engine.log" &&
	[ "$(grep -c "^play b [A-J][1-9]" "$tui_tmp/plain-engine.log")" -eq 2 ] ||
	tui_fail "the handicap did not reach the engine as moves: $(cat "$tui_tmp/plain-engine.log")"
tui_ok "an engine slow to start, without set_free_handicap, plays a handicap game"
# Undo while an engine thinks for a minute: the next question does not
# wait for the answer thrown away (the engine is started again), and the
# first engine is stopped.
cat >"$tui_tmp/once-slow-engine" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	genmove)
		if [ ! -e "$0.slow" ]; then
			echo $$ >"$0.slow"
			sleep 60
		fi
		printf '=%s pass\n\n' "$id" ;;
	quit) printf '=%s\n\n' "$id"; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tui_tmp/once-slow-engine"
e5_against "'$tui_tmp/once-slow-engine'"
tui_wait "Move 1"
sleep 1
[ -s "$tui_tmp/once-slow-engine.slow" ] || tui_fail "the engine is not thinking"
tui_keys z
tui_wait "Took back 1 move: Black to play"
start=$(now_ms)
tui_goto D4 9; tui_keys Enter
tui_wait "White passes"
[ $(($(now_ms) - start)) -le 10000 ] ||
	tui_fail "the engine's answer waited for the one thrown away"
pid=$(cat "$tui_tmp/once-slow-engine.slow")
if kill -0 "$pid" 2>/dev/null && [ "$(ps -o stat= -p "$pid" | cut -c1)" != Z ]; then
	tui_fail "the first engine still runs ($pid)"
fi
tui_ok "undo while an engine thinks: the engine is started again"

# A question left open when the game moves on: Black passes and asks to
# resign; the engine's pass (2 s later) starts the counting, which closes
# the question, so Enter marks a group instead of resigning.
cat >"$tui_tmp/late-pass-engine" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	genmove)
		if [ -e "$0.played" ]; then
			sleep 2; printf '=%s pass\n\n' "$id"
		else
			: >"$0.played"; printf '=%s C3\n\n' "$id"
		fi ;;
	quit) printf '=%s\n\n' "$id"; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tui_tmp/late-pass-engine"
e5_against "'$tui_tmp/late-pass-engine'"
tui_wait "White played C3"
tui_keys p g
tui_wait "Resign this game?"
tui_wait_gone "Resign this game?"
tui_keys Enter
sleep 1
case $(tui_screen) in
*resign*|*W+R*) tui_fail "Enter in the counting resigned the game" ;;
esac
tui_ok "a question from play is closed when the counting begins"
tui_done
