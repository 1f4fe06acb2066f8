CREATE TABLE "call_announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transition_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"attempt" bigint DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"played_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_announcements_outcome" CHECK ("call_announcements"."outcome" in ('played', 'captioned', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "call_reannouncements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transition_id" bigint NOT NULL,
	"officer_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"token" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "mask_plates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "prefer_browser_voice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "recent_count" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_sentence" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_rate" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_volume" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_repeat" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_announcements" ADD CONSTRAINT "call_announcements_transition_id_queue_transitions_id_fk" FOREIGN KEY ("transition_id") REFERENCES "public"."queue_transitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_announcements" ADD CONSTRAINT "call_announcements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reannouncements" ADD CONSTRAINT "call_reannouncements_transition_id_queue_transitions_id_fk" FOREIGN KEY ("transition_id") REFERENCES "public"."queue_transitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reannouncements" ADD CONSTRAINT "call_reannouncements_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_uploaded_by_officers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_announcements_key" ON "call_announcements" USING btree ("transition_id","device_id","attempt");--> statement-breakpoint
CREATE INDEX "call_announcements_device_idx" ON "call_announcements" USING btree ("device_id","reported_at");--> statement-breakpoint
CREATE INDEX "call_reannouncements_transition_idx" ON "call_reannouncements" USING btree ("transition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_clips_branch_token_key" ON "voice_clips" USING btree ("branch_id","token");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_recent_count" CHECK ("devices"."recent_count" between 3 and 20);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_rate" CHECK ("devices"."announce_rate"::numeric between 0.7 and 1.3);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_volume" CHECK ("devices"."announce_volume" between 0 and 100);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_repeat" CHECK ("devices"."announce_repeat" in (1, 2));