CREATE TABLE "eta_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"branch_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"low_minutes" integer,
	"high_minutes" integer,
	"ahead" integer NOT NULL,
	CONSTRAINT "eta_readings_range" CHECK (("eta_readings"."low_minutes" is null) = ("eta_readings"."high_minutes" is null) and ("eta_readings"."low_minutes" is null or ("eta_readings"."low_minutes" >= 0 and "eta_readings"."low_minutes" <= "eta_readings"."high_minutes"))),
	CONSTRAINT "eta_readings_ahead" CHECK ("eta_readings"."ahead" >= 0)
);
--> statement-breakpoint
ALTER TABLE "eta_readings" ADD CONSTRAINT "eta_readings_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eta_readings" ADD CONSTRAINT "eta_readings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eta_readings" ADD CONSTRAINT "eta_readings_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eta_readings_queue_key" ON "eta_readings" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "eta_readings_branch_read_idx" ON "eta_readings" USING btree ("branch_id","read_at");