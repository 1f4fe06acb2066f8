ALTER TABLE "branches" ADD COLUMN "season_start" text DEFAULT '11-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "season_finish" text DEFAULT '04-30' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_season_start" CHECK ("branches"."season_start" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_season_finish" CHECK ("branches"."season_finish" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');