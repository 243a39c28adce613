CREATE TABLE `tab_visibility` (
	`game_id` text NOT NULL,
	`at` integer NOT NULL,
	`hidden` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tab_visibility_game` ON `tab_visibility` (`game_id`,`at`);