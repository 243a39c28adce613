DROP INDEX `daily_results_fastest`;--> statement-breakpoint
CREATE INDEX `daily_results_fastest` ON `daily_results` (`time_ms`,`finished_at`,`player_id`,`date`) WHERE won = 1 AND verified = 1;--> statement-breakpoint
DROP INDEX `player_stats_wins`;--> statement-breakpoint
DROP INDEX `player_stats_streak`;--> statement-breakpoint
CREATE INDEX `player_stats_wins` ON `player_stats` (`daily_wins`,`best_streak`,`player_id`);--> statement-breakpoint
CREATE INDEX `player_stats_streak` ON `player_stats` (`best_streak`,`daily_wins`,`player_id`);