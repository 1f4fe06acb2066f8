ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_threshold";--> statement-breakpoint
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_kind";--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "threshold_minutes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "threshold_percent" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "branch_queue_type_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "class_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "share_percent" real;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_threshold" CHECK (case when "alert_rules"."kind" = 'cap_near' then "alert_rules"."threshold_minutes" is null and "alert_rules"."threshold_percent" between 50 and 100 else "alert_rules"."threshold_percent" is null and "alert_rules"."threshold_minutes" between 1 and 1440 end);--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_kind" CHECK ("alert_rules"."kind" in ('waiting_call', 'in_lab', 'at_station', 'inside_plant', 'station_idle', 'device_offline', 'printer_paper', 'cap_near'));