ALTER TABLE "branches" ADD COLUMN "mask_plates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "recent_count" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_recent_count" CHECK ("devices"."recent_count" between 3 and 20);