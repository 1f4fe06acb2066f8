CREATE TABLE "supplier_grade_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grade_id" bigint NOT NULL,
	"line_user_id" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "supplier_grade_messages_status" CHECK ("supplier_grade_messages"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "supplier_grades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"day" date NOT NULL,
	"grade" text,
	"points" double precision,
	"trucks" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_grades_grade" CHECK ("supplier_grades"."grade" is null or "supplier_grades"."grade" in ('A', 'B', 'C', 'D'))
);
--> statement-breakpoint
CREATE TABLE "supplier_line_chats" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"line_user_id" text,
	"line_linked_at" timestamp with time zone,
	"link_code_hash" text,
	"link_code_expires" timestamp with time zone,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_grade_messages" ADD CONSTRAINT "supplier_grade_messages_grade_id_supplier_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."supplier_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_grades" ADD CONSTRAINT "supplier_grades_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_line_chats" ADD CONSTRAINT "supplier_line_chats_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_grade_messages_grade_key" ON "supplier_grade_messages" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "supplier_grade_messages_due_idx" ON "supplier_grade_messages" USING btree ("next_attempt_at") WHERE "supplier_grade_messages"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_grades_day_key" ON "supplier_grades" USING btree ("supplier_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_line_chats_code_key" ON "supplier_line_chats" USING btree ("link_code_hash") WHERE "supplier_line_chats"."link_code_hash" is not null;