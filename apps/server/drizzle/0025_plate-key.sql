DROP INDEX "queues_license_idx";--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "plate_key" text;--> statement-breakpoint
CREATE INDEX "queues_plate_key_idx" ON "queues" USING btree ("branch_id","plate_key");