CREATE TABLE "erp_product_codes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_settings" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"plant_code" text DEFAULT '' NOT NULL,
	"movement_type" text DEFAULT '101' NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"queue_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"corrects" bigint,
	"source_transition_id" bigint NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"payload" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_receipts_version" CHECK ("goods_receipts"."version" >= 1),
	CONSTRAINT "goods_receipts_corrects" CHECK (("goods_receipts"."version" = 1) = ("goods_receipts"."corrects" is null))
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "erp_code" text;--> statement-breakpoint
ALTER TABLE "erp_product_codes" ADD CONSTRAINT "erp_product_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_product_codes" ADD CONSTRAINT "erp_product_codes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_settings" ADD CONSTRAINT "erp_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_corrects_goods_receipts_id_fk" FOREIGN KEY ("corrects") REFERENCES "public"."goods_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_product_codes_branch_idx" ON "erp_product_codes" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_version_key" ON "goods_receipts" USING btree ("queue_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_source_key" ON "goods_receipts" USING btree ("source_transition_id");--> statement-breakpoint
CREATE INDEX "goods_receipts_branch_day_idx" ON "goods_receipts" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "goods_receipts_branch_id_idx" ON "goods_receipts" USING btree ("branch_id","id");