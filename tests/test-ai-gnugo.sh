#!/bin/sh
# test-ai-gnugo.sh: two short games against GNU Go, finished legally.
#
# tengen --match plays both colours against GNU Go on 9x9 with a small
# budget.  The match runner stops with an error if either side plays a move
# that tengen's rules refuse, so a clean exit, two SGF records with a result
# and no word of an illegal move mean that the AI played whole games
# legally.  The match is then taken up again with --resume, after checks
# that nothing is ever written over.  Skipped (77) when GNU Go is not
# installed.
set -u

builddir=${top_builddir:-.}
tengen=$(cd "$builddir" && pwd)/src/tengen
gnugo=${GNUGO:-}
if [ -z "$gnugo" ]; then
	for g in /usr/games/gnugo "$(command -v gnugo 2>/dev/null)"; do
		if [ -n "$g" ] && [ -x "$g" ]; then
			gnugo=$g
			break
		fi
	done
fi
if [ -z "$gnugo" ] || [ ! -x "$gnugo" ]; then
	echo "test-ai-gnugo: GNU Go not found, skipped"
	exit 77
fi
if [ ! -x "$tengen" ]; then
	echo "test-ai-gnugo: no $tengen" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-ai-gnugo.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

if ! "$tengen" --match "$gnugo --mode gtp --chinese-rules --level 0" \
    --games 2 --size 9 --playouts 500 --threads 2 \
    --sgf-dir "$tmp/games" >"$tmp/out" 2>&1; then
	echo "test-ai-gnugo: the match failed:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
cat "$tmp/out"
if grep -q illegal "$tmp/out"; then
	echo "test-ai-gnugo: an illegal move was played" >&2
	exit 1
fi
grep -q ' in 2 games' "$tmp/out" || exit 1
for n in 001 002; do
	f=$tmp/games/game-$n.sgf
	if [ ! -s "$f" ] || ! grep -q 'RE\[[BW0]' "$f"; then
		echo "test-ai-gnugo: $f has no result" >&2
		exit 1
	fi
	# A counted game keeps its count (TB/TW).
	if grep -q 'RE\[[BW]+[0-9]' "$f"; then
		if ! grep -q 'T[BW]\[' "$f"; then
			echo "test-ai-gnugo: $f was counted but has no TB/TW" >&2
			exit 1
		fi
		# Beside tengen's count, GNU Go's of the same position.
		re=$(grep -o 'RE\[[^]]*\]' "$f" | sed 's/RE\[\(.*\)\]/\1/')
		if ! tr -d '\n' <"$f" | grep -q "C\[tengen counts $re with the dead stones of TB and TW; the engine counts [BW0][^]]*\]" ||
		    ! grep -q "^game ${n#00}: .*: [a-z]*; the engine counts [BW0]" "$tmp/out"; then
			echo "test-ai-gnugo: $f: no count of GNU Go's beside tengen's" >&2
			exit 1
		fi
		counted=$((${counted:-0} + 1))
	fi
done
echo "test-ai-gnugo: 2 games finished legally, ${counted:-0} counted with TB/TW"
# Each of tengen's moves carries what its search said of it: tengen is
# Black in game 1, White in game 2.
for n in 001:B 002:W; do
	f=$tmp/games/game-${n%:*}.sgf
	ours=$(tr -d '\n' <"$f" | grep -o ";${n#*:}\[[a-z]*\]" | wc -l)
	notes=$(tr -d '\n' <"$f" | grep -o ";${n#*:}\[[a-z]*\]C\[tengen: \(win rate [0-9.]*%, [0-9]* playouts, [0-9.]* s\|passes after the pass, the count as it stands wins\)\]" | wc -l)
	if [ "$ours" -eq 0 ] || [ "$notes" -ne "$ours" ]; then
		echo "test-ai-gnugo: $f: $notes comments for tengen's $ours moves" >&2
		exit 1
	fi
done
echo "test-ai-gnugo: every move of tengen's has its win rate, playouts and time"

# A match never writes over an earlier one: without --resume it refuses
# to start in a folder that holds games, and leaves them as they were.
cp "$tmp/games/game-001.sgf" "$tmp/kept.sgf"
match3() {
	"$tengen" --match "$gnugo --mode gtp --chinese-rules --level 0" \
	    --games 3 --size 9 --playouts 500 --threads 2 "$@"
}
if match3 --sgf-dir "$tmp/games" >"$tmp/out" 2>&1; then
	echo "test-ai-gnugo: a second match started over the first" >&2
	exit 1
fi
if ! grep -q 'game-001.sgf: .*--resume' "$tmp/out" ||
    ! cmp -s "$tmp/kept.sgf" "$tmp/games/game-001.sgf" ||
    [ -e "$tmp/games/game-003.sgf" ]; then
	echo "test-ai-gnugo: the refusal is not clean:" >&2
	cat "$tmp/out" >&2
	exit 1
fi

# A record that is not this match's stops --resume, naming the file.
mkdir "$tmp/other"
sed 's/PB\[tengen\]/PB[someone]/' "$tmp/games/game-001.sgf" \
    >"$tmp/other/game-001.sgf"
if match3 --sgf-dir "$tmp/other" --resume >"$tmp/out" 2>&1 ||
    ! grep -q 'other/game-001.sgf: not this match' "$tmp/out"; then
	echo "test-ai-gnugo: a stranger's record was counted:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
head -c 40 "$tmp/games/game-002.sgf" >"$tmp/other/game-001.sgf"
if match3 --sgf-dir "$tmp/other" --resume >"$tmp/out" 2>&1 ||
    ! grep -q 'other/game-001.sgf:[0-9]*:[0-9]*: ' "$tmp/out"; then
	echo "test-ai-gnugo: a cut record was counted:" >&2
	cat "$tmp/out" >&2
	exit 1
fi

# --resume counts the two games played and plays the third alone.
if ! match3 --sgf-dir "$tmp/games" --resume >"$tmp/out" 2>&1; then
	echo "test-ai-gnugo: --resume failed:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
cat "$tmp/out"
for n in 1 2; do
	re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$tmp/games/game-00$n.sgf")
	grep -q "^game $n: tengen [a-z]*, $re, [0-9]* moves: [a-z]* (played before)\$" \
	    "$tmp/out" || { echo "test-ai-gnugo: game $n not counted" >&2; exit 1; }
done
if [ "$(grep -c 'played before' "$tmp/out")" != 2 ] ||
    ! grep -q '^game 3: tengen black, .* s a move: ' "$tmp/out" ||
    ! grep -q ' in 3 games' "$tmp/out" ||
    ! grep -q 'RE\[[BW0]' "$tmp/games/game-003.sgf" ||
    ! cmp -s "$tmp/kept.sgf" "$tmp/games/game-001.sgf"; then
	echo "test-ai-gnugo: --resume did not go on where the match was" >&2
	exit 1
fi
# The tally by tengen's colour, the games played before included, as the
# games' own lines give it (a draw counts half).
as_color() {
	awk -v c="$1" '/^game [0-9]*: tengen / && $4 == c"," {
		n++
		if ($0 ~ /: win( |;|$)/) w += 1
		else if ($0 ~ /: draw( |;|$)/) w += 0.5 }
	END { printf "%s %g of %d (", c, w, n }' "$tmp/out"
}
tally=$(grep '^tengen: as black' "$tmp/out")
case $tally in
"tengen: as $(as_color black)"*", as $(as_color white)"*) ;;
*)
	echo "test-ai-gnugo: the tally by colour is not the games':" >&2
	cat "$tmp/out" >&2
	exit 1
esac
echo "test-ai-gnugo: $(grep '^tengen: as black' "$tmp/out")"
echo "test-ai-gnugo: the match went on with --resume"

# A tab in the engine command comes back from PW[] as a space: the games
# are still this match's.
tab=$(printf '\t')
tabbed() {
	"$tengen" --match "$gnugo${tab}--mode gtp --chinese-rules --level 0" \
	    --size 9 --playouts 100 --sgf-dir "$tmp/tab" "$@"
}
if ! tabbed --games 1 >"$tmp/out" 2>&1 ||
    ! tabbed --games 2 --resume >"$tmp/out" 2>&1 ||
    ! grep -q '^game 1: .*(played before)$' "$tmp/out" ||
    ! grep -q ' in 2 games' "$tmp/out"; then
	echo "test-ai-gnugo: a tab in the command stopped --resume:" >&2
	cat "$tmp/out" >&2
	exit 1
fi

# A gap in the numbering stops the match before it plays a game that
# could not be written.
mkdir "$tmp/gap"
cp "$tmp/games/game-002.sgf" "$tmp/gap/"
if match3 --sgf-dir "$tmp/gap" --resume >"$tmp/out" 2>&1 ||
    ! grep -q 'gap/game-002.sgf: game 1 is missing before it' "$tmp/out" ||
    [ -e "$tmp/gap/game-001.sgf" ]; then
	echo "test-ai-gnugo: a gap in the games went unnoticed:" >&2
	cat "$tmp/out" >&2
	exit 1
fi

# An engine's refusal is reported with its reason, and what it writes to
# stderr is kept in engine.log.
if "$tengen" --match "$gnugo --mode gtp" --games 1 --size 25 \
    --playouts 100 --sgf-dir "$tmp/big" >"$tmp/out" 2>&1 ||
    ! grep -q "game 1: the engine refused 'boardsize 25': unacceptable size" \
    "$tmp/out"; then
	echo "test-ai-gnugo: a refusal without its reason:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
if "$tengen" --match "$gnugo --mode gpt" --games 1 --size 9 \
    --playouts 100 --sgf-dir "$tmp/typo" >"$tmp/out" 2>&1 ||
    ! grep -q "engine exited (status 1); the engine's messages are in .*typo/engine.log" \
    "$tmp/out" || ! grep -q gpt "$tmp/typo/engine.log"; then
	echo "test-ai-gnugo: the engine's complaint was lost:" >&2
	cat "$tmp/out" "$tmp/typo/engine.log" >&2
	exit 1
fi

# An engine that falls silent outside genmove stops the match after the
# timeout (30 s) instead of hanging it.
cat >"$tmp/mute" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	play) while read -r line; do :; done; exit 0 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tmp/mute"
start=$(date +%s)
if timeout 150 "$tengen" --match "$tmp/mute" --games 1 --size 9 --playouts 100 \
    --sgf-dir "$tmp/mute-games" >"$tmp/out" 2>&1 ||
    ! grep -q "the engine failed at 'play b [A-J][1-9]': timeout" "$tmp/out" ||
    [ $(($(date +%s) - start)) -gt 120 ]; then
	echo "test-ai-gnugo: a silent engine was not stopped:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
# An engine that dies in the middle of a game stops the match, and the
# game's moves so far are kept aside, under a name --resume does not take
# for a game played: the match plays that game again.
cat >"$tmp/quitter" <<'EOF'
#!/bin/sh
n=0
while read -r id cmd rest; do
	case $cmd in
	genmove) n=$((n + 1)); [ "$n" -ge 3 ] && exit 3
		[ "$n" = 1 ] && m=A1 || m=J9
		printf '=%s %s\n\n' "$id" "$m" ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tmp/quitter"
if "$tengen" --match "$tmp/quitter" --games 1 --size 9 --playouts 100 \
    --sgf-dir "$tmp/quit-games" >"$tmp/out" 2>&1 ||
    ! grep -q "game 1: its 5 moves are in .*quit-games/game-001-stopped.sgf" "$tmp/out" ||
    ! grep -q "W\[ai\]" "$tmp/quit-games/game-001-stopped.sgf" ||
    grep -q "RE\[" "$tmp/quit-games/game-001-stopped.sgf" ||
    [ -e "$tmp/quit-games/game-001.sgf" ]; then
	echo "test-ai-gnugo: the moves of a game the engine stopped are lost:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
# An engine that dies when asked for its count: the game's line says so,
# and the next game does not blame its first command.
cat >"$tmp/no-count" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	genmove) printf '=%s pass\n\n' "$id" ;;
	final_score) exit 5 ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tmp/no-count"
if "$tengen" --match "$tmp/no-count" --games 2 --size 9 --playouts 100 \
    --sgf-dir "$tmp/no-count-games" >"$tmp/out" 2>&1 ||
    ! grep -q "^game 1: .*the engine failed at 'final_score': engine exited (status 5)" "$tmp/out" ||
    ! grep -q "game 2: the engine had failed before 'boardsize 9'" "$tmp/out"; then
	echo "test-ai-gnugo: a count that failed is not said where it failed:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
# An engine that passes and counts every game for Black: tengen, White in
# the second game, passes after it and wins by the komi by its own count.
# The tally says in how many counted games the engine's count names another
# winner, and a resumed match reads it back from the records.
cat >"$tmp/black-count" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	genmove) printf '=%s pass\n\n' "$id" ;;
	final_score) printf '=%s B+1\n\n' "$id" ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tmp/black-count"
disputes() {
	grep "^tengen: .* counted; the engine's count names another winner" "$tmp/out"
}
if ! "$tengen" --match "$tmp/black-count" --games 2 --size 9 --playouts 300 \
    --sgf-dir "$tmp/count-games" >"$tmp/out" 2>&1 ||
    ! grep -q "^game 2: tengen white, W+7.5, .*: win; the engine counts B+1" "$tmp/out" ||
    [ "$(disputes)" != "tengen: 2 games counted; the engine's count names another winner in 1 (1 of them won by tengen's count)" ]; then
	echo "test-ai-gnugo: the games the engine counts otherwise are not told:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
if ! "$tengen" --match "$tmp/black-count" --games 3 --size 9 --playouts 300 \
    --sgf-dir "$tmp/count-games" --resume >"$tmp/out" 2>&1 ||
    [ "$(disputes)" != "tengen: 3 games counted; the engine's count names another winner in 1 (1 of them won by tengen's count)" ]; then
	echo "test-ai-gnugo: a resumed match does not read the counts back:" >&2
	cat "$tmp/out" >&2
	exit 1
fi
# An engine that plays an illegal move forfeits the game, and its record
# says why.
cat >"$tmp/cheat" <<'EOF'
#!/bin/sh
while read -r id cmd rest; do
	case $cmd in
	genmove) printf '=%s A1\n\n' "$id" ;;
	*) printf '=%s\n\n' "$id" ;;
	esac
done
EOF
chmod +x "$tmp/cheat"
if ! "$tengen" --match "$tmp/cheat" --games 1 --size 9 --playouts 100 \
    --sgf-dir "$tmp/cheat-games" >"$tmp/out" 2>&1 ||
    ! grep -q "^game 1: tengen black, B+F, .*: win; engine played an illegal move: A1" "$tmp/out" ||
    ! grep -q 'RE\[B+F\]' "$tmp/cheat-games/game-001.sgf" ||
    ! tr -d '\n' <"$tmp/cheat-games/game-001.sgf" | grep -q 'C\[engine played an illegal move: A1\]'; then
	echo "test-ai-gnugo: a forfeit is not told in the game's line and record:" >&2
	cat "$tmp/out" "$tmp/cheat-games/game-001.sgf" >&2
	exit 1
fi
echo "test-ai-gnugo: gaps, refusals, engine.log, a silent engine and a forfeit reported"
exit 0
