CREATE TABLE `game_evidence` (
	`game_id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`queued_at` integer NOT NULL,
	`status` text NOT NULL,
	`version` integer,
	`score` real,
	`held` text NOT NULL,
	`signals` text,
	`weighed_at` integer
);
--> statement-breakpoint
CREATE INDEX `game_evidence_player` ON `game_evidence` (`player_id`,`queued_at`);--> statement-breakpoint
CREATE INDEX `game_evidence_queue` ON `game_evidence` (`status`,`queued_at`);