CREATE TABLE "node_beats" (
	"node_id" text PRIMARY KEY NOT NULL,
	"beat_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "held_by" text;
--> statement-breakpoint
-- The cluster's one beat of before, kept as a row of its own, so the first start after the upgrade still credits an outage of the whole cluster.
INSERT INTO "node_beats" ("node_id", "beat_at") SELECT 'cluster', CAST("value" AS bigint) FROM "settings" WHERE "key" = 'heartbeat';
