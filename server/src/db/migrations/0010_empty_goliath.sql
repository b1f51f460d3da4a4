ALTER TABLE "nodes" ADD COLUMN "location" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "docker_host" varchar(255);--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "tls_sealed" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "memory_mb" integer;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "disk_mb" integer;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "maintenance" boolean DEFAULT false NOT NULL;