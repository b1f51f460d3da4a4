CREATE TABLE "backup_settings" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"rotate" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"server_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"ignored" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"storage" varchar(8) DEFAULT 'local' NOT NULL,
	"checksum" varchar(64),
	"bytes" bigint DEFAULT 0 NOT NULL,
	"content_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"runner" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer,
	"download_token_hash" varchar(64),
	"download_expires_at" timestamp with time zone,
	"download_user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "backups_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"runner" text DEFAULT '' NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "schedule_runs_claim_unique" UNIQUE("schedule_id","due_at")
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
	"minute" varchar(64) DEFAULT '*' NOT NULL,
	"hour" varchar(64) DEFAULT '*' NOT NULL,
	"day_of_month" varchar(64) DEFAULT '*' NOT NULL,
	"month" varchar(64) DEFAULT '*' NOT NULL,
	"day_of_week" varchar(64) DEFAULT '*' NOT NULL,
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"only_when_online" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "backup_settings" ADD CONSTRAINT "backup_settings_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_download_user_id_users_id_fk" FOREIGN KEY ("download_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_server_idx" ON "backups" USING btree ("server_id","started_at");--> statement-breakpoint
CREATE INDEX "backups_download_idx" ON "backups" USING btree ("download_token_hash");--> statement-breakpoint
CREATE INDEX "schedule_runs_schedule_idx" ON "schedule_runs" USING btree ("schedule_id","started_at");--> statement-breakpoint
CREATE INDEX "schedule_tasks_schedule_idx" ON "schedule_tasks" USING btree ("schedule_id","sequence");--> statement-breakpoint
CREATE INDEX "schedules_server_idx" ON "schedules" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "schedules_next_idx" ON "schedules" USING btree ("next_run_at");