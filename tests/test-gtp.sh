#!/bin/sh
# test-gtp.sh: tengen --gtp, reply by reply.
#
# Every tests/gtp/NAME.gtp is a GTP session whose replies must be exactly
# tests/gtp/NAME.out, where @VERSION@ stands for the package version.  The
# sessions run in a scratch directory holding copies of the SGF files of
# tests/gtp, so that loadsgf and printsgf FILE see short relative names and
# never write into the source tree.  Input that does not fit in a text file
# (NUL and CR bytes, very long lines, no final newline) is made here.  When
# GNU Go is installed, the commands both engines define the same way are
# also compared with its answers.
set -u

srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
tengen=$(cd "$builddir" && pwd)/src/tengen
gtpdir=$(cd "$srcdir/tests/gtp" && pwd)
version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' \
	"$builddir/config.h")

if [ ! -x "$tengen" ] || [ -z "$version" ]; then
	echo "test-gtp: no $tengen or no version in config.h" >&2
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-gtp.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cp "$gtpdir"/*.sgf "$tmp"/ || exit 99
cd "$tmp" || exit 99

failed=0
tests=0

# compare NAME EXPECTED ACTUAL
compare() {
	tests=$((tests + 1))
	if cmp -s "$2" "$3"; then
		echo "ok $tests - $1"
	else
		echo "not ok $tests - $1"
		diff -u "$2" "$3" | head -60
		failed=$((failed + 1))
	fi
}

# run NAME: tengen --gtp reads stdin; its replies and exit status go to
# NAME.actual.
run() {
	"$tengen" --gtp >"$1.actual" 2>"$1.stderr"
	echo "exit $?" >>"$1.actual"
}

for t in "$gtpdir"/*.gtp; do
	name=$(basename "$t" .gtp)
	run "$name" <"$t"
	{ sed "s/@VERSION@/$version/g" "$gtpdir/$name.out"; echo "exit 0"; } \
		>"$name.expected"
	compare "$name" "$name.expected" "$name.actual"
done

# list_commands names every built-in command once (other modules may add
# theirs), and known_command knows every name it lists.
builtins="all_legal boardsize captures clear_board final_score
final_status_list fixed_handicap get_komi is_legal known_command komi
list_commands list_stones loadsgf name play printsgf protocol_version
query_boardsize quit set_free_handicap showboard undo version"
echo list_commands | "$tengen" --gtp | sed -e '1s/^= //' -e '/^$/d' >names
{
	for c in $builtins; do
		grep -qx "$c" names || echo "not listed: $c"
	done
	sort names | uniq -d | sed 's/^/listed twice: /'
	sed 's/^/known_command /' names | "$tengen" --gtp |
		grep -v -e '^= true$' -e '^$' | sed 's/^/not known: /'
} >names.actual
: >names.expected
compare "list_commands and known_command" names.expected names.actual

# Control characters: NUL, CR and DEL vanish, HT is a space.
printf '1 na\000me\r\n2\tpro\177tocol_version\t\r\n' | run ctrl
printf '=1 tengen\n\n=2 2\n\nexit 0\n' >ctrl.expected
compare "control characters" ctrl.expected ctrl.actual

# The last line may lack its newline; nothing is read after quit.
printf 'name\n5 quit\nname\nboardsize 9\n' | run quit
printf '= tengen\n\n=5 \n\nexit 0\n' >quit.expected
compare "quit stops reading" quit.expected quit.actual
printf 'protocol_version\nname' | run eof
printf '= 2\n\n= tengen\n\nexit 0\n' >eof.expected
compare "end of input without newline" eof.expected eof.actual

# Very long lines: a long argument, a long command name, a long id, many
# arguments; then the engine still answers.
long=$(head -c 100000 /dev/zero | tr '\0' x)
digits=$(head -c 5000 /dev/zero | tr '\0' 7)
many=$(head -c 20000 /dev/zero | tr '\0' '\n' | sed 's/^/a1/' | tr '\n' ' ')
{
	echo "1 play b $long"
	echo "2 $long"
	echo "$digits name"
	echo "3 set_free_handicap $many"
	echo "4 known_command $long"
	echo "5 komi 1$long"
	echo "6 query_boardsize"
} | run long
{
	printf '?1 syntax error\n\n?2 unknown command\n\n'
	printf '=%s tengen\n\n' "$digits"
	printf '?3 bad vertex list\n\n'
	printf '=4 false\n\n?5 syntax error\n\n=6 19\n\nexit 0\n'
} >long.expected
compare "long lines" long.expected long.actual

# A game that cannot be won (komi 100 on an empty board, the opening
# passed away): the computer resigns after three hopeless moves, and never
# with --no-resign.
{
	printf 'boardsize 9\nclear_board\nkomi 100\n'
	i=0
	while [ $i -lt 11 ]; do
		printf 'play b pass\nplay w pass\n'
		i=$((i + 1))
	done
	printf 'genmove b\nplay w pass\ngenmove b\nplay w pass\ngenmove b\n'
} >hopeless.gtp
TENGEN_SEED=5 "$tengen" --gtp --playouts 1000 --threads 1 \
	<hopeless.gtp >hopeless.out 2>/dev/null
TENGEN_SEED=5 "$tengen" --gtp --playouts 1000 --threads 1 --no-resign \
	<hopeless.gtp >hopeless-no.out 2>/dev/null
grep -c '^= resign' hopeless.out >resign.actual
grep -c '^= resign' hopeless-no.out >>resign.actual
grep -c '^= [A-J][1-9]' hopeless-no.out >>resign.actual
printf '1\n0\n3\n' >resign.expected
compare "resigns a hopeless game, never with --no-resign" resign.expected \
	resign.actual

# A new board size starts a new tree: the empty boards of all sizes look
# alike to the tree's position check, which must not take a 19x19 tree
# for a 2x2 one.
printf 'boardsize 19\nclear_board\n1 genmove b\nboardsize 2\nclear_board\n2 genmove b\n' |
	"$tengen" --gtp --playouts 2000 --threads 1 2>/dev/null |
	sed -n 's/^\([=?]2\) *\(.*\)$/\1 \2/p' | sed 's/ [A-B][1-2]$/ VERTEX/; s/ pass$/ VERTEX/' \
	>newsize.actual
echo "=2 VERTEX" >newsize.expected
compare "a 19x19 tree is not reused on 2x2" newsize.expected newsize.actual

# --max-memory caps the tree: 20,000 playouts of a move on one MiB, and
# tengen-stats reports the tree's size under it.
printf 'boardsize 9\nclear_board\ngenmove b\ntengen-stats\n' |
	"$tengen" --gtp --playouts 20000 --threads 1 --max-memory 1 \
	2>/dev/null >memory.out
awk '/^= playouts/ {
	ok = $3 >= 20000 && $11 > 0 && $11 <= 1048576
	print ok ? "capped" : "not capped: " $0
}' memory.out >memory.actual
echo capped >memory.expected
compare "--max-memory 1 keeps the tree under 1 MiB" memory.expected \
	memory.actual

# A command line that asks for two things, or gives an option the chosen
# mode would ignore, or a count that is not whole, is refused with status 2
# and the reason; so is a TENGEN_SEED that is not a number.
: >cmdline.actual
for args in "--gtp --komi 6.5" "--gtp --size 13" "--gtp --bench" \
    "--match x --gtp" "--match x --color white" "--bench --level advanced" \
    "--games 2.5 --match x" "--threads 1.5 --gtp" "--playouts 99.9 --gtp" \
    "--sgf-dir d" "--resume" "--size 9.5 --match x" "--max-memory 0 --gtp"; do
	# shellcheck disable=SC2086
	"$tengen" $args </dev/null >/dev/null 2>cmdline.err
	echo "$? $(cat cmdline.err)" >>cmdline.actual
done
"$tengen" --match '' </dev/null >/dev/null 2>cmdline.err
echo "$? $(cat cmdline.err)" >>cmdline.actual
TENGEN_SEED=abc "$tengen" --gtp </dev/null >/dev/null 2>cmdline.err
echo "$? $(cat cmdline.err)" >>cmdline.actual
# A line break would split the settings line that keeps the value.
for opt in --engine --match --server; do
	"$tengen" "$opt" "$(printf 'gnugo --mode gtp\nlevel=9')" </dev/null \
		>/dev/null 2>cmdline.err
	echo "$? $(cat cmdline.err)" >>cmdline.actual
done
: >notadir
"$tengen" --match x --sgf-dir notadir </dev/null >/dev/null 2>cmdline.err
echo "$? $(cat cmdline.err)" >>cmdline.actual
cat >cmdline.expected <<'EOF'
2 tengen: --komi does not apply to --gtp
2 tengen: --size does not apply to --gtp
2 tengen: --gtp, --bench, --match and --server are different modes: choose one
2 tengen: --gtp, --bench, --match and --server are different modes: choose one
2 tengen: --color does not apply to --match
2 tengen: --level does not apply to --bench
2 tengen: --games 2.5: expected a whole number from 1 to 100000
2 tengen: --threads 1.5: expected a whole number from 1 to 64
2 tengen: --playouts 99.9: expected a whole number from 1 to 1000000000
2 tengen: --sgf-dir does not apply to the game in the terminal
2 tengen: --resume does not apply to the game in the terminal
2 tengen: --size 9.5: expected a whole number from 2 to 25
2 tengen: --max-memory 0: expected a number from 1 to 1048576
2 tengen: --match: expected the command line of a GTP engine
2 tengen: TENGEN_SEED=abc: expected a whole number from 1
2 tengen: --engine: a line break or another control character at byte 17
2 tengen: --match: a line break or another control character at byte 17
2 tengen: --server: a line break or another control character at byte 17
1 tengen: --sgf-dir notadir: not a folder
EOF
compare "command lines that cannot be meant" cmdline.expected cmdline.actual

# printsgf FILE writes through a chain of links to a file not there yet
# (the links stay links), into a pipe as it is, and into our own standard
# output without replacing the file it goes to: the replies before and
# after it are still there.
mkdir saved
ln -s saved/game.sgf link1.sgf
ln -s link1.sgf link2.sgf
mkfifo fifo.sgf
cat fifo.sgf >fifo.out &
reader=$!
printf '1 play b d4\n2 printsgf link2.sgf\n3 printsgf fifo.sgf\n4 printsgf /dev/stdout\n5 name\n' |
	"$tengen" --gtp >stdout.log 2>/dev/null
# A reader still waiting for a writer that never came gets its end of
# file; one whose pipe was replaced by a file is stopped.
if [ -p fifo.sgf ]; then
	exec 3<>fifo.sgf
	exec 3>&-
else
	kill $reader 2>/dev/null
fi
wait $reader
{
	for f in link1.sgf link2.sgf fifo.sgf; do
		[ -L "$f" ] && echo "$f: link"
		[ -p "$f" ] && echo "$f: pipe"
	done
	grep -c 'B\[dp\]' saved/game.sgf fifo.out
	grep -c '^=[1-5] ' stdout.log
	grep -c 'B\[dp\]' stdout.log
} >printsgf.actual
cat >printsgf.expected <<'EOF'
link1.sgf: link
link2.sgf: link
fifo.sgf: pipe
saved/game.sgf:1
fifo.out:1
5
1
EOF
compare "printsgf through links, into a pipe and into standard output" \
	printsgf.expected printsgf.actual

# loadsgf FILE N of a handicap record without PL[] that White begins: the
# stones of HA are on the board before move 1 too.  genmove after its
# own colour's pass is not an answer to the opponent's pass: it plays on.
printf '(;GM[1]FF[4]SZ[19]HA[2]KM[0.5];W[qp];B[dd])' >ha.sgf
printf '(;GM[1]FF[4]SZ[9]KM[7.5]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][bb]PL[B])' >dead.sgf
printf 'loadsgf ha.sgf 1\nlist_stones black\nloadsgf dead.sgf\nplay b pass\ngenmove b\n' |
	"$tengen" --gtp --playouts 2000 --threads 1 2>/dev/null |
	sed -e '/^$/d' -e 's/^= [A-HJ-T][0-9]*$/= a point/' >ha.actual
printf '= white\n= Q16 D4\n= black\n= \n= a point\n' >ha.expected
compare "loadsgf N keeps HA's stones; genmove after its own pass plays" \
	ha.expected ha.actual

# A controller that goes away makes --gtp stop with status 1 and a word
# why, not die of SIGPIPE.
{ printf 'boardsize 9\ngenmove b\n'; sleep 1; printf 'genmove w\n'; } |
	{ "$tengen" --gtp --playouts 100 2>pipe.err; echo $? >pipe.status; } |
	head -c 1 >/dev/null
echo "$(cat pipe.status) $(cut -d: -f1-2 pipe.err)" >pipe.actual
echo "1 tengen: writing to the controller" >pipe.expected
compare "a controller that goes away" pipe.expected pipe.actual

# --bench with more threads than the memory allows: status 1 and why.
# (A build with the address sanitizer, --enable-debug, cannot start at
# all in that little address space: then the check is left out.)
if (ulimit -v 200000; "$tengen" --version >/dev/null 2>&1); then
	(ulimit -v 200000; "$tengen" --bench --threads 64 --seconds 0.2 \
		--size 9 >/dev/null 2>bench.err; echo $? >bench.status)
	echo "$(cat bench.status) $(cut -d: -f1-2 bench.err)" >bench.actual
	echo "1 tengen: --bench" >bench.expected
	compare "--bench that cannot start its threads" bench.expected bench.actual
else
	echo "# tengen does not start in 200 MB of address space (a sanitizer" \
		"build?): --bench without its threads is not tried"
fi

# TENGEN_SEED alone (no --threads) makes --gtp repeatable: one thread.
printf 'boardsize 9\nclear_board\ngenmove b\ngenmove w\ngenmove b\n' >seed.gtp
TENGEN_SEED=7 "$tengen" --gtp --playouts 3000 <seed.gtp >seed1.out 2>/dev/null
TENGEN_SEED=7 "$tengen" --gtp --playouts 3000 <seed.gtp >seed2.out 2>/dev/null
grep -c '^= [A-J][1-9]' seed1.out >seed.count
echo 3 >seed.expected
compare "the seeded runs play three moves" seed.expected seed.count
compare "TENGEN_SEED alone makes the moves repeatable" seed1.out seed2.out

# Plays and queries that GNU Go answers the same way.
# (configure's GNUGO, else Debian's place for it.)
[ -n "${GNUGO:-}" ] || [ ! -x /usr/games/gnugo ] || GNUGO=/usr/games/gnugo
if [ -n "${GNUGO:-}" ] && [ -x "$GNUGO" ]; then
	cat >compare.gtp <<'EOF'
boardsize 9
clear_board
play b e5
play w d5
play b d4
play w c4
play b c5
play w d6
play b e6
play w d3
play b e4
play w b5
play b c6
play w c3
play b d7
list_stones black
list_stones white
captures black
captures white
play b a1
play w a2
play w b1
list_stones black
list_stones white
captures white
is_legal b a1
is_legal w a1
is_legal b d5
all_legal black
all_legal white
query_boardsize
boardsize 19
play black Q16
play white d4
play b k10
play w r17
list_stones black
list_stones white
all_legal w
fixed_handicap 2
clear_board
protocol_version
known_command list_stones
known_command frobnicate
EOF
	"$tengen" --gtp <compare.gtp >compare.tengen 2>/dev/null
	"$GNUGO" --mode gtp --chinese-rules <compare.gtp >compare.gnugo \
		2>/dev/null
	compare "same answers as GNU Go" compare.gnugo compare.tengen
	# Fixed handicap on the star points GNU Go takes (the replies list
	# them in different orders: list_stones compares the places).
	for size in 9 13 19; do
		for n in 2 3 4 5 6 7 8 9; do
			printf 'boardsize %s\n1 fixed_handicap %s\nlist_stones black\n' \
				"$size" "$n"
		done
	done >handicap.gtp
	"$tengen" --gtp <handicap.gtp 2>/dev/null | grep -v '^=1 ' \
		>handicap.tengen
	"$GNUGO" --mode gtp --chinese-rules <handicap.gtp 2>/dev/null |
		grep -v '^=1 ' >handicap.gnugo
	compare "fixed handicap where GNU Go puts it" handicap.gnugo \
		handicap.tengen
	# loadsgf FILE N answers the colour of move N as the record has it
	# (two moves of one colour, White first after setup stones).
	for f in game.sgf twice.sgf white-first.sgf finished.sgf; do
		for n in 0 1 2 3 4 5 6; do
			echo "loadsgf $f $n"
		done
	done >loadsgf.gtp
	"$tengen" --gtp <loadsgf.gtp >loadsgf.tengen 2>/dev/null
	"$GNUGO" --mode gtp --chinese-rules <loadsgf.gtp >loadsgf.gnugo \
		2>/dev/null
	compare "loadsgf's colour to move as GNU Go's" loadsgf.gnugo \
		loadsgf.tengen
else
	echo "# GNU Go not found: comparison skipped"
fi

echo "1..$tests"
[ "$failed" -eq 0 ]
