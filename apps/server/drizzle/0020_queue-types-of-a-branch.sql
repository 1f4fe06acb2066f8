ALTER TABLE "queue_types" DROP CONSTRAINT "queue_types_name_unique";--> statement-breakpoint
ALTER TABLE "queue_types" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "queue_types" ADD CONSTRAINT "queue_types_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_types_master_name_key" ON "queue_types" USING btree ("name") WHERE "queue_types"."branch_id" is null;--> statement-breakpoint
CREATE INDEX "queue_types_branch_idx" ON "queue_types" USING btree ("branch_id");