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
ALTER TABLE "server_subdomains" ADD CONSTRAINT "server_subdomains_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_node_port_taken_unique" ON "allocations" USING btree ("node_id","port") WHERE "allocations"."server_id" is not null;