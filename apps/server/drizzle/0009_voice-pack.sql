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
ALTER TABLE "branches" ADD COLUMN "prefer_browser_voice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_sentence" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_rate" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_volume" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announce_repeat" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_uploaded_by_officers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_clips_branch_token_key" ON "voice_clips" USING btree ("branch_id","token");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_rate" CHECK ("devices"."announce_rate"::numeric between 0.7 and 1.3);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_volume" CHECK ("devices"."announce_volume" between 0 and 100);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_announce_repeat" CHECK ("devices"."announce_repeat" in (1, 2));