CREATE TABLE "device_hellos" (
	"short_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"secret_hash" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_hellos_last_seen_idx" ON "device_hellos" USING btree ("last_seen");