CREATE TABLE `puzzle_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`puzzle_id` text NOT NULL,
	`step` integer NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `puzzle_attempts_player_puzzle` ON `puzzle_attempts` (`player_id`,`puzzle_id`);--> statement-breakpoint
CREATE INDEX `puzzle_attempts_player_status` ON `puzzle_attempts` (`player_id`,`status`);--> statement-breakpoint
CREATE TABLE `puzzle_players` (
	`player_id` text PRIMARY KEY NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `puzzle_ratings` (
	`puzzle_id` text PRIMARY KEY NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer NOT NULL
);
