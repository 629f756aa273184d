CREATE TABLE "telemetry_5min" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_5min_gateway_id_key_bucket_pk" PRIMARY KEY("gateway_id","key","bucket")
);
--> statement-breakpoint
-- Recent history into the new rollup, so charts of existing installations keep their last weeks.
INSERT INTO "telemetry_5min" ("gateway_id", "key", "bucket", "min", "max", "sum", "count")
SELECT gateway_id, key, date_bin('5 minutes', ts, TIMESTAMPTZ 'epoch'), min(value), max(value), sum(value), count(*)
  FROM telemetry
 WHERE ts >= now() - interval '35 days'
 GROUP BY 1, 2, 3;
