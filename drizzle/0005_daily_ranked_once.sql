-- Before the index: where two processes both ranked a player's day, the game holding the result (else the first) stays ranked.
UPDATE `games` SET `ranked` = 0 WHERE `id` IN (SELECT `id` FROM (SELECT g.`id`, row_number() OVER (PARTITION BY g.`player_id`, g.`daily_date` ORDER BY EXISTS (SELECT 1 FROM `daily_results` r WHERE r.`game_id` = g.`id`) DESC, g.`started_at`, g.`id`) AS n FROM `games` g WHERE g.`kind` = 'daily' AND g.`ranked` = 1) WHERE n > 1);--> statement-breakpoint
CREATE UNIQUE INDEX `games_daily_ranked` ON `games` (`player_id`,`daily_date`) WHERE kind = 'daily' AND ranked = 1;
