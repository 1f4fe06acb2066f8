CREATE TABLE "queue_daily_stats" (
	"branch_queue_type_id" integer NOT NULL,
	"queue_date" date NOT NULL,
	"branch_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"exited" integer DEFAULT 0 NOT NULL,
	"in_factory_s" double precision DEFAULT 0 NOT NULL,
	"in_factory_n" integer DEFAULT 0 NOT NULL,
	"qs_to_c_s" double precision DEFAULT 0 NOT NULL,
	"qs_to_c_n" integer DEFAULT 0 NOT NULL,
	"c_to_f_s" double precision DEFAULT 0 NOT NULL,
	"c_to_f_n" integer DEFAULT 0 NOT NULL,
	"f_to_exit_s" double precision DEFAULT 0 NOT NULL,
	"f_to_exit_n" integer DEFAULT 0 NOT NULL,
	"qs_to_ls_s" double precision DEFAULT 0 NOT NULL,
	"qs_to_ls_n" integer DEFAULT 0 NOT NULL,
	"ls_to_lf_s" double precision DEFAULT 0 NOT NULL,
	"ls_to_lf_n" integer DEFAULT 0 NOT NULL,
	"lf_to_c_s" double precision DEFAULT 0 NOT NULL,
	"lf_to_c_n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_daily_stats_branch_queue_type_id_queue_date_pk" PRIMARY KEY("branch_queue_type_id","queue_date")
);
--> statement-breakpoint
CREATE TABLE "report_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "report_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "queue_daily_stats" ADD CONSTRAINT "queue_daily_stats_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_daily_stats" ADD CONSTRAINT "queue_daily_stats_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_daily_stats_branch_idx" ON "queue_daily_stats" USING btree ("branch_id","queue_date");--> statement-breakpoint
CREATE INDEX "report_exports_expires_idx" ON "report_exports" USING btree ("expires");--> statement-breakpoint
-- One queue's share of its day: a ticket, maybe an exit, and each stage whose two stamps it has.
-- The trigger adds a row's share on insert, and on update takes the old share off and adds the new.
CREATE OR REPLACE FUNCTION queue_daily_stats_add(r queues, sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO queue_daily_stats AS s (branch_queue_type_id, queue_date, branch_id, total, exited, in_factory_s, in_factory_n, qs_to_c_s, qs_to_c_n, c_to_f_s, c_to_f_n, f_to_exit_s, f_to_exit_n, qs_to_ls_s, qs_to_ls_n, ls_to_lf_s, ls_to_lf_n, lf_to_c_s, lf_to_c_n)
  VALUES (r.branch_queue_type_id, r.queue_date, r.branch_id,
    sign,
    sign * (r.exit_at IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.exit_at - r.created), 0),
    sign * (r.created IS NOT NULL AND r.exit_at IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.called_at - r.created), 0),
    sign * (r.created IS NOT NULL AND r.called_at IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.finished_at - r.called_at), 0),
    sign * (r.called_at IS NOT NULL AND r.finished_at IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.exit_at - r.finished_at), 0),
    sign * (r.finished_at IS NOT NULL AND r.exit_at IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.lab_start - r.created), 0),
    sign * (r.created IS NOT NULL AND r.lab_start IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.lab_finish - r.lab_start), 0),
    sign * (r.lab_start IS NOT NULL AND r.lab_finish IS NOT NULL)::integer,
    sign * coalesce(extract(epoch FROM r.called_at - r.lab_finish), 0),
    sign * (r.lab_finish IS NOT NULL AND r.called_at IS NOT NULL)::integer)
  ON CONFLICT (branch_queue_type_id, queue_date) DO UPDATE SET
    total = s.total + excluded.total,
    exited = s.exited + excluded.exited,
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
CREATE OR REPLACE FUNCTION queue_daily_stats_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    PERFORM queue_daily_stats_add(OLD, -1);
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM queue_daily_stats_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER queues_daily_stats
  AFTER INSERT OR DELETE OR UPDATE OF branch_queue_type_id, queue_date, created, called_at, finished_at, lab_start, lab_finish, exit_at
  ON queues FOR EACH ROW EXECUTE FUNCTION queue_daily_stats_trigger();
--> statement-breakpoint
-- The roll-up from scratch: for queues issued before this version, and for bulk loads made with
-- the trigger disabled (the benchmark's year of history).
CREATE OR REPLACE FUNCTION queue_daily_stats_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM queue_daily_stats;
  INSERT INTO queue_daily_stats (branch_queue_type_id, queue_date, branch_id, total, exited, in_factory_s, in_factory_n, qs_to_c_s, qs_to_c_n, c_to_f_s, c_to_f_n, f_to_exit_s, f_to_exit_n, qs_to_ls_s, qs_to_ls_n, ls_to_lf_s, ls_to_lf_n, lf_to_c_s, lf_to_c_n)
  SELECT branch_queue_type_id, queue_date, min(branch_id),
    count(*),
    count(exit_at),
    coalesce(sum(extract(epoch FROM exit_at - created)), 0),
    count(*) FILTER (WHERE created IS NOT NULL AND exit_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM called_at - created)), 0),
    count(*) FILTER (WHERE created IS NOT NULL AND called_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM finished_at - called_at)), 0),
    count(*) FILTER (WHERE called_at IS NOT NULL AND finished_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM exit_at - finished_at)), 0),
    count(*) FILTER (WHERE finished_at IS NOT NULL AND exit_at IS NOT NULL),
    coalesce(sum(extract(epoch FROM lab_start - created)), 0),
    count(*) FILTER (WHERE created IS NOT NULL AND lab_start IS NOT NULL),
    coalesce(sum(extract(epoch FROM lab_finish - lab_start)), 0),
    count(*) FILTER (WHERE lab_start IS NOT NULL AND lab_finish IS NOT NULL),
    coalesce(sum(extract(epoch FROM called_at - lab_finish)), 0),
    count(*) FILTER (WHERE lab_finish IS NOT NULL AND called_at IS NOT NULL)
  FROM queues
  GROUP BY branch_queue_type_id, queue_date;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT queue_daily_stats_rebuild();
