ALTER TABLE "queue_lab_values" ADD COLUMN "sample" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD COLUMN "lab" jsonb;--> statement-breakpoint
-- Each truck's recorded values go on its latest checkout, so the history shows them as sample 1.
UPDATE "queue_transitions" AS t SET "lab" = s."lab"
FROM (
  SELECT v."queue_id",
    jsonb_build_object('sample', 1, 'values', jsonb_agg(jsonb_build_object(
      'name', m."name", 'unit', m."unit", 'decimals', m."decimals", 'value', v."value", 'before', NULL
    ) ORDER BY m."sort", m."id")) AS "lab"
  FROM "queue_lab_values" v JOIN "lab_measures" m ON m."id" = v."measure_id"
  GROUP BY v."queue_id"
) AS s
WHERE t."queue_id" = s."queue_id" AND t."action" = 'complete'
  AND t."id" = (SELECT max(t2."id") FROM "queue_transitions" t2 WHERE t2."queue_id" = t."queue_id" AND t2."action" = 'complete');
