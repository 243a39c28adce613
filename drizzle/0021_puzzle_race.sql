CREATE TABLE `puzzle_race_members` (
	`code` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`at` integer NOT NULL,
	`step` integer NOT NULL,
	`score` integer NOT NULL,
	`scored_at` integer,
	PRIMARY KEY(`code`, `player_id`)
);
--> statement-breakpoint
CREATE TABLE `puzzle_races` (
	`code` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`puzzle_ids` text,
	`created_at` integer NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`next` text
);
