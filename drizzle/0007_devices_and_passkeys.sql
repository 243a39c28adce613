CREATE TABLE `one_time_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`player_id` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `one_time_keys_expiry` ON `one_time_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_player` ON `passkeys` (`player_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_player` ON `sessions` (`player_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_players` (
	`id` text PRIMARY KEY NOT NULL,
	`nickname` text NOT NULL,
	`nickname_key` text NOT NULL,
	`token_hash` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_players`("id", "nickname", "nickname_key", "token_hash", "created_at") SELECT "id", "nickname", "nickname_key", "token_hash", "created_at" FROM `players`;--> statement-breakpoint
DROP TABLE `players`;--> statement-breakpoint
ALTER TABLE `__new_players` RENAME TO `players`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `players_nickname_key` ON `players` (`nickname_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_token_hash` ON `players` (`token_hash`);