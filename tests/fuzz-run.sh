#!/bin/sh
# fuzz-run.sh SECONDS: build the libFuzzer harnesses with clang from the
# distribution tarball in a scratch directory, and run each for SECONDS on
# its seed corpus.  Fails if a harness finds a crash, a leak or undefined
# behaviour (libFuzzer exits non-zero and leaves the input in the scratch dir).
set -eu
secs=${1:-30}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v clang >/dev/null || { echo "fuzz-run: clang not installed"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top"
make dist-gzip >/dev/null
tar xzf "$top/$(ls -t tengen-*.tar.gz | head -n 1)" -C "$tmp"
cd "$tmp"/tengen-*
CC=clang ./configure -q --enable-fuzzing >"$tmp/configure.log" 2>&1 ||
	{ cat "$tmp/configure.log"; exit 1; }
make -s -j2 tests/fuzz-sgf tests/fuzz-gtp >"$tmp/make.log" 2>&1 ||
	{ tail -30 "$tmp/make.log"; exit 1; }
for h in sgf gtp; do
	mkdir -p "$tmp/corpus-$h"
	echo "fuzz-run: $h for ${secs}s"
	./tests/fuzz-$h -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$tmp/crash-$h-" \
		"$tmp/corpus-$h" "tests/fuzz/$h-corpus" >"$tmp/$h.log" 2>&1 || {
		tail -60 "$tmp/$h.log"
		for f in "$tmp"/crash-$h-*; do
			[ -f "$f" ] && { echo "input:"; od -c "$f" | head -20; }
		done
		exit 1
	}
	grep -E 'stat::number_of_executed_units' "$tmp/$h.log" || true
done
