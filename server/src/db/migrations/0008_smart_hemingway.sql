CREATE TABLE "server_modpacks" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"source" varchar(16) NOT NULL,
	"project_id" varchar(64),
	"version_id" varchar(64),
	"name" varchar(191) NOT NULL,
	"version_number" varchar(64) NOT NULL,
	"minecraft" varchar(64) NOT NULL,
	"loader" varchar(16),
	"loader_version" varchar(64),
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icon_url" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;