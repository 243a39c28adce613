CREATE TABLE "daily_flagged" (
	"date" text NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"game_id" text NOT NULL,
	"won" boolean NOT NULL,
	"time_ms" bigint NOT NULL,
	"moves" integer NOT NULL,
	"progress" integer NOT NULL,
	"face_down" integer NOT NULL,
	"verified" boolean NOT NULL,
	"finished_at" bigint NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "daily_flagged_date_player_id_pk" PRIMARY KEY("date","player_id")
);
--> statement-breakpoint
CREATE TABLE "daily_opens" (
	"date" text NOT NULL,
	"player_id" text COLLATE "C" NOT NULL,
	"address" text NOT NULL,
	"device" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "daily_opens_date_player_id_address_device_pk" PRIMARY KEY("date","player_id","address","device")
);
--> statement-breakpoint
CREATE INDEX "daily_opens_address" ON "daily_opens" USING btree ("date","address","at");--> statement-breakpoint
CREATE INDEX "daily_opens_device" ON "daily_opens" USING btree ("date","device","at");