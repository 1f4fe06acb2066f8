ALTER TABLE "queue_reasons" DROP CONSTRAINT "queue_reasons_kind";--> statement-breakpoint
ALTER TABLE "branch_queue_types" ADD COLUMN "order_rule" jsonb;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "passed_queue_id" bigint;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "order_class" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "cut_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_reasons" ADD CONSTRAINT "queue_reasons_kind" CHECK ("queue_reasons"."kind" in ('recheck', 'reject', 'void', 'out_of_order', 'admit', 'reclass'));