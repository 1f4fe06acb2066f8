ALTER TABLE "eta_readings" ADD COLUMN "play_low_minutes" real;--> statement-breakpoint
ALTER TABLE "eta_readings" ADD COLUMN "play_mid_minutes" real;--> statement-breakpoint
ALTER TABLE "eta_readings" ADD COLUMN "play_high_minutes" real;