/*
 * server-event.c: numbered event channels and the long-polls that wait on
 * them.
 *
 * Each table and each room is a channel: an ever-growing sequence of events
 * numbered 1, 2, 3, ... and stored in the database in the same transaction
 * as the change they describe.  A client asks for "everything after N", so
 * one that reconnects, or polls again after a reply it never got, misses
 * nothing and sees nothing twice.  The latest events are also kept in
 * memory; older ones are read back from the database, which keeps the
 * last --keep-events of each channel (a tenth more at times: they go a
 * tenth at a time).  A client asking for events no longer there is told to
 * read the state anew ("resync"), as after a restart on another database.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "util.h"

#define SERVER_CHAN_KEEP 512	/* events kept in memory per channel */
#define SERVER_CHAN_REPLY 500	/* most events in one reply */

void
server_chan_init(struct server *srv, struct server_chan *ch,
		enum server_chan_kind kind, long id)
{
	long last, first;

	memset(ch, 0, sizeof *ch);
	ch->kind = kind;
	ch->id = id;
	last = server_db_event_last(srv->db, kind, id);
	first = server_db_event_first(srv->db, kind, id);
	/* Numbering anew would clash with the events stored. */
	if (last < -1 || first < -1)
		server_fatal(srv, "reading the last event of a channel");
	ch->last_seq = last > 0 ? last : 0;
	ch->gone = first > 0 ? first - 1 : ch->last_seq;
}

/* The events of CH before the last --keep-events, deleted from the
 * database a tenth of them at a time, in the transaction of the event that
 * makes them too many. */
static void
server_chan_prune(struct server *srv, struct server_chan *ch)
{
	long keep = srv->opt.keep_events, step = keep / 10 > 0 ? keep / 10 : 1;

	if (keep <= 0 || ch->last_seq - ch->gone <= keep + step)
		return;
	if (server_db_events_prune(srv->db, ch->kind, ch->id,
	    ch->last_seq - keep) < 0)
		server_fatal(srv, "deleting old events");
	ch->gone = ch->last_seq - keep;
}

bool
server_chan_gone(const struct server_chan *ch, long since)
{
	if (since < 0)
		since = 0;
	if (ch->nev > 0 && since >= ch->ev[0].seq - 1)
		return false;	/* all in memory */
	return since < ch->gone;
}

void
server_chan_free(struct server_chan *ch)
{
	for (int i = 0; i < ch->nev; i++)
		free(ch->ev[i].json);
	free(ch->ev);
	ch->ev = NULL;
	ch->nev = ch->cev = 0;
	free(ch->chat);
	ch->chat = NULL;
	ch->nchat = ch->cchat = 0;
}

void
server_emit(struct server *srv, struct server_chan *ch, cJSON *ev)
{
	char *json;
	long seq = ch->last_seq + 1;

	cJSON_AddNumberToObject(ev, "seq", (double)seq);
	json = cJSON_PrintUnformatted(ev);
	cJSON_Delete(ev);
	if (json == NULL)
		server_fatal(srv, "out of memory");
	if (server_db_event_add(srv->db, ch->kind, ch->id, seq, json) < 0)
		server_fatal(srv, "storing an event");
	ch->last_seq = seq;
	server_chan_prune(srv, ch);
	if (ch->nev == SERVER_CHAN_KEEP) {
		int drop = SERVER_CHAN_KEEP / 2;

		for (int i = 0; i < drop; i++)
			free(ch->ev[i].json);
		memmove(ch->ev, ch->ev + drop, (size_t)(ch->nev - drop) *
		    sizeof ch->ev[0]);
		ch->nev -= drop;
	}
	if (ch->nev == ch->cev) {
		ch->cev = ch->cev ? ch->cev * 2 : 8;
		ch->ev = xreallocarray(ch->ev, (size_t)ch->cev, sizeof ch->ev[0]);
	}
	ch->ev[ch->nev].seq = seq;
	ch->ev[ch->nev].json = json;
	ch->nev++;
	/* Wake everyone waiting here; they answer once the caller commits
	 * and lets go of the lock. */
	while (ch->waiters) {
		struct server_waiter *w = ch->waiters;

		server_waiter_remove(srv, w);
		server_http_resume(srv, w);
	}
}

bool
server_chan_has(const struct server_chan *ch, long since)
{
	return since < ch->last_seq;
}

struct server_chan_buf {
	char *s;
	size_t len, cap;
	int n;
	long last;
};

static void
server_chan_append(void *arg, long seq, const char *json)
{
	struct server_chan_buf *b = arg;
	size_t l = strlen(json);

	if (b->len + l + 4 > b->cap) {
		b->cap = (b->len + l + 4) * 2;
		b->s = xreallocarray(b->s, b->cap, 1);
	}
	if (b->n++ > 0)
		b->s[b->len++] = ',';
	memcpy(b->s + b->len, json, l);
	b->len += l;
	b->s[b->len] = '\0';
	b->last = seq;
}

char *
server_chan_since(struct server *srv, struct server_chan *ch, long since,
		long *last, bool *more)
{
	struct server_chan_buf b = { NULL, 0, 0, 0, since };

	b.cap = 256;
	b.s = xmalloc(b.cap);
	b.s[b.len++] = '[';
	b.s[b.len] = '\0';
	if (since < 0)
		since = 0;
	if (since < ch->last_seq) {
		if (ch->nev > 0 && since >= ch->ev[0].seq - 1) {
			for (int i = 0; i < ch->nev && b.n < SERVER_CHAN_REPLY; i++)
				if (ch->ev[i].seq > since)
					server_chan_append(&b, ch->ev[i].seq,
					    ch->ev[i].json);
		} else if (server_db_events(srv->db, ch->kind, ch->id, since,
		    SERVER_CHAN_REPLY, server_chan_append, &b) < 0) {
			server_fatal(srv, "reading events");
		}
	}
	b.s[b.len++] = ']';
	b.s[b.len] = '\0';
	*last = b.n > 0 ? b.last : since > ch->last_seq ? ch->last_seq : since;
	*more = b.n > 0 && b.last < ch->last_seq;
	return b.s;
}

/* Is EV a chat line?  Its text, or NULL. */
static const char *
server_chat_text(const cJSON *ev)
{
	const char *type = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(ev, "type"));

	if (type == NULL || strcmp(type, "chat") != 0)
		return NULL;
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ev,
	    "text"));
}

cJSON *
server_chan_chat(struct server *srv, struct server_chan *ch, int max)
{
	long since = ch->last_seq > SERVER_CHAN_REPLY ?
	    ch->last_seq - SERVER_CHAN_REPLY : 0, last;

	if (server_chan_gone(ch, since))
		since = ch->gone;
	bool more;
	char *list = server_chan_since(srv, ch, since, &last, &more);
	cJSON *all = cJSON_Parse(list), *lines = cJSON_CreateArray(), *ev;
	int n = 0;

	free(list);
	if (all == NULL || lines == NULL)
		server_fatal(srv, "out of memory");
	cJSON_ArrayForEach(ev, all)
		if (server_chat_text(ev))
			n++;
	cJSON_ArrayForEach(ev, all) {
		const char *text = server_chat_text(ev), *from;
		cJSON *line;

		if (text == NULL || n-- > max)
			continue;	/* not chat, or older than the last MAX */
		from = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ev,
		    "from"));
		line = cJSON_CreateObject();
		cJSON_AddStringToObject(line, "from", from ? from : "");
		cJSON_AddStringToObject(line, "text", text);
		cJSON_AddNumberToObject(line, "seq", cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(ev, "seq")));
		cJSON_AddItemToArray(lines, line);
	}
	cJSON_Delete(all);
	return lines;
}

void
server_waiter_add(struct server *srv, struct server_waiter *w)
{
	struct server_chan *ch = w->chan;

	w->prev = NULL;
	w->next = ch->waiters;
	if (ch->waiters)
		ch->waiters->prev = w;
	ch->waiters = w;
	w->gprev = NULL;
	w->gnext = srv->waiters;
	if (srv->waiters)
		srv->waiters->gprev = w;
	srv->waiters = w;
	w->waiting = true;
	srv->nwaiters++;
}

void
server_waiter_remove(struct server *srv, struct server_waiter *w)
{
	if (!w->waiting)
		return;
	if (w->prev)
		w->prev->next = w->next;
	else
		w->chan->waiters = w->next;
	if (w->next)
		w->next->prev = w->prev;
	if (w->gprev)
		w->gprev->gnext = w->gnext;
	else
		srv->waiters = w->gnext;
	if (w->gnext)
		w->gnext->gprev = w->gprev;
	w->prev = w->next = w->gprev = w->gnext = NULL;
	w->waiting = false;
	srv->nwaiters--;
}

void
server_waiters_expire(struct server *srv, double now, bool all)
{
	struct server_waiter *w = srv->waiters, *next;

	for (; w; w = next) {
		next = w->gnext;
		if (all || w->deadline <= now) {
			server_waiter_remove(srv, w);
			server_http_resume(srv, w);
		}
	}
}
