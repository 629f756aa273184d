CREATE TABLE "gateway_refusals" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_reason" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_failures_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "gateway_refusals" ADD CONSTRAINT "gateway_refusals_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_count";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "first_failed_at";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";