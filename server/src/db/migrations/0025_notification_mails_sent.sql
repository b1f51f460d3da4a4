CREATE TABLE "notification_mails_sent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_mails_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"event" varchar(64) NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_mails_sent_unique" UNIQUE("user_id","server_id","event")
);
--> statement-breakpoint
ALTER TABLE "notification_mails_sent" ADD CONSTRAINT "notification_mails_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails_sent" ADD CONSTRAINT "notification_mails_sent_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;