CREATE TABLE "sftp_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"key_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssh_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ssh_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"algorithm" varchar(32) NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "ssh_keys_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "sftp_settings" ADD CONSTRAINT "sftp_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssh_keys" ADD CONSTRAINT "ssh_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ssh_keys_user_idx" ON "ssh_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_user_fingerprint_idx" ON "ssh_keys" USING btree ("user_id","fingerprint");