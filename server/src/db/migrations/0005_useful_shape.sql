ALTER TABLE "servers" ADD COLUMN "auto_stop_minutes" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "wake_on_join" boolean DEFAULT false NOT NULL;