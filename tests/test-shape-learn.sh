#!/bin/sh
# test-shape-learn.sh: shape-learn learns what the records show.
#
# In three small records the player named "teacher" always plays on the
# edge of an empty part of the board and the other player in the centre.
# Learning from the teacher's moves must give the empty edge shape a
# positive weight and the empty centre shape a negative one, learning from
# the other player the reverse; the output is a C table of canonical codes.
# A record that cannot be read stops the tool with its name, line and
# column, and nothing on standard output.
set -u

builddir=${top_builddir:-.}
learn=$(cd "$builddir" && pwd)/src/shape-learn
if [ ! -x "$learn" ]; then
	echo "test-shape-learn: no $learn" >&2
	exit 99
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# Empty edge: NW N NE off the board (top edge) is code 0x0003f, the
# smallest of its eight turns; the empty centre is 0x00000.
cat > "$tmp/1.sgf" <<'SGF'
(;GM[1]FF[4]SZ[9]KM[7.5]PB[pupil]PW[teacher];B[ee];W[ba];B[ce];W[ha];B[ge];W[ai])
SGF
cat > "$tmp/2.sgf" <<'SGF'
(;GM[1]FF[4]SZ[9]KM[7.5]PB[teacher]PW[pupil];B[ea];W[ee];B[ia];W[cc];B[ai])
SGF
cat > "$tmp/3.sgf" <<'SGF'
(;GM[1]FF[4]SZ[9]KM[7.5]PB[pupil]PW[teacher];B[dd];W[ia];B[ff];W[ei];B[df];W[ae])
SGF

check() {	# check NAME GREP-PATTERN FILE
	if grep -q "$2" "$3"; then
		echo "ok: $1"
	else
		echo "FAIL: $1"
		fail=1
	fi
}

if "$learn" -p teacher -m 1 -s 1 "$tmp"/*.sgf > "$tmp/t.c" 2> "$tmp/t.err"
then
	echo "ok: learns from the teacher"
else
	echo "FAIL: shape-learn -p teacher: $(cat "$tmp/t.err")"
	fail=1
fi
check "teacher: the empty edge is good" '{ 0x0003f, [1-8] },' "$tmp/t.c"
check "teacher: the empty centre is bad" '{ 0x00000, -[1-8] },' "$tmp/t.c"
check "teacher: 9 moves of 3 records" 'from 9 moves of 3 game records' "$tmp/t.c"
check "teacher: the table is counted" 'shape_data_count = [1-9]' "$tmp/t.c"

"$learn" -p pupil -m 1 -s 1 "$tmp"/*.sgf > "$tmp/p.c" 2> /dev/null
check "pupil: the empty edge is bad" '{ 0x0003f, -[1-8] },' "$tmp/p.c"
check "pupil: the empty centre is good" '{ 0x00000, [1-8] },' "$tmp/p.c"

# A broken record: an error naming it, exit 1, nothing written.
printf '(;GM[1]FF[4]SZ[9]\n;B[ee];W[zz])\n' > "$tmp/bad.sgf"
if "$learn" -p teacher "$tmp/1.sgf" "$tmp/bad.sgf" > "$tmp/b.c" 2> "$tmp/b.err"
then
	echo "FAIL: a broken record is accepted"
	fail=1
else
	check "a broken record is named with its line" 'bad.sgf:2:' "$tmp/b.err"
	if [ -s "$tmp/b.c" ]; then
		echo "FAIL: output written for a broken record"
		fail=1
	else
		echo "ok: nothing written for a broken record"
	fi
fi
exit $fail
