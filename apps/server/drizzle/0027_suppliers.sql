CREATE TABLE "supplier_vehicles" (
	"supplier_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"licence" text NOT NULL,
	"plate_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"phone" text,
	"tax_id" text,
	"leader_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_kind" CHECK ("suppliers"."kind" in ('grower', 'leader', 'middleman', 'company')),
	CONSTRAINT "suppliers_not_own_leader" CHECK ("suppliers"."leader_id" is distinct from "suppliers"."id")
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_vehicles" ADD CONSTRAINT "supplier_vehicles_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_vehicles" ADD CONSTRAINT "supplier_vehicles_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_leader_id_suppliers_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_vehicles_plate_key" ON "supplier_vehicles" USING btree ("branch_id","plate_key");--> statement-breakpoint
CREATE INDEX "supplier_vehicles_supplier_idx" ON "supplier_vehicles" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_key" ON "suppliers" USING btree ("branch_id","code_key");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queues_supplier_idx" ON "queues" USING btree ("supplier_id","queue_date") WHERE "queues"."supplier_id" is not null;