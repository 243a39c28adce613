CREATE TABLE "game_evidence" (
	"game_id" text PRIMARY KEY NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"queued_at" bigint NOT NULL,
	"status" text NOT NULL,
	"version" integer,
	"score" double precision,
	"held" text NOT NULL,
	"signals" text,
	"weighed_at" bigint
);
--> statement-breakpoint
CREATE INDEX "game_evidence_player" ON "game_evidence" USING btree ("player_id","queued_at");--> statement-breakpoint
CREATE INDEX "game_evidence_queue" ON "game_evidence" USING btree ("status","queued_at");