CREATE TABLE `game_hints` (
	`game_id` text PRIMARY KEY NOT NULL,
	`hints` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `player_stats_wins`;--> statement-breakpoint
DROP INDEX `player_stats_streak`;--> statement-breakpoint
CREATE INDEX `player_stats_wins_time` ON `player_stats` (`daily_wins`,"best_time_ms" desc,`player_id`);--> statement-breakpoint
CREATE INDEX `player_stats_streak_time` ON `player_stats` (`best_streak`,`daily_wins`,"best_time_ms" desc,`player_id`);--> statement-breakpoint
CREATE INDEX `games_seed` ON `games` (`seed`) WHERE kind = 'practice';