CREATE TABLE "puzzle_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"puzzle_id" text NOT NULL,
	"step" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint
);
--> statement-breakpoint
CREATE TABLE "puzzle_players" (
	"player_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puzzle_ratings" (
	"puzzle_id" text PRIMARY KEY NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "puzzle_attempts_player_puzzle" ON "puzzle_attempts" USING btree ("player_id","puzzle_id");--> statement-breakpoint
CREATE INDEX "puzzle_attempts_player_status" ON "puzzle_attempts" USING btree ("player_id","status");