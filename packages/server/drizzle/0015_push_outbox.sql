CREATE TABLE "push_ack_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_episodes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"strategy_id" integer,
	"alarm_ids" jsonb NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'open' NOT NULL,
	"ack_via" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "push_episodes_outcome_ck" CHECK ("push_episodes"."outcome" IN ('open', 'acknowledged', 'cleared', 'gaveUp', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"episode_id" bigint NOT NULL,
	"alarm_ids" jsonb NOT NULL,
	"method" text NOT NULL,
	"channel" text,
	"recipient" text NOT NULL,
	"recipient_name" text,
	"account_id" integer,
	"round" integer NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pushing' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_messages_status_ck" CHECK ("push_messages"."status" IN ('pushing', 'success', 'failure'))
);
--> statement-breakpoint
ALTER TABLE "push_ack_tokens" ADD CONSTRAINT "push_ack_tokens_message_id_push_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."push_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_episodes" ADD CONSTRAINT "push_episodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_episodes" ADD CONSTRAINT "push_episodes_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_episodes" ADD CONSTRAINT "push_episodes_strategy_id_push_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."push_strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_episode_id_push_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."push_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_episodes_waiting_uq" ON "push_episodes" USING btree ("strategy_id","shed_id") WHERE "push_episodes"."round" = 0 AND "push_episodes"."outcome" = 'open';--> statement-breakpoint
CREATE INDEX "push_episodes_farm_idx" ON "push_episodes" USING btree ("farm_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_messages_once_uq" ON "push_messages" USING btree ("episode_id","recipient","method","round");--> statement-breakpoint
CREATE INDEX "push_messages_farm_created_idx" ON "push_messages" USING btree ("farm_id","created_at");