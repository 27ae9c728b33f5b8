/*
 * tui-chat.c: a chat panel of the online screens: the last lines said and
 * the line being written.
 *
 * The one idea: the room's chat in the lobby and the table's chat beside
 * the board are the same thing, one struct tui_chat each; the caller only
 * decides where it is drawn and where a line is sent.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui-online.h"

void
tui_chat_clear(struct tui_chat *c)
{
	c->n = 0;
	c->editing = false;
	c->edit[0] = '\0';
}

void
tui_chat_add(struct tui_chat *c, const char *from, const char *text)
{
	if (c->n == TUI_CHAT_LINES) {
		memmove(c->line[0], c->line[1], sizeof c->line[0] *
		    (TUI_CHAT_LINES - 1));
		c->n--;
	}
	snprintf(c->line[c->n++], sizeof c->line[0], "%s: %s", from, text);
}

enum tui_chat_result
tui_chat_key(struct tui_chat *c, int key)
{
	size_t n = strlen(c->edit);

	if (key == 27) {
		c->editing = false;
		return TUI_CHAT_KEEP;
	}
	if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		if (n == 0) {
			c->editing = false;
			return TUI_CHAT_KEEP;
		}
		return TUI_CHAT_SEND;
	}
	if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		/* A whole UTF-8 character. */
		while (n > 0 && ((unsigned char)c->edit[n - 1] & 0xc0) == 0x80)
			n--;
		if (n > 0)
			n--;
		c->edit[n] = '\0';
	} else if (((key >= ' ' && key < 127) || (key >= 128 && key < 256)) &&
	    n + 1 < sizeof c->edit) {
		c->edit[n] = (char)key;
		c->edit[n + 1] = '\0';
	}
	return TUI_CHAT_KEEP;
}

void
tui_chat_draw(const struct tui_chat *c, int y, int input, int x, int w,
	      const char *idle)
{
	char buf[600];
	int top = c->n - (input - y);

	for (int i = top < 0 ? 0 : top; i < c->n && y < input; i++)
		tui_put(y++, x, w, 0, c->line[i]);
	if (c->editing)
		snprintf(buf, sizeof buf, "> %s_", c->edit);
	else
		snprintf(buf, sizeof buf, "%s", idle);
	tui_put(input, x, w, c->editing ? A_UNDERLINE : A_DIM, buf);
}
