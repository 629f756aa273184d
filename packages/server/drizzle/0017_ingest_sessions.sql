CREATE TABLE "ingest_sessions" (
	"client_id" text PRIMARY KEY NOT NULL,
	"share_group" text NOT NULL,
	"node" text NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
