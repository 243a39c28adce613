CREATE TABLE "puzzle_race_members" (
	"code" text NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"joined_at" bigint NOT NULL,
	"at" integer NOT NULL,
	"step" integer NOT NULL,
	"score" integer NOT NULL,
	"scored_at" bigint,
	CONSTRAINT "puzzle_race_members_code_player_id_pk" PRIMARY KEY("code","player_id")
);
--> statement-breakpoint
CREATE TABLE "puzzle_races" (
	"code" text PRIMARY KEY NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"puzzle_ids" json,
	"created_at" bigint NOT NULL,
	"starts_at" bigint,
	"ends_at" bigint,
	"next" text
);
