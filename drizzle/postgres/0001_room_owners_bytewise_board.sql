CREATE TABLE "room_owners" (
	"code" text PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"epoch" integer NOT NULL,
	"renewed_at" bigint NOT NULL,
	"lease_until" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_results" ALTER COLUMN "player_id" SET DATA TYPE text COLLATE "C";