ALTER TABLE "devices" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_in_source" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_in_device_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_in_frame" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_in_reason" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_out_source" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_out_device_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_out_frame" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_out_reason" text;--> statement-breakpoint
-- Weights recorded before scales existed were typed by hand.
UPDATE "queues" SET "weigh_in_source" = 'manual' WHERE "weigh_in_kg" IS NOT NULL;--> statement-breakpoint
UPDATE "queues" SET "weigh_out_source" = 'manual' WHERE "weigh_out_kg" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_weigh_in_device_id_devices_id_fk" FOREIGN KEY ("weigh_in_device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_weigh_out_device_id_devices_id_fk" FOREIGN KEY ("weigh_out_device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_kind" CHECK ("devices"."kind" in ('display', 'printer', 'scale'));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_weigh_in_source" CHECK (("queues"."weigh_in_kg" is null) = ("queues"."weigh_in_source" is null) and ("queues"."weigh_in_source" is distinct from 'indicator' or "queues"."weigh_in_device_id" is not null));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_weigh_out_source" CHECK (("queues"."weigh_out_kg" is null) = ("queues"."weigh_out_source" is null) and ("queues"."weigh_out_source" is distinct from 'indicator' or "queues"."weigh_out_device_id" is not null));