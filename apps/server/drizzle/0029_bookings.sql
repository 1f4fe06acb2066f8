CREATE TABLE "booking_lines" (
	"branch_queue_type_id" integer PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"day_capacity" integer NOT NULL,
	"walk_in_percent" integer NOT NULL,
	"windows" jsonb NOT NULL,
	"closed_days" jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rules" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"licence" text,
	"plate_key" text,
	"product_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"source" text NOT NULL,
	"reissue" integer DEFAULT 0 NOT NULL,
	"reissue_of" integer,
	"note" text,
	"over_quota" boolean DEFAULT false NOT NULL,
	"created_by_officer_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('booked', 'checked_in', 'cancelled')),
	CONSTRAINT "bookings_source" CHECK ("bookings"."source" in ('office', 'supplier', 'calendar')),
	CONSTRAINT "bookings_window" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_reissue" CHECK ("bookings"."reissue" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"unit" text NOT NULL,
	"over_quota" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_days" CHECK ("seasons"."ends_on" >= "seasons"."starts_on"),
	CONSTRAINT "seasons_unit" CHECK ("seasons"."unit" in ('tonnes', 'loads')),
	CONSTRAINT "seasons_over_quota" CHECK ("seasons"."over_quota" in ('refuse', 'warn', 'reason'))
);
--> statement-breakpoint
CREATE TABLE "supplier_quotas" (
	"season_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"entitlement" numeric(12, 1) NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_quotas_season_id_supplier_id_pk" PRIMARY KEY("season_id","supplier_id"),
	CONSTRAINT "supplier_quotas_entitlement" CHECK ("supplier_quotas"."entitlement" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "supplier_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reissue_of_bookings_id_fk" FOREIGN KEY ("reissue_of") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_officer_id_officers_id_fk" FOREIGN KEY ("created_by_officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_quotas" ADD CONSTRAINT "supplier_quotas_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_quotas" ADD CONSTRAINT "supplier_quotas_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_sessions" ADD CONSTRAINT "supplier_sessions_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_code_key" ON "bookings" USING btree ("branch_id","code");--> statement-breakpoint
CREATE INDEX "bookings_line_day_idx" ON "bookings" USING btree ("branch_queue_type_id","day");--> statement-breakpoint
CREATE INDEX "bookings_supplier_day_idx" ON "bookings" USING btree ("supplier_id","day");--> statement-breakpoint
CREATE INDEX "bookings_branch_day_idx" ON "bookings" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "seasons_branch_idx" ON "seasons" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE INDEX "supplier_quotas_supplier_idx" ON "supplier_quotas" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_sessions_supplier_idx" ON "supplier_sessions" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_booking_key" ON "queues" USING btree ("booking_id") WHERE "queues"."booking_id" is not null;