CREATE TABLE "game_hints" (
	"game_id" text PRIMARY KEY NOT NULL,
	"hints" integer NOT NULL,
	"last_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "player_stats_wins";--> statement-breakpoint
DROP INDEX "player_stats_streak";--> statement-breakpoint
CREATE INDEX "games_seed" ON "games" USING btree ("seed") WHERE kind = 'practice';--> statement-breakpoint
CREATE INDEX "player_stats_wins_time" ON "player_stats" USING btree ("daily_wins","best_time_ms" DESC NULLS LAST,"player_id");--> statement-breakpoint
CREATE INDEX "player_stats_streak_time" ON "player_stats" USING btree ("best_streak","daily_wins","best_time_ms" DESC NULLS LAST,"player_id");