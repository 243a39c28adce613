ALTER TABLE "player_stats" ALTER COLUMN "player_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "id" SET DATA TYPE text COLLATE "C";