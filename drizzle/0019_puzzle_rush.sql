CREATE TABLE `puzzle_rushes` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`puzzle_ids` text NOT NULL,
	`at` integer NOT NULL,
	`step` integer NOT NULL,
	`score` integer NOT NULL,
	`mistakes` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `puzzle_rushes_player_status` ON `puzzle_rushes` (`player_id`,`status`);--> statement-breakpoint
CREATE INDEX `puzzle_rushes_ended` ON `puzzle_rushes` (`status`,`ended_at`);