CREATE TABLE "server_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"sha512" varchar(128) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"project_id" varchar(191) NOT NULL,
	"project_name" varchar(191) NOT NULL,
	"version_id" varchar(191) NOT NULL,
	"version_number" varchar(191) NOT NULL,
	"icon_url" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_extensions_server_sha512" UNIQUE("server_id","sha512")
);
--> statement-breakpoint
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
ALTER TABLE "server_extensions" ADD CONSTRAINT "server_extensions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_extensions_server" ON "server_extensions" USING btree ("server_id");