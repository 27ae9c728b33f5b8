#!/bin/sh
# ai-regress.sh: GNU Go's regression problems put to tengen's AI.
#
# Usage: tests/ai-regress.sh REGRESSION-DIR [TENGEN-OPTIONS...]
#
# REGRESSION-DIR is the regression/ directory of the GNU Go source (for
# example from `apt-get source gnugo`); the suites 9x9.tst and tiny.tst are
# played.  Each suite is a GTP script: `loadsgf FILE N` sets a position,
# `ID reg_genmove COLOR` (or restricted_genmove) asks for a move, and the
# comment `#? [A|B]` after it lists the right answers (`[!A]`: anything but
# A; a trailing `*` marks a problem GNU Go itself fails).  Other commands
# (owl_defend) are not the AI's business and are skipped.  Prints one line
# per problem and the totals, tengen's and GNU Go's.  A benchmark: never
# part of make check.
set -u

if [ $# -lt 1 ] || [ ! -f "$1/9x9.tst" ]; then
	echo "usage: $0 REGRESSION-DIR [TENGEN-OPTIONS...]" >&2
	exit 2
fi
dir=$(cd "$1" && pwd)
shift
builddir=${top_builddir:-$(dirname "$0")/..}
tengen=$(cd "$builddir" && pwd)/src/tengen
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ai-regress.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

for suite in 9x9 tiny; do
	# The commands tengen answers; an id on every command keeps replies
	# and problems together.
	awk '
	/^[ \t]*#/ || /^[ \t]*$/ { next }
	$1 ~ /^[0-9]+$/ && $2 !~ /^(reg_genmove|restricted_genmove)$/ { next }
	{ print }
	' "$dir/$suite.tst" >"$tmp/$suite.gtp"
	(cd "$dir" && "$tengen" --gtp "$@" <"$tmp/$suite.gtp" >"$tmp/$suite.out" 2>/dev/null)
	awk -v suite="$suite" -v out="$tmp/$suite.out" '
	BEGIN {
		while ((getline line < out) > 0) {
			if (line ~ /^[=?][0-9]+/) {
				id = substr(line, 2)
				sub(/[ \t].*/, "", id)
				ans = line
				sub(/^[=?][0-9]+[ \t]*/, "", ans)
				reply[id] = (line ~ /^\?/) ? "error" : toupper(ans)
			}
		}
	}
	$1 ~ /^[0-9]+$/ && $2 ~ /^(reg_genmove|restricted_genmove)$/ { id = $1; next }
	$1 ~ /^[0-9]+$/ { id = ""; next }
	/^#\?/ && id != "" {
		spec = $2
		gnugo_fails = spec ~ /\*$/
		sub(/\*$/, "", spec)
		gsub(/^\[|\]$/, "", spec)
		neg = spec ~ /^!/
		if (neg)
			spec = substr(spec, 2)
		ok = (reply[id] ~ ("^(" toupper(spec) ")$"))
		if (neg)
			ok = !ok
		n++
		if (ok)
			solved++
		if (!gnugo_fails)
			gsolved++
		printf "%s %s: %s, expected %s%s: %s\n", suite, id, reply[id], \
		    $2, gnugo_fails ? " (GNU Go fails)" : "", ok ? "ok" : "FAIL"
		id = ""
	}
	END {
		printf "%s: tengen %d of %d, GNU Go %d\n", suite, solved, n, gsolved
	}
	' "$dir/$suite.tst"
done | tee "$tmp/all"
awk '/: tengen [0-9]+ of/ { t += $3; n += $5; g += $8 }
END { printf "total: tengen solves %d of %d, GNU Go %d\n", t, n, g }' "$tmp/all"
