#!/bin/sh
# test-po.sh: the message catalogs are valid and complete.
#
# Every po/LANG.po of po/LINGUAS must compile with msgfmt --check and
# translate every message that xgettext finds in the sources now, with no
# fuzzy entry; every source file that marks messages must be listed in
# po/POTFILES.in.  After adding or changing messages:
#   make -C po update-po     then translate them in po/*.po
set -u

srcdir=${top_srcdir:-.}
for prog in msgfmt msgmerge msgattrib xgettext; do
	command -v $prog >/dev/null 2>&1 || {
		echo "test-po: $prog not found (Debian package gettext)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-po.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0

# The entries of a PO file on standard input, without its header.
entries() {
	awk 'BEGIN { RS = "" } NR > 1 { print; print "" }'
}

# Sources that mark messages but are missing from POTFILES.in.
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$srcdir/po/POTFILES.in" \
	>"$tmp/listed"
for f in "$srcdir"/src/*.c "$srcdir"/src/*.h; do
	grep -q -E '(^|[^[:alnum:]_])N?_\("' "$f" || continue
	name=src/${f##*/}
	[ "$name" = src/i18n.h ] && continue
	grep -q -x -F "$name" "$tmp/listed" || {
		echo "FAIL: $name marks messages but is not in po/POTFILES.in"
		status=1
	}
done

# A template made from the sources as they are now.
(cd "$srcdir" && xgettext --keyword=_ --keyword=N_ --from-code=UTF-8 \
	--files-from="$tmp/listed" -o "$tmp/tengen.pot") || exit 99
[ -f "$tmp/tengen.pot" ] || exit 99

for lang in $(sed -e 's/#.*//' "$srcdir/po/LINGUAS"); do
	po=$srcdir/po/$lang.po
	if ! msgfmt --check -o "$tmp/$lang.mo" "$po"; then
		echo "FAIL: $lang.po does not compile"; status=1; continue
	fi
	msgmerge --quiet --no-fuzzy-matching -o "$tmp/$lang.po" "$po" \
		"$tmp/tengen.pot" || exit 99
	msgattrib --untranslated --no-obsolete "$tmp/$lang.po" |
		entries >"$tmp/missing"
	if [ -s "$tmp/missing" ]; then
		echo "FAIL: $lang.po lacks translations (make -C po update-po):"
		head -60 "$tmp/missing"
		status=1
	fi
	msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" |
		entries >"$tmp/fuzzy"
	if [ -s "$tmp/fuzzy" ]; then
		echo "FAIL: $lang.po has fuzzy translations to check:"
		head -60 "$tmp/fuzzy"
		status=1
	fi
	[ $status -ne 0 ] || echo "ok: $lang.po"
done
exit $status
