CREATE TABLE "webhook_pending_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_pending_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"webhook_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"event" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"attempt" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_pending_unique" UNIQUE("webhook_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "server_thresholds" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"cpu_percent" integer,
	"memory_percent" integer,
	"disk_percent" integer,
	"minutes" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD COLUMN "trigger_event" varchar(64);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "run_on_cron" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "trigger_event" varchar(16);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "trigger_minutes" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "cooldown_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "last_triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_pending_deliveries" ADD CONSTRAINT "webhook_pending_deliveries_webhook_id_server_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."server_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_thresholds" ADD CONSTRAINT "server_thresholds_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_pending_due_idx" ON "webhook_pending_deliveries" USING btree ("due_at");