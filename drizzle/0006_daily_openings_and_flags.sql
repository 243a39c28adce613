CREATE TABLE `daily_flagged` (
	`date` text NOT NULL,
	`player_id` text NOT NULL,
	`game_id` text NOT NULL,
	`won` integer NOT NULL,
	`time_ms` integer NOT NULL,
	`moves` integer NOT NULL,
	`progress` integer NOT NULL,
	`face_down` integer NOT NULL,
	`verified` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`reason` text NOT NULL,
	PRIMARY KEY(`date`, `player_id`)
);
--> statement-breakpoint
CREATE TABLE `daily_opens` (
	`date` text NOT NULL,
	`player_id` text NOT NULL,
	`address` text NOT NULL,
	`device` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`date`, `player_id`, `address`, `device`)
);
--> statement-breakpoint
CREATE INDEX `daily_opens_address` ON `daily_opens` (`date`,`address`,`at`);--> statement-breakpoint
CREATE INDEX `daily_opens_device` ON `daily_opens` (`date`,`device`,`at`);