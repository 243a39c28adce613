CREATE TABLE `daily_counts` (
	`date` text PRIMARY KEY NOT NULL,
	`played` integer NOT NULL,
	`won` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `daily_results_board`;--> statement-breakpoint
CREATE INDEX `daily_results_board` ON `daily_results` (`date`,`verified`,`sort_key`,`finished_at`,`player_id`);