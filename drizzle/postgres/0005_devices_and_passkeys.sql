CREATE TABLE "one_time_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"player_id" text,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text NOT NULL,
	"label" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "one_time_keys_expiry" ON "one_time_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "passkeys_player" ON "passkeys" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_player" ON "sessions" USING btree ("player_id");