ALTER TABLE "devices" DROP CONSTRAINT "devices_reader_action";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "reader_printer_id" integer;--> statement-breakpoint
ALTER TABLE "identifications" ADD COLUMN "bookings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_reader_printer_id_devices_id_fk" FOREIGN KEY ("reader_printer_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_reader_action" CHECK ("devices"."reader_action" in ('gate_exit', 'weighbridge', 'check_in'));