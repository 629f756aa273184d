CREATE TABLE "telemetry_feeder_days" (
	"gateway_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"feeder_ids" integer[] NOT NULL,
	CONSTRAINT "telemetry_feeder_days_gateway_id_bucket_pk" PRIMARY KEY("gateway_id","bucket")
);
--> statement-breakpoint
-- Hand-written: telemetry_feeder_days is kept by statement triggers on telemetry_daily (its
-- ids are the canonical `feederFeed.n` keys only, so the records' probe 'feederFeed.' || n finds them).
CREATE FUNCTION "telemetry_feeder_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telemetry_feeder_days AS s (gateway_id, bucket, feeder_ids)
  SELECT a.gateway_id, a.bucket, array_agg(substr(a.key, 12)::int)
    FROM added a
   WHERE a.key LIKE 'feederFeed.%' AND a.key ~ '^feederFeed\.[1-9][0-9]{0,8}$'
   GROUP BY a.gateway_id, a.bucket
   ORDER BY a.gateway_id, a.bucket
  ON CONFLICT (gateway_id, bucket) DO UPDATE SET feeder_ids = s.feeder_ids || excluded.feeder_ids;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "telemetry_feeder_days_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE telemetry_feeder_days s
     SET feeder_ids = ARRAY(SELECT x FROM unnest(s.feeder_ids) AS x WHERE x <> ALL (r.ids))
    FROM (SELECT o.gateway_id, o.bucket, array_agg(substr(o.key, 12)::int) AS ids
            FROM removed o
           WHERE o.key LIKE 'feederFeed.%' AND o.key ~ '^feederFeed\.[1-9][0-9]{0,8}$'
           GROUP BY o.gateway_id, o.bucket) r
   WHERE s.gateway_id = r.gateway_id AND s.bucket = r.bucket;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "telemetry_daily_feeder_days_add" AFTER INSERT ON "telemetry_daily"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "telemetry_feeder_days_add"();
--> statement-breakpoint
CREATE TRIGGER "telemetry_daily_feeder_days_remove" AFTER DELETE ON "telemetry_daily"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "telemetry_feeder_days_remove"();
--> statement-breakpoint
INSERT INTO "telemetry_feeder_days" (gateway_id, bucket, feeder_ids)
SELECT gateway_id, bucket, array_agg(substr(key, 12)::int)
  FROM telemetry_daily
 WHERE key LIKE 'feederFeed.%' AND key ~ '^feederFeed\.[1-9][0-9]{0,8}$'
 GROUP BY gateway_id, bucket;
