CREATE TABLE "oauth_providers" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"issuer" varchar(2048),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
