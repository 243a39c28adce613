ALTER TABLE `daily_deals` ADD `line` text;--> statement-breakpoint
ALTER TABLE `daily_deals` ADD `difficulty_stars` integer;--> statement-breakpoint
ALTER TABLE `daily_deals` ADD `difficulty_score` real;