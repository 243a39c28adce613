CREATE TABLE `actions` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `daily_deals` (
	`date` text PRIMARY KEY NOT NULL,
	`day` integer NOT NULL,
	`variant` text NOT NULL,
	`seed` text NOT NULL,
	`deck` text NOT NULL,
	`candidate` integer NOT NULL,
	`certified_by` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_results` (
	`date` text NOT NULL,
	`player_id` text NOT NULL,
	`game_id` text NOT NULL,
	`won` integer NOT NULL,
	`time_ms` integer NOT NULL,
	`moves` integer NOT NULL,
	`progress` integer NOT NULL,
	`face_down` integer NOT NULL,
	`verified` integer NOT NULL,
	`sort_key` integer NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`date`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `daily_results_board` ON `daily_results` (`date`,`verified`,`sort_key`,`finished_at`);--> statement-breakpoint
CREATE INDEX `daily_results_fastest` ON `daily_results` (`time_ms`) WHERE won = 1 AND verified = 1;--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`kind` text NOT NULL,
	`variant` text NOT NULL,
	`options` text NOT NULL,
	`seed` text,
	`player_seed` integer NOT NULL,
	`deck` text NOT NULL,
	`daily_date` text,
	`race_id` text,
	`ranked` integer NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`paused_ms` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	`time_ms` integer,
	`seq` integer DEFAULT 0 NOT NULL,
	`moves` integer DEFAULT 0 NOT NULL,
	`undos` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`face_down` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `games_player_status` ON `games` (`player_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_daily` ON `games` (`daily_date`,`player_id`);--> statement-breakpoint
CREATE INDEX `games_race` ON `games` (`race_id`);--> statement-breakpoint
CREATE INDEX `games_open` ON `games` (`status`) WHERE status = 'playing';--> statement-breakpoint
CREATE TABLE `player_stats` (
	`player_id` text PRIMARY KEY NOT NULL,
	`daily_played` integer NOT NULL,
	`daily_wins` integer NOT NULL,
	`current_streak` integer NOT NULL,
	`best_streak` integer NOT NULL,
	`last_win_date` text,
	`best_time_ms` integer
);
--> statement-breakpoint
CREATE INDEX `player_stats_wins` ON `player_stats` (`daily_wins`,`best_streak`);--> statement-breakpoint
CREATE INDEX `player_stats_streak` ON `player_stats` (`best_streak`,`daily_wins`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`nickname` text NOT NULL,
	`nickname_key` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_nickname_key` ON `players` (`nickname_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_token_hash` ON `players` (`token_hash`);--> statement-breakpoint
CREATE TABLE `race_results` (
	`race_id` text NOT NULL,
	`player_id` text NOT NULL,
	`game_id` text NOT NULL,
	`rank` integer NOT NULL,
	`won` integer NOT NULL,
	`gave_up` integer NOT NULL,
	`time_ms` integer NOT NULL,
	`progress` integer NOT NULL,
	`face_down` integer NOT NULL,
	`moves` integer NOT NULL,
	PRIMARY KEY(`race_id`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `race_results_player` ON `race_results` (`player_id`,`race_id`);--> statement-breakpoint
CREATE TABLE `races` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`number` integer NOT NULL,
	`seed` text NOT NULL,
	`starts_at` integer NOT NULL,
	`paused_ms` integer DEFAULT 0 NOT NULL,
	`time_limit` integer NOT NULL,
	`status` text NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `races_room_number` ON `races` (`code`,`number`);--> statement-breakpoint
CREATE INDEX `races_status` ON `races` (`status`);--> statement-breakpoint
CREATE TABLE `room_members` (
	`code` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`code`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `room_members_player` ON `room_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`code` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`variant` text NOT NULL,
	`options` text NOT NULL,
	`time_limit` integer NOT NULL,
	`winnable_only` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
