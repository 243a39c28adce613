CREATE TABLE `game_hints` (
	`game_id` text PRIMARY KEY NOT NULL,
	`hints` integer NOT NULL,
	`last_at` integer NOT NULL
);
