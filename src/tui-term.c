/*
 * tui-term.c: asking the terminal how wide its ambiguous characters are.
 *
 * The one idea: characters such as ● ○ ┼ × have "ambiguous" East-Asian
 * width: most terminals draw them in one column, terminals set up for
 * Chinese, Japanese or Korean in two.  Curses cannot know which, and a
 * board drawn with the wrong guess falls apart.  So before curses starts we
 * print one such character at the start of the line and ask the terminal
 * where its cursor went (ESC [ 6 n, answered ESC [ row ; col R).
 */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "tui.h"

/* 1 when ambiguous characters take two columns, 0 when one, -1 unknown. */
int
tui_term_probe_wide(void)
{
	static const char probe[] = "\r\xe2\x97\x8f\033[6n";
	struct termios saved, raw;
	char reply[32];
	size_t n = 0;
	int row, col, rc = -1;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO) ||
	    tcgetattr(STDIN_FILENO, &saved) < 0)
		return -1;
	raw = saved;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) < 0)
		return -1;
	if (write(STDOUT_FILENO, probe, sizeof probe - 1) ==
	    (ssize_t)(sizeof probe - 1)) {
		struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };

		while (n < sizeof reply - 1 && poll(&pfd, 1, 300) > 0) {
			if (read(STDIN_FILENO, reply + n, 1) != 1)
				break;
			if (reply[n++] == 'R')
				break;
		}
		reply[n] = '\0';
		if (n > 0 && strchr(reply, '\033') != NULL &&
		    sscanf(strchr(reply, '\033'), "\033[%d;%dR", &row, &col) == 2)
			rc = col >= 3;
	}
	if (write(STDOUT_FILENO, "\r   \r", 5) < 0) {
		/* Nothing to do: curses clears the screen next. */
	}
	tcsetattr(STDIN_FILENO, TCSANOW, &saved);
	return rc;
}
