CREATE TABLE "telemetry_stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telemetry_stream_tickets_exp_idx" ON "telemetry_stream_tickets" USING btree ("expires_at");