CREATE TABLE "server_crashes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_crashes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"exit_code" integer,
	"signal" varchar(16),
	"reason" varchar(16) NOT NULL,
	"out_of_memory" boolean DEFAULT false NOT NULL,
	"message" varchar(500) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"restart_attempt" integer,
	"max_restarts" integer,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "crash_max_restarts" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "crash_window_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "server_crashes" ADD CONSTRAINT "server_crashes_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_crashes_server_idx" ON "server_crashes" USING btree ("server_id","created_at");