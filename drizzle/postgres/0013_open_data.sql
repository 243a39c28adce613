ALTER TABLE "players" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "games_finished" ON "games" USING btree ("finished_at","id");