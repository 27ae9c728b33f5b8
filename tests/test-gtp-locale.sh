#!/bin/sh
# test-gtp-locale.sh: numbers keep their decimal point in any language.
#
# In a locale that writes 6,5 (German), GTP's komi 6.5 must still be read
# and final_score must still say W+6.5; so must the komi of an SGF
# record.  The locale is built into a private folder with localedef (from
# the locales package's sources); skipped (77) when it cannot be.
set -u

builddir=${top_builddir:-.}
tengen=$builddir/src/tengen
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-gtp-locale.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

if ! command -v localedef >/dev/null 2>&1 ||
    ! localedef -i de_DE -f UTF-8 "$tmp/de_DE.UTF-8" >/dev/null 2>&1 ||
    [ "$(LOCPATH=$tmp LC_ALL=de_DE.UTF-8 locale decimal_point 2>/dev/null)" != "," ]; then
	echo "test-gtp-locale: no German locale can be built, skipped"
	exit 77
fi

printf '(;FF[4]GM[1]SZ[9]KM[5.5];B[ee])\n' >"$tmp/km.sgf"
printf 'komi 6.5\nget_komi\nboardsize 9\nfinal_score\nloadsgf %s\nget_komi\nquit\n' \
    "$tmp/km.sgf" |
    LOCPATH=$tmp LC_ALL=de_DE.UTF-8 "$tengen" --gtp >"$tmp/out" 2>&1
expected='= 

= 6.5

= 

= W+6.5

= white

= 5.5

= 
'
if [ "$(cat "$tmp/out")" != "$(printf '%s' "$expected")" ]; then
	echo "test-gtp-locale: FAIL: in German the answers were:"
	cat "$tmp/out"
	exit 1
fi
echo "test-gtp-locale: komi and score keep their decimal point in German"
exit 0
