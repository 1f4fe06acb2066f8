CREATE TABLE "queue_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"branch_id" integer NOT NULL,
	"note" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_officer_id" integer,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "queue_disputes" ADD CONSTRAINT "queue_disputes_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_disputes" ADD CONSTRAINT "queue_disputes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_disputes" ADD CONSTRAINT "queue_disputes_resolved_by_officer_id_officers_id_fk" FOREIGN KEY ("resolved_by_officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_disputes_open_key" ON "queue_disputes" USING btree ("queue_id") WHERE "queue_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "queue_disputes_branch_idx" ON "queue_disputes" USING btree ("branch_id","created");