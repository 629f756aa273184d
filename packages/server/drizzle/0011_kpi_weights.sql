ALTER TABLE "flock_grow_days" ADD COLUMN "cv" double precision;--> statement-breakpoint
ALTER TABLE "flock_stock_days" ADD COLUMN "transfer_out_kg" double precision;--> statement-breakpoint
ALTER TABLE "flock_stock_days" ADD COLUMN "dead_kg" double precision;