/*
 * tui-chat.c: a chat panel of the online screens: the last lines said, the
 * line being written, and the lines on their way (tui-online-draw.c draws
 * it).
 *
 * The one idea: the room's chat in the lobby and the table's chat beside
 * the board are the same thing, one struct tui_chat each; the caller only
 * decides where it is drawn and where a line is sent.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "tui-online.h"

void
tui_chat_clear(struct tui_chat *c)
{
	c->n = 0;
	c->seq = 0;
	c->editing = false;
	c->edit[0] = '\0';
	c->epoch++;
}

void
tui_chat_event(struct tui_chat *c, const cJSON *ev)
{
	const char *from = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(ev, "from"));
	const char *text = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(ev, "text"));
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(ev, "seq");
	long seq = cJSON_IsNumber(n) ? (long)n->valuedouble : 0;

	/* Each line once, whether it came as an event or in a state. */
	if (seq > 0 && seq <= c->seq)
		return;
	if (seq > 0)
		c->seq = seq;
	tui_chat_add(c, from ? from : "", text ? text : "");
}

void
tui_chat_past(struct tui_chat *c, const cJSON *state, long upto)
{
	const cJSON *line, *seq = cJSON_GetObjectItemCaseSensitive(state, "seq");

	/* A state numbered below the lines already seen: the server's events
	 * started over, and so do the numbers that tell a line seen. */
	if (cJSON_IsNumber(seq) && seq->valuedouble < (double)c->seq)
		c->seq = 0;
	cJSON_ArrayForEach(line, cJSON_GetObjectItemCaseSensitive(state, "chat")) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(line, "seq");

		/* Said after UPTO: its event is still to come, with the lines
		 * before it that the state no longer holds. */
		if (upto > 0 && cJSON_IsNumber(n) && n->valuedouble > (double)upto)
			continue;
		tui_chat_event(c, line);
	}
}

struct tui_chat_flight *
tui_chat_sending(struct tui_chat *c, struct tui *t)
{
	for (int i = 0; i < TUI_CHAT_FLIGHT; i++) {
		struct tui_chat_flight *f = &c->flight[i];

		if (f->busy)
			continue;
		f->t = t;
		f->chat = c;
		f->epoch = c->epoch;
		f->busy = true;
		snprintf(f->text, sizeof f->text, "%s", c->edit);
		c->edit[0] = '\0';
		return f;
	}
	return NULL;
}

void
tui_chat_arrived(struct tui_chat_flight *f)
{
	f->busy = false;
}

void
tui_chat_failed(struct tui_chat_flight *f)
{
	struct tui_chat *c = f->chat;

	/* Sent to a table or room since left: not this chat's line. */
	if (f->epoch != c->epoch) {
		f->busy = false;
		return;
	}
	if (c->edit[0] == '\0') {
		snprintf(c->edit, sizeof c->edit, "%s", f->text);
		c->editing = true;
	} else {
		tui_chat_add(c, _("not sent"), f->text);
	}
	f->busy = false;
}

static size_t tui_chat_utf8_len(unsigned char b);

/* A line as the terminal may show it: each control character (C0, DEL,
 * and C1, U+0080 to U+009F) a space, so that a newline or a tab from a
 * player or a server never moves the cursor off the chat's lines; and no
 * character cut in two at the end. */
static void
tui_chat_clean(char *s)
{
	unsigned char *r = (unsigned char *)s, *w = r;
	size_t n, k;

	while (*r != '\0') {
		if (*r < 0x20 || *r == 0x7f) {
			*w++ = ' ';
			r++;
		} else if (r[0] == 0xc2 && r[1] >= 0x80 && r[1] <= 0x9f) {
			*w++ = ' ';
			r += 2;
		} else
			*w++ = *r++;
	}
	*w = '\0';
	/* The last character whole, or gone. */
	n = (size_t)(w - (unsigned char *)s);
	for (k = n; k > 0 && ((unsigned char)s[k - 1] & 0xc0) == 0x80; k--)
		;
	if (k > 0 && (unsigned char)s[k - 1] >= 0xc0 &&
	    k - 1 + tui_chat_utf8_len((unsigned char)s[k - 1]) != n)
		s[k - 1] = '\0';
}

void
tui_chat_add(struct tui_chat *c, const char *from, const char *text)
{
	if (c->n == TUI_CHAT_LINES) {
		memmove(c->line[0], c->line[1], sizeof c->line[0] *
		    (TUI_CHAT_LINES - 1));
		c->n--;
	}
	snprintf(c->line[c->n], sizeof c->line[0], "%s: %s", from, text);
	tui_chat_clean(c->line[c->n++]);
}

/* Bytes of the UTF-8 character a byte B begins: 1 for ASCII, 2 to 4 for a
 * lead byte, 0 for a continuation byte or one that begins nothing. */
static size_t
tui_chat_utf8_len(unsigned char b)
{
	return b < 0x80 ? 1 : b < 0xc2 ? 0 : b < 0xe0 ? 2 : b < 0xf0 ? 3 :
	    b < 0xf5 ? 4 : 0;
}

/* May byte B (128 to 255) follow the N bytes of EDIT?  A lead byte only
 * if its whole character fits in CAP, a continuation byte only where a
 * character still wants one: the line stays whole UTF-8. */
static bool
tui_chat_byte_fits(const char *edit, size_t n, size_t cap, unsigned char b)
{
	size_t start = n, want;

	if (b >= 0xc0)
		return tui_chat_utf8_len(b) != 0 &&
		    n + tui_chat_utf8_len(b) < cap;
	while (start > 0 && ((unsigned char)edit[start - 1] & 0xc0) == 0x80)
		start--;
	if (start == 0)
		return false;
	want = tui_chat_utf8_len((unsigned char)edit[start - 1]);
	return want > 1 && n - (start - 1) < want;
}

/* Drop a character the end of EDIT has only begun; its new length. */
static size_t
tui_chat_trim_partial(char *edit, size_t n)
{
	size_t start = n;

	while (start > 0 && ((unsigned char)edit[start - 1] & 0xc0) == 0x80)
		start--;
	if (start > 0 && tui_chat_utf8_len((unsigned char)edit[start - 1]) >
	    n - (start - 1)) {
		n = start - 1;
		edit[n] = '\0';
	}
	return n;
}

enum tui_chat_result
tui_chat_key(struct tui_chat *c, int key)
{
	size_t n = strlen(c->edit);

	/* A byte that does not go on with a character begun ends it. */
	if (key < 0x80 || key >= 0xc0)
		n = tui_chat_trim_partial(c->edit, n);

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
	} else if (((key >= ' ' && key < 127 && n + 1 < sizeof c->edit) ||
	    (key >= 128 && key < 256 && tui_chat_byte_fits(c->edit, n,
	    sizeof c->edit, (unsigned char)key)))) {
		c->edit[n] = (char)key;
		c->edit[n + 1] = '\0';
	}
	return TUI_CHAT_KEEP;
}
