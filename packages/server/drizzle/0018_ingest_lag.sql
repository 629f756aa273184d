ALTER TABLE "ingest_stats" ADD COLUMN "lag_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest_stats" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;