CREATE TABLE "queue_reason_types" (
	"reason_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL,
	CONSTRAINT "queue_reason_types_reason_id_branch_queue_type_id_pk" PRIMARY KEY("reason_id","branch_queue_type_id")
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "weighbridge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_reason_types" ADD CONSTRAINT "queue_reason_types_reason_id_queue_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."queue_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_reason_types" ADD CONSTRAINT "queue_reason_types_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_reason_types_type_idx" ON "queue_reason_types" USING btree ("branch_queue_type_id");--> statement-breakpoint
-- By hand: a station a scale already weighs at is a weighbridge (the Weighbridge controller offers only those).
UPDATE "stations" SET "weighbridge" = true WHERE "id" IN (SELECT "station_id" FROM "devices" WHERE "kind" = 'scale' AND "station_id" IS NOT NULL);
