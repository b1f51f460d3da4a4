CREATE TABLE "schedule_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" integer NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"due_at" timestamp with time zone,
	"result" varchar(16) DEFAULT 'running' NOT NULL,
	"error" text,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"runner" varchar(255) DEFAULT '' NOT NULL,
	"triggered_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "schedule_runs_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "schedule_runs_due_unique" UNIQUE("schedule_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "schedule_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"payload" text DEFAULT '' NOT NULL,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"continue_on_failure" boolean DEFAULT false NOT NULL,
	CONSTRAINT "schedule_tasks_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"server_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"minute" varchar(64) NOT NULL,
	"hour" varchar(64) NOT NULL,
	"day_of_month" varchar(64) NOT NULL,
	"month" varchar(64) NOT NULL,
	"day_of_week" varchar(64) NOT NULL,
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"only_when_online" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_result" varchar(16),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "auto_stop_minutes" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "wake_on_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_runs_schedule_idx" ON "schedule_runs" USING btree ("schedule_id","started_at");--> statement-breakpoint
CREATE INDEX "schedule_tasks_schedule_idx" ON "schedule_tasks" USING btree ("schedule_id","sequence");--> statement-breakpoint
CREATE INDEX "schedules_server_idx" ON "schedules" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("enabled","next_run_at");