CREATE TABLE "control_auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"shed_ids" jsonb NOT NULL,
	"actions" jsonb,
	"valid_minutes" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "control_code_failures" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "control_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"grp" text NOT NULL,
	"version" integer NOT NULL,
	"op" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"ack_msg" text,
	"acked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "control_commands_status_ck" CHECK ("control_commands"."status" IN ('pending', 'synced', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "control_option_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"grp" text NOT NULL,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"from_value" jsonb,
	"to_value" jsonb NOT NULL,
	"code_kind" text NOT NULL,
	"auth_code_id" integer,
	"confirmed_off_comfort" boolean DEFAULT false NOT NULL,
	"command_id" text,
	"account_id" integer,
	"account_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_option_logs_kind_ck" CHECK ("control_option_logs"."code_kind" IN ('security', 'authorization')),
	CONSTRAINT "control_option_logs_action_ck" CHECK ("control_option_logs"."action" IN ('apply', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "control_auth_codes" ADD CONSTRAINT "control_auth_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_auth_codes" ADD CONSTRAINT "control_auth_codes_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_code_failures" ADD CONSTRAINT "control_code_failures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_auth_code_id_control_auth_codes_id_fk" FOREIGN KEY ("auth_code_id") REFERENCES "public"."control_auth_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_command_id_control_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."control_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_option_logs" ADD CONSTRAINT "control_option_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "control_auth_codes_hash_uq" ON "control_auth_codes" USING btree ("tenant_id","code_hash");--> statement-breakpoint
CREATE INDEX "control_auth_codes_tenant_idx" ON "control_auth_codes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "control_commands_version_uq" ON "control_commands" USING btree ("shed_id","grp","version");--> statement-breakpoint
CREATE INDEX "control_commands_pending_idx" ON "control_commands" USING btree ("gateway_id") WHERE "control_commands"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "control_option_logs_tenant_idx" ON "control_option_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "control_option_logs_auth_idx" ON "control_option_logs" USING btree ("auth_code_id");