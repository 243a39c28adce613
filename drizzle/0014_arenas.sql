CREATE TABLE `arena_deals` (
	`arena_id` text NOT NULL,
	`deal` integer NOT NULL,
	`candidate` integer NOT NULL,
	`certificate` text NOT NULL,
	`certified_by` text NOT NULL,
	PRIMARY KEY(`arena_id`, `deal`)
);
--> statement-breakpoint
CREATE TABLE `arena_players` (
	`arena_id` text NOT NULL,
	`player_id` text NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`arena_id`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `arena_players_player` ON `arena_players` (`player_id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `arenas` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`variant` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`minutes` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`winner_id` text,
	`settled_at` integer
);
--> statement-breakpoint
CREATE INDEX `arenas_starts` ON `arenas` (`starts_at`);--> statement-breakpoint
CREATE INDEX `arenas_kind_ends` ON `arenas` (`kind`,`ends_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `arena_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `arena_deal` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `berserk` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `closes_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `games_arena_deal` ON `games` (`arena_id`,`player_id`,`arena_deal`);