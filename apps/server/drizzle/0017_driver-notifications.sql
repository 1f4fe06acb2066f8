CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"branch_id" integer NOT NULL,
	"channel" text NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"line_user_id" text,
	"language" text DEFAULT 'th' NOT NULL,
	"notify_ahead" smallint,
	"notify_called" boolean DEFAULT true NOT NULL,
	"notify_lab" boolean DEFAULT true NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "driver_subscriptions_channel" CHECK ("driver_subscriptions"."channel" in ('web_push', 'line')),
	CONSTRAINT "driver_subscriptions_address" CHECK (("driver_subscriptions"."channel" = 'web_push') = ("driver_subscriptions"."endpoint" is not null and "driver_subscriptions"."p256dh" is not null and "driver_subscriptions"."auth" is not null) or "driver_subscriptions"."ended_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"channel" text NOT NULL,
	"moment" text NOT NULL,
	"moment_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_status" CHECK ("notification_deliveries"."status" in ('pending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "privacy_notice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "contact_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "plate_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_subscriptions" ADD CONSTRAINT "driver_subscriptions_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_subscriptions" ADD CONSTRAINT "driver_subscriptions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_subscription_id_driver_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."driver_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_subscriptions_endpoint_key" ON "driver_subscriptions" USING btree ("queue_id","endpoint") WHERE "driver_subscriptions"."ended_at" is null and "driver_subscriptions"."endpoint" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_subscriptions_line_key" ON "driver_subscriptions" USING btree ("queue_id","line_user_id") WHERE "driver_subscriptions"."ended_at" is null and "driver_subscriptions"."line_user_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_subscriptions_queue_idx" ON "driver_subscriptions" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "driver_subscriptions_branch_idx" ON "driver_subscriptions" USING btree ("branch_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_moment_key" ON "notification_deliveries" USING btree ("subscription_id","moment_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_deliveries_branch_idx" ON "notification_deliveries" USING btree ("branch_id","created");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_contact_retention_days" CHECK ("branches"."contact_retention_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_plate_retention_days" CHECK ("branches"."plate_retention_days" between 1 and 3650);