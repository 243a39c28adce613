CREATE TABLE `challenge_games` (
	`game_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`player_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `challenge_games_player` ON `challenge_games` (`player_id`,`code`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`code` text PRIMARY KEY NOT NULL,
	`source_game_id` text NOT NULL,
	`player_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_source` ON `challenges` (`source_game_id`);