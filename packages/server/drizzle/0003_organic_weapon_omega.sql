CREATE TABLE "gateway_status" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"online" boolean NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"online" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_stats" (
	"node" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"stored" bigint DEFAULT 0 NOT NULL,
	"duplicates" bigint DEFAULT 0 NOT NULL,
	"malformed" bigint DEFAULT 0 NOT NULL,
	"bad_values" bigint DEFAULT 0 NOT NULL,
	"unknown_device" bigint DEFAULT 0 NOT NULL,
	"db_errors" bigint DEFAULT 0 NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_daily" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_daily_gateway_id_key_bucket_pk" PRIMARY KEY("gateway_id","key","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_hourly_gateway_id_key_bucket_pk" PRIMARY KEY("gateway_id","key","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_latest" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_latest_gateway_id_key_pk" PRIMARY KEY("gateway_id","key")
);
--> statement-breakpoint
ALTER TABLE "gateway_status" ADD CONSTRAINT "gateway_status_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_status_events" ADD CONSTRAINT "gateway_status_events_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_status_online_idx" ON "gateway_status" USING btree ("online","last_seen_at");--> statement-breakpoint
CREATE INDEX "gateway_status_events_gw_at_idx" ON "gateway_status_events" USING btree ("gateway_id","at");