CREATE TABLE `rating_history` (
	`race_id` text NOT NULL,
	`player_id` text NOT NULL,
	`rank` integer NOT NULL,
	`mu_before` real NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`race_id`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `rating_history_player` ON `rating_history` (`player_id`,`at`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`player_id` text PRIMARY KEY NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer NOT NULL,
	`established` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ratings_board` ON `ratings` (`established`,`mu`,`player_id`);--> statement-breakpoint
ALTER TABLE `races` ADD `rated` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `series` integer;--> statement-breakpoint
CREATE INDEX `races_series` ON `races` (`code`,`series`);--> statement-breakpoint
ALTER TABLE `rooms` ADD `rated` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `rooms` ADD `best_of` integer DEFAULT 1 NOT NULL;