-- Ingest updates telemetry_latest and the hourly/daily rollups in place on every batch (none of
-- the updated columns is indexed). Leaving room on each page lets PostgreSQL make those updates
-- HOT (no index entry, pruned in place), which roughly doubles the batch statement's speed when
-- every gateway reports once per batch. drizzle-kit does not model storage parameters.
ALTER TABLE "telemetry_latest" SET (fillfactor = 60);
--> statement-breakpoint
ALTER TABLE "telemetry_hourly" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "telemetry_daily" SET (fillfactor = 70);
