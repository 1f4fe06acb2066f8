CREATE TABLE "queue_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_reasons_kind" CHECK ("queue_reasons"."kind" in ('recheck', 'reject', 'void'))
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "no_show_after_recalls" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "no_show_policy" text DEFAULT 'requeue' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_daily_stats" ADD COLUMN "voided" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_daily_stats" ADD COLUMN "no_show" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "from_number" text;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "to_number" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "line_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "recall_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "called_from" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "previous_number" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_reasons" ADD CONSTRAINT "queue_reasons_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_reasons_name_key" ON "queue_reasons" USING btree ("branch_id","kind","name");--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_reason_id_queue_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."queue_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_reason_id_queue_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."queue_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_no_show_after_recalls" CHECK ("branches"."no_show_after_recalls" between 1 and 20);--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_no_show_policy" CHECK ("branches"."no_show_policy" in ('requeue', 'cancel'));--> statement-breakpoint
-- Tickets issued before this version joined their line when they were issued.
UPDATE "queues" SET "line_at" = "created";
--> statement-breakpoint
-- The roll-up learns the two ended states: a voided ticket counts only as voided (in no other
-- figure); a cancelled no-show still counts as a ticket, and as a no-show until it reaches the gate.
CREATE OR REPLACE FUNCTION queue_daily_stats_add(r queues, sign integer) RETURNS void AS $$
DECLARE
  live integer := sign * (r.state IS DISTINCT FROM 'V')::integer;
BEGIN
  INSERT INTO queue_daily_stats AS s (branch_queue_type_id, queue_date, branch_id, total, exited, voided, no_show, in_factory_s, in_factory_n, qs_to_c_s, qs_to_c_n, c_to_f_s, c_to_f_n, f_to_exit_s, f_to_exit_n, qs_to_ls_s, qs_to_ls_n, ls_to_lf_s, ls_to_lf_n, lf_to_c_s, lf_to_c_n)
  VALUES (r.branch_queue_type_id, r.queue_date, r.branch_id,
    live,
    live * (r.exit_at IS NOT NULL)::integer,
    sign * (r.state = 'V')::integer,
    live * (r.state = 'NS' AND r.exit_at IS NULL)::integer,
    live * coalesce(extract(epoch FROM r.exit_at - r.created), 0),
    live * (r.created IS NOT NULL AND r.exit_at IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.called_at - r.created), 0),
    live * (r.created IS NOT NULL AND r.called_at IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.finished_at - r.called_at), 0),
    live * (r.called_at IS NOT NULL AND r.finished_at IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.exit_at - r.finished_at), 0),
    live * (r.finished_at IS NOT NULL AND r.exit_at IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.lab_start - r.created), 0),
    live * (r.created IS NOT NULL AND r.lab_start IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.lab_finish - r.lab_start), 0),
    live * (r.lab_start IS NOT NULL AND r.lab_finish IS NOT NULL)::integer,
    live * coalesce(extract(epoch FROM r.called_at - r.lab_finish), 0),
    live * (r.lab_finish IS NOT NULL AND r.called_at IS NOT NULL)::integer)
  ON CONFLICT (branch_queue_type_id, queue_date) DO UPDATE SET
    total = s.total + excluded.total,
    exited = s.exited + excluded.exited,
    voided = s.voided + excluded.voided,
    no_show = s.no_show + excluded.no_show,
    in_factory_s = s.in_factory_s + excluded.in_factory_s,
    in_factory_n = s.in_factory_n + excluded.in_factory_n,
    qs_to_c_s = s.qs_to_c_s + excluded.qs_to_c_s,
    qs_to_c_n = s.qs_to_c_n + excluded.qs_to_c_n,
    c_to_f_s = s.c_to_f_s + excluded.c_to_f_s,
    c_to_f_n = s.c_to_f_n + excluded.c_to_f_n,
    f_to_exit_s = s.f_to_exit_s + excluded.f_to_exit_s,
    f_to_exit_n = s.f_to_exit_n + excluded.f_to_exit_n,
    qs_to_ls_s = s.qs_to_ls_s + excluded.qs_to_ls_s,
    qs_to_ls_n = s.qs_to_ls_n + excluded.qs_to_ls_n,
    ls_to_lf_s = s.ls_to_lf_s + excluded.ls_to_lf_s,
    ls_to_lf_n = s.ls_to_lf_n + excluded.ls_to_lf_n,
    lf_to_c_s = s.lf_to_c_s + excluded.lf_to_c_s,
    lf_to_c_n = s.lf_to_c_n + excluded.lf_to_c_n;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queues_daily_stats ON queues;
--> statement-breakpoint
CREATE TRIGGER queues_daily_stats
  AFTER INSERT OR DELETE OR UPDATE OF branch_queue_type_id, queue_date, created, called_at, finished_at, lab_start, lab_finish, exit_at, state
  ON queues FOR EACH ROW EXECUTE FUNCTION queue_daily_stats_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_daily_stats_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM queue_daily_stats;
  INSERT INTO queue_daily_stats (branch_queue_type_id, queue_date, branch_id, total, exited, voided, no_show, in_factory_s, in_factory_n, qs_to_c_s, qs_to_c_n, c_to_f_s, c_to_f_n, f_to_exit_s, f_to_exit_n, qs_to_ls_s, qs_to_ls_n, ls_to_lf_s, ls_to_lf_n, lf_to_c_s, lf_to_c_n)
  SELECT branch_queue_type_id, queue_date, min(branch_id),
    count(*) FILTER (WHERE live),
    count(exit_at) FILTER (WHERE live),
    count(*) FILTER (WHERE NOT live),
    count(*) FILTER (WHERE state = 'NS' AND exit_at IS NULL),
    coalesce(sum(extract(epoch FROM exit_at - created)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND created IS NOT NULL AND exit_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM called_at - created)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND created IS NOT NULL AND called_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM finished_at - called_at)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND called_at IS NOT NULL AND finished_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM exit_at - finished_at)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND finished_at IS NOT NULL AND exit_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM lab_start - created)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND created IS NOT NULL AND lab_start IS NOT NULL),
    coalesce(sum(extract(epoch FROM lab_finish - lab_start)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND lab_start IS NOT NULL AND lab_finish IS NOT NULL),
    coalesce(sum(extract(epoch FROM called_at - lab_finish)) FILTER (WHERE live), 0),
    count(*) FILTER (WHERE live AND lab_finish IS NOT NULL AND called_at IS NOT NULL)
  FROM (SELECT *, state <> 'V' AS live FROM queues) q
  GROUP BY branch_queue_type_id, queue_date;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT queue_daily_stats_rebuild();
