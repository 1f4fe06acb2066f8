CREATE TABLE "lab_measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_queue_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"decimals" integer DEFAULT 1 NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"pass_min" double precision,
	"pass_max" double precision,
	"on_fail" text DEFAULT 'recheck' NOT NULL,
	"fail_reason_id" integer,
	"deduct_above" double precision,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_measures_decimals" CHECK ("lab_measures"."decimals" between 0 and 3),
	CONSTRAINT "lab_measures_range" CHECK ("lab_measures"."min" < "lab_measures"."max"),
	CONSTRAINT "lab_measures_on_fail" CHECK ("lab_measures"."on_fail" in ('recheck', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "queue_lab_values" (
	"queue_id" bigint NOT NULL,
	"measure_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"officer_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_lab_values_queue_id_measure_id_pk" PRIMARY KEY("queue_id","measure_id")
);
--> statement-breakpoint
ALTER TABLE "lab_measures" ADD CONSTRAINT "lab_measures_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_measures" ADD CONSTRAINT "lab_measures_fail_reason_id_queue_reasons_id_fk" FOREIGN KEY ("fail_reason_id") REFERENCES "public"."queue_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_lab_values" ADD CONSTRAINT "queue_lab_values_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_lab_values" ADD CONSTRAINT "queue_lab_values_measure_id_lab_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."lab_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_lab_values" ADD CONSTRAINT "queue_lab_values_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_measures_name_key" ON "lab_measures" USING btree ("branch_queue_type_id","name") WHERE "lab_measures"."active";