#!/bin/sh
# fake-gtp-engine.sh: a tiny GTP engine with bad habits, for test-gtp-client.
#
# Usage: sh fake-gtp-engine.sh MODE
#   good      answers well but untidily: CRLF line ends, blank lines before
#             replies, replies split over several writes, stderr noise
#   die       answers one command, then exits with status 3
#   garbage   answers with a line that is not a GTP reply
#   wrongid   answers with the wrong id
#   hang      reads commands and never answers (exits at end of input)
#   stubborn  never answers, ignores end of input and SIGTERM
#   partial   starts a reply and exits in the middle of it
#   flood     writes blank lines as fast as it can and never answers
#   unended   answers "= C3" to everything, never with the empty line
#             that ends a reply
#
# Commands in "good" mode: protocol_version, name, echo ARGS, multi,
# fail, noid, tab, quit; anything else is an unknown command.
mode=${1:-good}

case $mode in
flood)
	# Its input kept open on fd 3: an engine that floods still reads
	# nothing, but has not closed its input (a write to it must not fail
	# with "closed its input" before the timeout).
	exec tr '\0' '\n' 3<&0 </dev/zero
	;;
stubborn)
	trap '' TERM
	while :; do
		sleep 1
	done
	;;
esac

n=0
while IFS= read -r line; do
	n=$((n + 1))
	set -f
	# shellcheck disable=SC2086
	set -- $line
	set +f
	id=""
	case ${1:-} in
	[0-9]*) id=$1; shift ;;
	esac
	cmd=${1:-}
	[ $# -gt 0 ] && shift
	args="$*"

	case $mode in
	die)
		[ "$n" -ge 2 ] && exit 3
		printf '=%s\n\n' "$id"
		continue
		;;
	garbage)
		printf 'hello, I am not a GTP engine\n\n'
		continue
		;;
	wrongid)
		printf '=%s\n\n' "$((id + 1))"
		continue
		;;
	hang)
		continue
		;;
	partial)
		printf '=%s first line\nsecond line\n' "$id"
		exit 0
		;;
	unended)
		printf '=%s C3\n' "$id"
		continue
		;;
	esac

	# good
	echo "fake engine got: $cmd" >&2
	printf '\r\n\n'
	case $cmd in
	protocol_version)
		printf '=%s 2\r\n\r\n' "$id"
		;;
	name)
		printf '=%s Fa' "$id"
		sleep 0.05
		printf 'ke\r'
		sleep 0.05
		printf '\n\r\n'
		;;
	echo)
		printf '=%s %s\r\n\r\n' "$id" "$args"
		;;
	multi)
		printf '=%s one\r\ntwo\r\n' "$id"
		sleep 0.05
		printf '  three\r\n\r\n'
		;;
	fail)
		printf '?%s it went wrong\r\n\r\n' "$id"
		;;
	noid)
		printf '= no id here\n\n'
		;;
	tab)
		printf '=%s a\tb\r\n\r\n' "$id"
		;;
	quit)
		printf '=%s\r\n\r\n' "$id"
		exit 0
		;;
	*)
		printf '?%s unknown command\r\n\r\n' "$id"
		;;
	esac
done
exit 0
