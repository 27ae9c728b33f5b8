/*
 * server-rank.c: a player's rank from their points.
 *
 * The table is the site's own: the lowest points of each rank, from 初学者
 * (beginner) at 0 to 棋圣 (Go saint) at 20130.  Fewer than 0 points is
 * still a beginner.
 */
#include "config.h"

#include "server.h"

static const struct server_rank {
	long points;
	const char *zh;
	const char *en;
} server_ranks[] = {
	{ 0, "初学者", "Beginner" },
	{ 30, "业余初段", "Amateur 1 dan" },
	{ 80, "业余二段", "Amateur 2 dan" },
	{ 160, "业余三段", "Amateur 3 dan" },
	{ 282, "业余四段", "Amateur 4 dan" },
	{ 450, "业余五段", "Amateur 5 dan" },
	{ 680, "业余六段", "Amateur 6 dan" },
	{ 980, "业余七段", "Amateur 7 dan" },
	{ 1360, "业余八段", "Amateur 8 dan" },
	{ 1830, "业余九段", "Amateur 9 dan" },
	{ 2400, "职业初段", "Professional 1 dan" },
	{ 3880, "职业二段", "Professional 2 dan" },
	{ 4810, "职业三段", "Professional 3 dan" },
	{ 5880, "职业四段", "Professional 4 dan" },
	{ 7200, "职业五段", "Professional 5 dan" },
	{ 8780, "职业六段", "Professional 6 dan" },
	{ 10530, "职业七段", "Professional 7 dan" },
	{ 12460, "职业八段", "Professional 8 dan" },
	{ 14680, "职业九段", "Professional 9 dan" },
	{ 17200, "超一流", "Top professional" },
	{ 20130, "棋圣", "Go saint" },
};

#define SERVER_NRANKS ((int)(sizeof server_ranks / sizeof server_ranks[0]))

static const struct server_rank *
server_rank_of(long points)
{
	int i = SERVER_NRANKS - 1;

	while (i > 0 && points < server_ranks[i].points)
		i--;
	return &server_ranks[i];
}

const char *
server_rank_zh(long points)
{
	return server_rank_of(points)->zh;
}

const char *
server_rank_en(long points)
{
	return server_rank_of(points)->en;
}

cJSON *
server_rank_table(void)
{
	cJSON *a = cJSON_CreateArray();

	for (int i = 0; i < SERVER_NRANKS; i++) {
		cJSON *r = cJSON_CreateObject();

		cJSON_AddNumberToObject(r, "points", (double)server_ranks[i].points);
		cJSON_AddStringToObject(r, "rank", server_ranks[i].zh);
		cJSON_AddStringToObject(r, "rank_en", server_ranks[i].en);
		cJSON_AddItemToArray(a, r);
	}
	return a;
}
