CREATE TABLE "identifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"station_id" integer,
	"plate" text,
	"confidence" integer,
	"tag" text,
	"read_key" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"queue_id" integer,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshot" "bytea",
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "identifications_confidence" CHECK ("identifications"."confidence" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_kind";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "reader_action" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "reader_min_confidence" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_vehicles" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_reader_id_devices_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_resolved_by_officers_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifications_branch_at_idx" ON "identifications" USING btree ("branch_id","at");--> statement-breakpoint
CREATE INDEX "identifications_open_idx" ON "identifications" USING btree ("branch_id","action") WHERE "identifications"."outcome" = 'needs_officer' and "identifications"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "identifications_queue_idx" ON "identifications" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "identifications_snapshot_idx" ON "identifications" USING btree ("at") WHERE "identifications"."snapshot" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_vehicles_tag_key" ON "supplier_vehicles" USING btree ("branch_id","tag") WHERE "supplier_vehicles"."tag" is not null;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_reader_action" CHECK ("devices"."reader_action" in ('gate_exit', 'weighbridge'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_reader_min_confidence" CHECK ("devices"."reader_min_confidence" between 50 and 100);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_kind" CHECK ("devices"."kind" in ('display', 'printer', 'scale', 'reader'));