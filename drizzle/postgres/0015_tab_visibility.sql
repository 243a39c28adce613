CREATE TABLE "tab_visibility" (
	"game_id" text NOT NULL,
	"at" bigint NOT NULL,
	"hidden" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tab_visibility_game" ON "tab_visibility" USING btree ("game_id","at");