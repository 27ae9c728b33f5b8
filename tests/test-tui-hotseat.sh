#!/bin/sh
# test-tui-hotseat.sh: a 9x9 game for two players on one screen, from the
# first stone to the confirmed result: placing with the keyboard, a capture,
# a forbidden point marked and refused with its reason in the status line,
# two passes, counting with a group toggled dead and alive, and the result
# on the screen and in the saved SGF record; a result taken back with its
# archive, and a record's result that no move gave taken back alone; a
# record won on time, by forfeit or drawn shown as such; of a file of two
# games, the first, with a word that there are more.
. "${top_srcdir:-.}/tests/tui/lib.sh"
tui_init test-tui-hotseat

tui_start --hotseat --size 9 --ascii
tui_wait "Black to play"
tui_wait "Black: player"
tui_wait "Komi 7.5"
tui_wait "Move 0"
# The cursor starts on the centre and shows Black's preview stone there.
tui_expect_row 5 ". . . . x . . . ."

tui_play B1 9
tui_wait "White to play"
tui_play A1 9
tui_play A2 9
tui_expect_row 1 "# X . . . . . . ."
tui_expect_row 2 "X . . . . . . . ."
tui_wait "Black captured 1"
tui_wait "White captured 0"
tui_wait "Move 3"
tui_wait "Last move: A2"
[ -f "$XDG_DATA_HOME/tengen/current.sgf" ] || tui_fail "no save after a move"
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" ";B[bi];W[ai];B[ah]"
tui_file_lacks "$XDG_DATA_HOME/tengen/current.sgf" "RE["

# White may not play at A1: suicide.  The reason is on the status line.
tui_goto A1 9
tui_keys Enter
tui_wait "A1 is forbidden: the stone would have no liberty (suicide)"
tui_wait "White to play"
tui_wait "Move 3"

tui_play J9 9
tui_expect_row 9 ". . . . . . . . O"
tui_keys p
tui_wait "Black passes"
tui_wait "Move 5"
tui_keys p
tui_wait "Counting: mark dead groups"
tui_wait "[Confirm result C]"
tui_wait "Move 6"
# Play on, take the passes and J9 back, play them again: the two passes
# start the counting again (declining it held only for those moves).
tui_keys Escape
tui_wait "Play goes on"
tui_keys z z z
tui_wait "Move 3"
tui_play J9 9
tui_keys p
tui_wait "Move 5"
tui_keys p
tui_wait "Counting: mark dead groups"
tui_wait "Move 6"

# Toggle the white stone on J9: alive (O, the row shared) and dead (o, the
# row Black's) in turn, and the count follows at once.
alive="= = = = = = = = O"
dead="b b b b b b b b o"
first=$(tui_row 9)
case $first in
"$alive") other=$dead ;;
"$dead") other=$alive ;;
*) tui_fail "row 9 in counting: $first" ;;
esac
tui_goto J9 9
count1=$(tui_screen | grep "^Black [0-9.]*, White")
tui_keys Enter
tui_expect_row 9 "$other"
count2=$(tui_screen | grep "^Black [0-9.]*, White")
[ "$count1" != "$count2" ] || tui_fail "the count did not change: $count1"
tui_ok "the count follows the toggle"
tui_keys Enter
tui_expect_row 9 "$first"
# Leave it dead: then the whole board is Black's.
[ "$first" = "$dead" ] || tui_keys Enter
tui_expect_row 9 "$dead"
tui_wait "Black 81, White 0"
tui_keys c
tui_wait "Game over"
# The final position keeps showing the count that decided it.
tui_expect_row 9 "$dead"
tui_wait "B+73.5: Black wins by 36"
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" "RE[B+73.5]"
ls "$XDG_DATA_HOME"/tengen/game-*.sgf >/dev/null 2>&1 ||
	tui_fail "the finished game was not kept"
tui_ok "the finished game is kept"

# A finished game is not offered in the lobby.
tui_keys q
tui_wait "Start game"
if tui_screen | grep -q "Continue last game"; then
	tui_fail "a finished game is offered to continue"
fi
tui_ok "no continue for a finished game"
tui_keys q
tui_wait_exit

# A result taken back removes the game's archive until the game ends
# again, then under the same name: a game that ends twice, even left and
# continued in between, is kept once, with its last result.
archives() { ls "$XDG_DATA_HOME"/tengen/game-*.sgf 2>/dev/null | wc -l; }
n=$(archives)
tui_start --hotseat --size 9 --ascii
tui_wait "Black to play"
tui_play E5 9
tui_keys g
tui_wait "White resigns this game?"
tui_keys y
tui_wait "B+R: White resigned"
[ "$(archives)" -eq $((n + 1)) ] || tui_fail "the finished game was not kept"
tui_keys z
tui_wait "Resignation taken back"
[ "$(archives)" -eq "$n" ] ||
	tui_fail "the archive keeps a result that was taken back"
tui_ok "a result taken back takes its archive with it"
tui_keys g
tui_wait "White resigns this game?"
tui_keys y
tui_wait "B+R: White resigned"
tui_keys z
tui_wait "Resignation taken back"
tui_keys q
tui_wait ">  [ Continue last game ]"
tui_keys c
tui_wait "Game continued at move 1: White to play"
tui_keys g
tui_wait "White resigns this game?"
tui_keys y
tui_wait "B+R: White resigned"
[ "$(archives)" -eq $((n + 1)) ] ||
	tui_fail "a game that ended twice was kept $(($(archives) - n)) times"
last=$(ls -t "$XDG_DATA_HOME"/tengen/game-*.sgf | head -n 1)
tui_file_has "$last" "RE[B+R]"
tui_file_has "$last" ";B[ee]"
tui_ok "a game that ends twice is kept once"
tui_stop

# A record's result that no move gave (a count without two passes, a
# loss on time) is taken back alone: no move goes with it.
for re in "B+2.5" "W+T"; do
	printf '(;GM[1]FF[4]SZ[9]KM[7.5]RE[%s];B[ee];W[cc];B[gg])\n' "$re" \
		>"$tui_tmp/result.sgf"
	tui_start --ascii "$tui_tmp/result.sgf"
	tui_wait "look through the moves"
	tui_keys z
	tui_wait "Result taken back"
	tui_wait "Move 3"
	tui_wait "White to play"
	tui_keys Q
	tui_wait_exit
	tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" ";B[ee];W[cc];B[gg]"
	tui_file_lacks "$XDG_DATA_HOME/tengen/current.sgf" "RE["
	tui_ok "Z on RE[$re] takes back the result alone"
done

# A record won on time or by forfeit, or drawn, says so.
for case in "W+T|W+T: Black lost on time, White wins" \
	"B+Time|B+T: White lost on time, Black wins" \
	"B+F|B+F: White forfeited, Black wins" \
	"W+Forfeit|W+F: Black forfeited, White wins" \
	"Draw|Draw: neither side wins" "Jigo|Draw: neither side wins"; do
	re=${case%%|*}
	printf '(;GM[1]FF[4]SZ[9]KM[7.5]RE[%s];B[ee];W[cc];B[gg])\n' "$re" \
		>"$tui_tmp/result.sgf"
	tui_start --ascii "$tui_tmp/result.sgf"
	tui_wait "look through the moves"
	tui_wait "${case#*|}"
	tui_screen | grep -F -q "The game is over" &&
		tui_fail "RE[$re] shows no result"
	tui_ok "RE[$re] shows its result"
done
tui_stop

# A file of two games: the first is loaded, and the status line says that
# there are more (on one line or two).
more="The file holds more than one game; this is the first."
wait_more() {
	tui_deadline=$(($(date +%s) + tui_timeout))
	until tui_screen | tr '\n' ' ' | tr -s ' ' | grep -F -q -e "$more"; do
		[ "$(date +%s)" -ge "$tui_deadline" ] &&
			tui_fail "timed out waiting for: $more"
		sleep 0.1
	done
	tui_ok "the status line says the file holds more games"
}
printf '(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc])\n(;GM[1]FF[4]SZ[13];B[aa])\n' \
	>"$tui_tmp/two.sgf"
tui_start --ascii "$tui_tmp/two.sgf"
tui_wait "Move 2"
wait_more
tui_keys Q
tui_wait_exit
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" "SZ[9]"
tui_file_has "$XDG_DATA_HOME/tengen/current.sgf" ";B[ee];W[cc]"
tui_file_lacks "$XDG_DATA_HOME/tengen/current.sgf" "B[aa]"
tui_ok "the first game of two is the one played on"
printf '(;GM[1]FF[4]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc])(;SZ[13];B[aa])' \
	>"$tui_tmp/two.sgf"
tui_start --ascii "$tui_tmp/two.sgf"
tui_wait "look through the moves"
wait_more
tui_keys Q
tui_wait_exit
tui_done
