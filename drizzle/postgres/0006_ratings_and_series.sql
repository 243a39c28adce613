CREATE TABLE "rating_history" (
	"race_id" text NOT NULL,
	"player_id" text NOT NULL,
	"rank" integer NOT NULL,
	"mu_before" double precision NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "rating_history_race_id_player_id_pk" PRIMARY KEY("race_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"player_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer NOT NULL,
	"established" boolean NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "series" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "best_of" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "rating_history_player" ON "rating_history" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "ratings_board" ON "ratings" USING btree ("established","mu","player_id");--> statement-breakpoint
CREATE INDEX "races_series" ON "races" USING btree ("code","series");