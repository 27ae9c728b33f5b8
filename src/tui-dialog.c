/*
 * tui-dialog.c: yes / no questions ("Resign this game?").
 *
 * The one idea: a dialog is modal and tiny.  While one is open it gets every
 * key and click; Enter (or a click on Yes) runs its yes function, Esc (or a
 * click on No) its no function, and either closes it.  Errors never open a
 * dialog: they go to the status line, so play is never blocked by a pop-up.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "tui.h"

void
tui_dialog_open(struct tui *t, const char *text, void (*yes)(struct tui *),
		void (*no)(struct tui *))
{
	struct tui_dialog *d = &t->dialog;

	memset(d, 0, sizeof *d);
	d->open = true;
	snprintf(d->text, sizeof d->text, "%s", text);
	d->yes = yes;
	d->no = no;
}

static void
tui_dialog_answer(struct tui *t, bool yes)
{
	struct tui_dialog d = t->dialog;

	t->dialog.open = false;
	if (yes && d.yes != NULL)
		d.yes(t);
	else if (!yes && d.no != NULL)
		d.no(t);
}

void
tui_dialog_key(struct tui *t, int key)
{
	switch (tui_keys_lookup(tui_keys_dialog, key)) {
	case TUI_YES:
		tui_dialog_answer(t, true);
		break;
	case TUI_NO:
		tui_dialog_answer(t, false);
		break;
	default:
		break;
	}
}

void
tui_dialog_click(struct tui *t, int y, int x)
{
	for (int i = 0; i < 2; i++) {
		const struct tui_button *b = &t->dialog.buttons[i];

		if (y == b->y && x >= b->x && x < b->x + b->w) {
			tui_dialog_answer(t, b->action == TUI_YES);
			return;
		}
	}
}

void
tui_dialog_draw(struct tui *t)
{
	struct tui_dialog *d = &t->dialog;
	const char *yes = _("[ Yes: Enter ]"), *no = _("[ No: Esc ]");
	int tw = tui_text_width(d->text);
	int bw = tui_text_width(yes) + 2 + tui_text_width(no);
	int w = (tw > bw ? tw : bw) + 4, h = 5, y, x, i;

	if (w > t->cols)
		w = t->cols;
	y = (t->rows - h) / 2;
	x = (t->cols - w) / 2;
	for (i = 0; i < h; i++) {
		move(y + i, x);
		for (int j = 0; j < w; j++)
			addch(i == 0 || i == h - 1 ? '-' : j == 0 || j == w - 1 ?
			    '|' : ' ');
	}
	tui_put(y + 1, x + 2, w - 4, A_BOLD, d->text);
	i = x + (w - bw) / 2;
	d->buttons[0] = (struct tui_button){ y + 3, i, tui_text_width(yes),
	    TUI_YES };
	tui_put(y + 3, i, w - 2, A_REVERSE, yes);
	i += tui_text_width(yes) + 2;
	d->buttons[1] = (struct tui_button){ y + 3, i, tui_text_width(no),
	    TUI_NO };
	tui_put(y + 3, i, w - 2, A_REVERSE, no);
}
