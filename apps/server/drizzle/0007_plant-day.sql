ALTER TABLE "branches" ADD COLUMN "day_start_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "now_calling_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_day_start_minutes" CHECK ("branches"."day_start_minutes" between 0 and 1439);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_now_calling_seconds" CHECK ("devices"."now_calling_seconds" between 30 and 86400);