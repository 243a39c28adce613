CREATE TABLE "actions" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "actions_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"date" text PRIMARY KEY NOT NULL,
	"played" integer NOT NULL,
	"won" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_deals" (
	"date" text PRIMARY KEY NOT NULL,
	"day" integer NOT NULL,
	"variant" text NOT NULL,
	"seed" text NOT NULL,
	"deck" json NOT NULL,
	"candidate" integer NOT NULL,
	"certified_by" text NOT NULL,
	"line" json,
	"difficulty_stars" integer,
	"difficulty_score" double precision
);
--> statement-breakpoint
CREATE TABLE "daily_results" (
	"date" text NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"won" boolean NOT NULL,
	"time_ms" bigint NOT NULL,
	"moves" integer NOT NULL,
	"progress" integer NOT NULL,
	"face_down" integer NOT NULL,
	"verified" boolean NOT NULL,
	"sort_key" bigint NOT NULL,
	"finished_at" bigint NOT NULL,
	CONSTRAINT "daily_results_date_player_id_pk" PRIMARY KEY("date","player_id")
);
--> statement-breakpoint
CREATE TABLE "daily_win_times" (
	"date" text NOT NULL,
	"grain_ms" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_win_times_date_grain_ms_pk" PRIMARY KEY("date","grain_ms")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"kind" text NOT NULL,
	"variant" text NOT NULL,
	"options" json NOT NULL,
	"seed" text,
	"player_seed" boolean NOT NULL,
	"deck" json NOT NULL,
	"daily_date" text,
	"race_id" text,
	"ranked" boolean NOT NULL,
	"status" text NOT NULL,
	"started_at" bigint NOT NULL,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"finished_at" bigint,
	"time_ms" bigint,
	"seq" integer DEFAULT 0 NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"undos" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"face_down" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_stats" (
	"player_id" text PRIMARY KEY NOT NULL,
	"daily_played" integer NOT NULL,
	"daily_wins" integer NOT NULL,
	"current_streak" integer NOT NULL,
	"best_streak" integer NOT NULL,
	"last_win_date" text,
	"best_time_ms" bigint
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" text PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"nickname_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"race_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"rank" integer NOT NULL,
	"won" boolean NOT NULL,
	"gave_up" boolean NOT NULL,
	"time_ms" bigint NOT NULL,
	"progress" integer NOT NULL,
	"face_down" integer NOT NULL,
	"moves" integer NOT NULL,
	CONSTRAINT "race_results_race_id_player_id_pk" PRIMARY KEY("race_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"number" integer NOT NULL,
	"seed" text NOT NULL,
	"starts_at" bigint NOT NULL,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"time_limit" integer NOT NULL,
	"status" text NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "room_members" (
	"code" text NOT NULL,
	"player_id" text NOT NULL,
	"joined_at" bigint NOT NULL,
	"join_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "room_members_join_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "room_members_code_player_id_pk" PRIMARY KEY("code","player_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"code" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"variant" text NOT NULL,
	"options" json NOT NULL,
	"time_limit" integer NOT NULL,
	"winnable_only" boolean NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "daily_results_board" ON "daily_results" USING btree ("date","verified","sort_key","finished_at","player_id");--> statement-breakpoint
CREATE INDEX "daily_results_fastest" ON "daily_results" USING btree ("time_ms","finished_at","player_id","date") WHERE won AND verified;--> statement-breakpoint
CREATE INDEX "games_player_status" ON "games" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "games_daily" ON "games" USING btree ("daily_date","player_id");--> statement-breakpoint
CREATE INDEX "games_race" ON "games" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "games_open" ON "games" USING btree ("status") WHERE status = 'playing';--> statement-breakpoint
CREATE INDEX "player_stats_wins" ON "player_stats" USING btree ("daily_wins","best_streak","player_id");--> statement-breakpoint
CREATE INDEX "player_stats_streak" ON "player_stats" USING btree ("best_streak","daily_wins","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_nickname_key" ON "players" USING btree ("nickname_key");--> statement-breakpoint
CREATE UNIQUE INDEX "players_token_hash" ON "players" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "race_results_player" ON "race_results" USING btree ("player_id","race_id");--> statement-breakpoint
CREATE UNIQUE INDEX "races_room_number" ON "races" USING btree ("code","number");--> statement-breakpoint
CREATE INDEX "races_status" ON "races" USING btree ("status");--> statement-breakpoint
CREATE INDEX "room_members_player" ON "room_members" USING btree ("player_id");