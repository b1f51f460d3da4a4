ALTER TABLE "server_templates" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "server_templates" ADD COLUMN "source_key" varchar(512);--> statement-breakpoint
ALTER TABLE "server_templates" ADD COLUMN "egg" jsonb;--> statement-breakpoint
ALTER TABLE "server_templates" ADD COLUMN "image_map" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "image" varchar(255);--> statement-breakpoint
ALTER TABLE "server_templates" ADD CONSTRAINT "server_templates_source_key_unique" UNIQUE("source_key");