CREATE TABLE "print_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" bigint,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_id" integer,
	"officer_id" integer,
	"target" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "print_jobs_kind" CHECK ("print_jobs"."kind" in ('issue', 'reprint', 'test')),
	CONSTRAINT "print_jobs_state" CHECK ("print_jobs"."state" in ('printed', 'failed', 'pending', 'browser'))
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "print_target" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "printer_host" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "printer_port" integer DEFAULT 9100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "paper_width" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "printer_health" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "printer_health_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ahead_at_issue" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "print_state" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "print_failure" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_queue_idx" ON "print_jobs" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "print_jobs_pending_idx" ON "print_jobs" USING btree ("device_id","created") WHERE "print_jobs"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_print_target" CHECK ("devices"."print_target" in ('browser', 'network', 'usb'));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_printer_port" CHECK ("devices"."printer_port" between 1 and 65535);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_paper_width" CHECK ("devices"."paper_width" in (58, 80));