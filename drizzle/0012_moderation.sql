CREATE TABLE `marks` (
	`player_id` text PRIMARY KEY NOT NULL,
	`marked_at` integer NOT NULL,
	`log_id` text NOT NULL,
	`appealed_at` integer
);
--> statement-breakpoint
CREATE TABLE `mod_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`player_id` text NOT NULL,
	`reporter_id` text,
	`reason` text,
	`note` text,
	`source` text,
	`game_id` text,
	`race_id` text,
	`summary` text,
	`created_at` integer NOT NULL,
	`status` text NOT NULL,
	`closed_at` integer,
	`reporter_told` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mod_cases_open` ON `mod_cases` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `mod_cases_player` ON `mod_cases` (`player_id`,`status`);--> statement-breakpoint
CREATE INDEX `mod_cases_reporter` ON `mod_cases` (`reporter_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `mod_cases_one_open_report` ON `mod_cases` (`reporter_id`,`player_id`) WHERE kind = 'report' AND status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `mod_cases_held_game` ON `mod_cases` (`game_id`) WHERE kind = 'held';--> statement-breakpoint
CREATE TABLE `mod_log` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`player_id` text NOT NULL,
	`reason` text NOT NULL,
	`at` integer NOT NULL,
	`cases` text NOT NULL,
	`unmarked` integer DEFAULT false NOT NULL,
	`undone_at` integer,
	`undone_by` text
);
--> statement-breakpoint
CREATE INDEX `mod_log_at` ON `mod_log` (`at`);--> statement-breakpoint
CREATE INDEX `mod_log_player` ON `mod_log` (`player_id`,`at`);--> statement-breakpoint
CREATE TABLE `moderators` (
	`player_id` text PRIMARY KEY NOT NULL,
	`granted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rating_refunds` (
	`marked_id` text NOT NULL,
	`victim_id` text NOT NULL,
	`points` integer NOT NULL,
	`mu` real NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`marked_id`, `victim_id`)
);
--> statement-breakpoint
CREATE INDEX `rating_refunds_victim` ON `rating_refunds` (`victim_id`);