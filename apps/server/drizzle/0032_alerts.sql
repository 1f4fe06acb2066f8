CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"officer_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"line_user_id" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_status" CHECK ("alert_deliveries"."status" in ('pending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"branch_queue_type_id" integer,
	"threshold_minutes" integer NOT NULL,
	"repeat_minutes" integer DEFAULT 0 NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_threshold" CHECK ("alert_rules"."threshold_minutes" between 1 and 1440),
	CONSTRAINT "alert_rules_repeat" CHECK ("alert_rules"."repeat_minutes" between 0 and 1440),
	CONSTRAINT "alert_rules_kind" CHECK ("alert_rules"."kind" in ('waiting_call', 'in_lab', 'at_station', 'inside_plant', 'station_idle', 'device_offline', 'printer_paper'))
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"rule_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_rule_id_officer_id_pk" PRIMARY KEY("rule_id","officer_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"subject" text NOT NULL,
	"queue_id" bigint,
	"station_id" integer,
	"device_id" integer,
	"health" text,
	"since" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"rounds" smallint DEFAULT 0 NOT NULL,
	"resolved_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer
);
--> statement-breakpoint
CREATE TABLE "officer_alert_settings" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"line_user_id" text,
	"line_linked_at" timestamp with time zone,
	"link_code_hash" text,
	"link_code_expires" timestamp with time zone,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "officer_alert_settings_quiet" CHECK (("officer_alert_settings"."quiet_start" is null) = ("officer_alert_settings"."quiet_end" is null) and ("officer_alert_settings"."quiet_start" is null or ("officer_alert_settings"."quiet_start" between 0 and 1439 and "officer_alert_settings"."quiet_end" between 0 and 1439)))
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_officers_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_alert_settings" ADD CONSTRAINT "officer_alert_settings_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_round_key" ON "alert_deliveries" USING btree ("alert_id","officer_id","round");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE "alert_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_rules_branch_idx" ON "alert_rules" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_officer_idx" ON "alert_subscriptions" USING btree ("officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key" ON "alerts" USING btree ("rule_id","subject") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_branch_raised_idx" ON "alerts" USING btree ("branch_id","raised_at");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("branch_id") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "officer_alert_settings_code_key" ON "officer_alert_settings" USING btree ("link_code_hash") WHERE "officer_alert_settings"."link_code_hash" is not null;