DROP INDEX "officers_email_key";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "calendar_all_languages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "remember_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "username" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "officers_username_key" ON "officers" USING btree (lower("username")) WHERE "officers"."username" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "officers_email_key" ON "officers" USING btree (lower("email")) WHERE "officers"."email" <> '';--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_language" CHECK ("branches"."language" in ('', 'th', 'en', 'es', 'de', 'it', 'ru'));--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_login" CHECK ("officers"."email" <> '' or "officers"."username" <> '');