-- Telemetry history (DESIGN.md §3): one row per gateway, value key and reading instant.
-- Declared here because drizzle-kit cannot express PARTITION BY. Monthly partitions
-- (telemetry_yYYYYmMM) are created ahead by the server at start-up and by ingest when a reading
-- falls outside them; the DEFAULT partition is only a safety net. Retention drops whole months.
-- The primary key makes QoS 1 redeliveries idempotent (ON CONFLICT DO NOTHING); the BRIN index
-- serves time-range scans across gateways at a tiny fraction of a btree's size.
CREATE TABLE IF NOT EXISTS "telemetry" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_pk" PRIMARY KEY ("gateway_id", "key", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "telemetry_default" PARTITION OF "telemetry" DEFAULT;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "telemetry_ts_brin" ON "telemetry" USING brin ("ts");
