CREATE TABLE "server_subdomains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_subdomains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"label" varchar(63) NOT NULL,
	"zone" varchar(253) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_subdomains_server_id_unique" UNIQUE("server_id"),
	CONSTRAINT "server_subdomains_zone_label_unique" UNIQUE("zone","label")
);
--> statement-breakpoint
CREATE TABLE "database_hosts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "database_hosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer DEFAULT 3306 NOT NULL,
	"username" varchar(80) NOT NULL,
	"password_sealed" text NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "database_hosts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "database_hosts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "server_databases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_databases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"server_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"username" varchar(32) NOT NULL,
	"remote" varchar(255) DEFAULT '%' NOT NULL,
	"password_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_databases_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "server_databases_host_name_unique" UNIQUE("host_id","name"),
	CONSTRAINT "server_databases_host_username_unique" UNIQUE("host_id","username")
);
--> statement-breakpoint
ALTER TABLE "server_subdomains" ADD CONSTRAINT "server_subdomains_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database_hosts" ADD CONSTRAINT "database_hosts_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_databases" ADD CONSTRAINT "server_databases_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_databases" ADD CONSTRAINT "server_databases_host_id_database_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."database_hosts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "database_hosts_node_idx" ON "database_hosts" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "server_databases_server_idx" ON "server_databases" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_node_port_taken_unique" ON "allocations" USING btree ("node_id","port") WHERE "allocations"."server_id" is not null;