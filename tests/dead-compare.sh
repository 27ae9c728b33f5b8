#!/bin/sh
# dead-compare.sh: tengen's dead stones against GNU Go's.
#
# Usage: tests/dead-compare.sh SGF-DIR [GNUGO]
#
# Every game record under SGF-DIR whose result is a score (RE[B+n] or
# RE[W+n], so the game was counted, not resigned) is loaded into both
# engines at its last move, and `final_status_list dead` is asked of each.
# Prints one line for each record where the two lists differ, then the
# totals.  GNU Go is the reference, not the truth: where they differ, either
# may be right.  A benchmark: never part of make check.
set -u

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 SGF-DIR [GNUGO]" >&2
	exit 2
fi
dir=$1
gnugo=${2:-gnugo}
builddir=${top_builddir:-$(dirname "$0")/..}
tengen=$(cd "$builddir" && pwd)/src/tengen
command -v "$gnugo" >/dev/null 2>&1 || { echo "$0: $gnugo not found" >&2; exit 2; }

# The dead stones the engine COMMAND lists for FILE, sorted, one a line;
# ERROR if it cannot load FILE.
dead() {
	printf 'loadsgf %s\nfinal_status_list dead\nquit\n' "$2" |
	    $1 2>/dev/null |
	    awk 'NR == 1 && !/^=/ { print "ERROR"; exit }
		NR > 1 && /^=/ { on = 1; sub(/^= ?/, "") }
		on && /^$/ { on = 0 }
		on { for (i = 1; i <= NF; i++) print $i }' | sort
}

same=0 differ=0 failed=0
for f in $(grep -l -r -E 'RE\[[BW]\+[0-9]' "$dir" --include='*.sgf' | sort); do
	a=$(dead "$tengen --gtp" "$f") || a=ERROR
	b=$(dead "$gnugo --mode gtp --chinese-rules" "$f") || b=ERROR
	if [ "$a" = ERROR ] || [ "$b" = ERROR ]; then
		failed=$((failed + 1))
	elif [ "$a" = "$b" ]; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "differ: $f: tengen [$(echo $a)] GNU Go [$(echo $b)]"
	fi
done
echo "dead stones: $same records agree, $differ differ, $failed not loaded"
