#!/bin/sh
# test-man.sh: the manual pages format without a warning.
#
# groff -ww warns of every problem it sees: a bad macro call, a character
# it cannot read (text other than ASCII must be written \[uXXXX], since
# groff reads its input as Latin-1 unless told otherwise).  Any warning
# fails, with groff's words.
set -u

srcdir=${top_srcdir:-.}
command -v groff >/dev/null 2>&1 || {
	echo "test-man: groff not found (Debian package groff-base)"; exit 77; }
status=0
n=0
for page in "$srcdir"/man/*.[1-9]; do
	n=$((n + 1))
	out=$(LC_ALL=C groff -mandoc -ww -z -Tutf8 "$page" 2>&1)
	if [ -n "$out" ]; then
		echo "not ok $n - $page: $out"
		status=1
	else
		echo "ok $n - $page formats without a warning"
	fi
done
echo "1..$n"
exit $status
