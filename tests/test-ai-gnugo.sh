#!/bin/sh
# test-ai-gnugo.sh: two short games against GNU Go, finished legally.
#
# tengen --match plays both colours against GNU Go on 9x9 with a small
# budget.  The match runner stops with an error if either side plays a move
# that tengen's rules refuse, so a clean exit, two SGF records with a result
# and no word of an illegal move mean that the AI played whole games
# legally.  Skipped (77) when GNU Go is not installed.
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
done
echo "test-ai-gnugo: 2 games finished legally"
exit 0
