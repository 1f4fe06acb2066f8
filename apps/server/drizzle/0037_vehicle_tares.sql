CREATE TABLE "vehicle_tares" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"plate_key" text NOT NULL,
	"licence" text NOT NULL,
	"kg" numeric(10, 1) NOT NULL,
	"weighed_at" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"queue_id" bigint,
	"officer_id" integer,
	CONSTRAINT "vehicle_tares_kg" CHECK ("vehicle_tares"."kg" > 0),
	CONSTRAINT "vehicle_tares_origin" CHECK ("vehicle_tares"."origin" in ('weighing', 'officer'))
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "stored_tare_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "stored_tare_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gross_limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_net_kg" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_net_kg" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_gross_kg" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_gross_kg" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vehicle_class" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weigh_out_tare_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "weight_warnings" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_tares" ADD CONSTRAINT "vehicle_tares_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tares" ADD CONSTRAINT "vehicle_tares_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tares" ADD CONSTRAINT "vehicle_tares_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_tares_plate_key" ON "vehicle_tares" USING btree ("branch_id","plate_key");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_stored_tare_days" CHECK ("branches"."stored_tare_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vehicle_class" CHECK ("products"."vehicle_class" is null or "products"."vehicle_class" in ('cane_truck', 'six_wheel', 'ten_wheel', 'twelve_wheel', 'trailer'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_range" CHECK ("products"."min_net_kg" is null or "products"."max_net_kg" is null or "products"."min_net_kg" <= "products"."max_net_kg");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gross_range" CHECK ("products"."min_gross_kg" is null or "products"."max_gross_kg" is null or "products"."min_gross_kg" <= "products"."max_gross_kg");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_weigh_out_tare_at" CHECK (("queues"."weigh_out_source" is not distinct from 'stored_tare') = ("queues"."weigh_out_tare_at" is not null));