CREATE TABLE "known_browsers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_browsers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_browsers_officer_idx" ON "known_browsers" USING btree ("officer_id","last_used");--> statement-breakpoint
CREATE INDEX "known_browsers_last_used_idx" ON "known_browsers" USING btree ("last_used");