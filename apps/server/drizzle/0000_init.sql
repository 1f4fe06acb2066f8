CREATE TABLE "auth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"officer_id" integer,
	"ip" text,
	"detail" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_queue_type_products" (
	"branch_queue_type_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "branch_queue_type_products_branch_queue_type_id_product_id_pk" PRIMARY KEY("branch_queue_type_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "branch_queue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"queue_type_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_queue_types_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "device_queue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"printer_name" text,
	"device_id" text,
	"secret_hash" text,
	"verified_date" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "flow_engines" (
	"id" integer PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flow_engines_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "flow_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_engine_id" integer NOT NULL,
	"state" text NOT NULL,
	"state_name" text NOT NULL,
	"state_detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officer_queue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officer_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"station_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "officers_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "queue_counters" (
	"branch_queue_type_id" integer NOT NULL,
	"queue_date" date NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "queue_counters_branch_queue_type_id_queue_date_pk" PRIMARY KEY("branch_queue_type_id","queue_date")
);
--> statement-breakpoint
CREATE TABLE "queue_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"station_id" integer,
	"officer_id" integer,
	"device_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"flow_engine_id" integer NOT NULL,
	CONSTRAINT "queue_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"branch_queue_type_id" integer NOT NULL,
	"product_id" integer,
	"queue_date" date NOT NULL,
	"seq" integer NOT NULL,
	"queue_number" text NOT NULL,
	"truck_license" text NOT NULL,
	"state" text NOT NULL,
	"station_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lab_start" timestamp with time zone,
	"lab_finish" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"exit_at" timestamp with time zone,
	"weigh_in_kg" numeric(10, 1),
	"weigh_in_at" timestamp with time zone,
	"weigh_out_kg" numeric(10, 1),
	"weigh_out_at" timestamp with time zone,
	"issued_by_officer_id" integer,
	"issued_by_device_id" integer,
	"idempotency_key" text,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queues_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "queues_seq_positive" CHECK ("queues"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"officer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "station_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"flow_state_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_queue_type_products" ADD CONSTRAINT "branch_queue_type_products_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_queue_type_products" ADD CONSTRAINT "branch_queue_type_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_queue_types" ADD CONSTRAINT "branch_queue_types_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_queue_types" ADD CONSTRAINT "branch_queue_types_queue_type_id_queue_types_id_fk" FOREIGN KEY ("queue_type_id") REFERENCES "public"."queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_queue_types" ADD CONSTRAINT "device_queue_types_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_queue_types" ADD CONSTRAINT "device_queue_types_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_states" ADD CONSTRAINT "flow_states_flow_engine_id_flow_engines_id_fk" FOREIGN KEY ("flow_engine_id") REFERENCES "public"."flow_engines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_queue_types" ADD CONSTRAINT "officer_queue_types_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_queue_types" ADD CONSTRAINT "officer_queue_types_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_stations" ADD CONSTRAINT "officer_stations_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_stations" ADD CONSTRAINT "officer_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_types" ADD CONSTRAINT "queue_types_flow_engine_id_flow_engines_id_fk" FOREIGN KEY ("flow_engine_id") REFERENCES "public"."flow_engines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_branch_queue_type_id_branch_queue_types_id_fk" FOREIGN KEY ("branch_queue_type_id") REFERENCES "public"."branch_queue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_issued_by_officer_id_officers_id_fk" FOREIGN KEY ("issued_by_officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_issued_by_device_id_devices_id_fk" FOREIGN KEY ("issued_by_device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_states" ADD CONSTRAINT "station_states_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_states" ADD CONSTRAINT "station_states_flow_state_id_flow_states_id_fk" FOREIGN KEY ("flow_state_id") REFERENCES "public"."flow_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_email_idx" ON "auth_events" USING btree ("kind","email","created");--> statement-breakpoint
CREATE INDEX "auth_events_ip_idx" ON "auth_events" USING btree ("kind","ip","created");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_queue_types_type_key" ON "branch_queue_types" USING btree ("branch_id","queue_type_id") WHERE "branch_queue_types"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "branch_queue_types_prefix_key" ON "branch_queue_types" USING btree ("branch_id","prefix") WHERE "branch_queue_types"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "device_queue_types_key" ON "device_queue_types" USING btree ("device_id","branch_queue_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_key" ON "devices" USING btree ("device_id") WHERE "devices"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "devices_branch_idx" ON "devices" USING btree ("branch_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_states_engine_state_key" ON "flow_states" USING btree ("flow_engine_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "officer_queue_types_key" ON "officer_queue_types" USING btree ("officer_id","branch_queue_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officer_stations_key" ON "officer_stations" USING btree ("officer_id","station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officers_email_key" ON "officers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "officers_branch_idx" ON "officers" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "products_branch_idx" ON "products" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "queue_transitions_queue_idx" ON "queue_transitions" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_number_key" ON "queues" USING btree ("branch_queue_type_id","queue_date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_idempotency_key" ON "queues" USING btree ("idempotency_key") WHERE "queues"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "queues_branch_date_idx" ON "queues" USING btree ("branch_id","queue_date");--> statement-breakpoint
CREATE INDEX "queues_branch_created_idx" ON "queues" USING btree ("branch_id","created");--> statement-breakpoint
CREATE INDEX "queues_active_idx" ON "queues" USING btree ("branch_id","state") WHERE "queues"."exit_at" is null;--> statement-breakpoint
CREATE INDEX "queues_license_idx" ON "queues" USING btree ("branch_id","truck_license");--> statement-breakpoint
CREATE INDEX "sessions_officer_idx" ON "sessions" USING btree ("officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "station_states_key" ON "station_states" USING btree ("station_id","flow_state_id");--> statement-breakpoint
CREATE INDEX "stations_branch_idx" ON "stations" USING btree ("branch_id");