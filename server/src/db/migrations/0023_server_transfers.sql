CREATE TABLE "server_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"server_id" integer NOT NULL,
	"from_node_id" integer NOT NULL,
	"to_node_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"step" varchar(16) NOT NULL,
	"bytes_copied" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"address" varchar(300),
	"error" text,
	"was_running" boolean DEFAULT false NOT NULL,
	"pointed" boolean DEFAULT false NOT NULL,
	"switched" boolean DEFAULT false NOT NULL,
	"actor_id" integer,
	"actor_ip" varchar(64),
	"actor_via" varchar(128),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_from_node_id_nodes_id_fk" FOREIGN KEY ("from_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_to_node_id_nodes_id_fk" FOREIGN KEY ("to_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_transfers" ADD CONSTRAINT "server_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_transfers_server_idx" ON "server_transfers" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "server_transfers_state_idx" ON "server_transfers" USING btree ("state");