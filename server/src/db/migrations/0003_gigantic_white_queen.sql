CREATE TABLE "server_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"server_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_roles_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "server_roles_server_name_unique" UNIQUE("server_id","name")
);
--> statement-breakpoint
ALTER TABLE "server_permissions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "role_id" integer;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "status" varchar(16) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "invited_email" varchar(254);--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "invited_by_id" integer;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_roles" ADD CONSTRAINT "server_roles_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD CONSTRAINT "server_permissions_role_id_server_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."server_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_permissions" ADD CONSTRAINT "server_permissions_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_permissions_role_idx" ON "server_permissions" USING btree ("role_id");--> statement-breakpoint
ALTER TABLE "server_permissions" ADD CONSTRAINT "server_permissions_uuid_unique" UNIQUE("uuid");--> statement-breakpoint
ALTER TABLE "server_permissions" ADD CONSTRAINT "server_permissions_invitation_token_hash_unique" UNIQUE("invitation_token_hash");--> statement-breakpoint
ALTER TABLE "server_permissions" ADD CONSTRAINT "server_permissions_server_email_unique" UNIQUE("server_id","invited_email");