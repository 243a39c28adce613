-- The actions as one B-tree keyed by (game_id, seq), instead of a rowid table beside its primary-key index: a move's commit writes one page to the WAL where it wrote two (drizzle's schema cannot say WITHOUT ROWID, hence a custom migration; schema.ts is unchanged).
CREATE TABLE `__new_actions` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `__new_actions` (`game_id`, `seq`, `action`, `at`) SELECT `game_id`, `seq`, `action`, `at` FROM `actions`;--> statement-breakpoint
DROP TABLE `actions`;--> statement-breakpoint
ALTER TABLE `__new_actions` RENAME TO `actions`;
