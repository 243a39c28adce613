CREATE TABLE "arena_deals" (
	"arena_id" text NOT NULL,
	"deal" integer NOT NULL,
	"candidate" integer NOT NULL,
	"certificate" json NOT NULL,
	"certified_by" text NOT NULL,
	CONSTRAINT "arena_deals_arena_id_deal_pk" PRIMARY KEY("arena_id","deal")
);
--> statement-breakpoint
CREATE TABLE "arena_players" (
	"arena_id" text NOT NULL,
	"player_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "arena_players_arena_id_player_id_pk" PRIMARY KEY("arena_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "arenas" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"variant" text NOT NULL,
	"starts_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"minutes" integer NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"winner_id" text,
	"settled_at" bigint
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "arena_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "arena_deal" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "berserk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "closes_at" bigint;--> statement-breakpoint
CREATE INDEX "arena_players_player" ON "arena_players" USING btree ("player_id","joined_at");--> statement-breakpoint
CREATE INDEX "arenas_starts" ON "arenas" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "arenas_kind_ends" ON "arenas" USING btree ("kind","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_arena_deal" ON "games" USING btree ("arena_id","player_id","arena_deal");