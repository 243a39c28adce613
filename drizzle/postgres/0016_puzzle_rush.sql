CREATE TABLE "puzzle_rushes" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"puzzle_ids" json NOT NULL,
	"at" integer NOT NULL,
	"step" integer NOT NULL,
	"score" integer NOT NULL,
	"mistakes" json NOT NULL,
	"status" text NOT NULL,
	"started_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"ended_at" bigint
);
--> statement-breakpoint
CREATE INDEX "puzzle_rushes_player_status" ON "puzzle_rushes" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "puzzle_rushes_ended" ON "puzzle_rushes" USING btree ("status","ended_at");