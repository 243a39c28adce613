ALTER TABLE `players` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_finished` ON `games` (`finished_at`,`id`);