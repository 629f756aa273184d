CREATE TABLE "account_farms" (
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	CONSTRAINT "account_farms_account_id_farm_id_pk" PRIMARY KEY("account_id","farm_id")
);
--> statement-breakpoint
CREATE TABLE "account_roles" (
	"account_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "account_roles_account_id_role_id_pk" PRIMARY KEY("account_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "account_sheds" (
	"account_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	CONSTRAINT "account_sheds_account_id_shed_id_pk" PRIMARY KEY("account_id","shed_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"account_code" text NOT NULL,
	"account_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"secure_hash" text,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"account_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"phone_no" text,
	"email" text,
	"name" text,
	"gender" smallint,
	"job_no" text,
	"area_code" text,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "act_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" integer,
	"account_id" integer NOT NULL,
	"mode_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_auth" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"valid_years" integer,
	"valid_start" timestamp with time zone,
	"valid_end" timestamp with time zone,
	"visit_way" text DEFAULT 'both' NOT NULL,
	"ip_address" text,
	"auth_code_hash" text,
	"visit_times" integer,
	"allow_accounts" jsonb,
	"functions" jsonb,
	"farms" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "application_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"parent_code" text,
	"fun_type" text NOT NULL,
	"scope" text NOT NULL,
	"seq_no" integer NOT NULL,
	"path" text,
	"is_index" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" integer,
	"account_id" integer,
	"account_code" text,
	"ip" text,
	"method" text,
	"action" text NOT NULL,
	"module" text,
	"outcome" text NOT NULL,
	"code" integer,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "default_application" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"application_info_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_name" text NOT NULL,
	"type" smallint NOT NULL,
	"scale" smallint,
	"address" text,
	"person_in_charge" text,
	"contact" text,
	"area_code" text,
	"phone" text,
	"admin_account_id" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"time_zone_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer,
	"shed_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gateway_type" integer NOT NULL,
	"device_category" integer,
	"model" text,
	"serial_no" text,
	"check_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "params" (
	"id" serial PRIMARY KEY NOT NULL,
	"param_group_code" text NOT NULL,
	"param_code" text NOT NULL,
	"param_value" text NOT NULL,
	"param_other" text,
	"seq_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pens" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"field_column" integer DEFAULT 0 NOT NULL,
	"field" integer DEFAULT 0 NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "role_apps" (
	"role_id" integer NOT NULL,
	"app_code" text NOT NULL,
	"ops" jsonb DEFAULT '["view"]'::jsonb NOT NULL,
	CONSTRAINT "role_apps_role_id_app_code_pk" PRIMARY KEY("role_id","app_code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"role_name" text NOT NULL,
	"type" text DEFAULT 'farm' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_pem" text NOT NULL,
	"public_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"tenant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sheds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_name" text NOT NULL,
	"shed_type" integer NOT NULL,
	"area_num" integer DEFAULT 0 NOT NULL,
	"building_num" integer DEFAULT 0 NOT NULL,
	"shed_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "system_auth" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"valid_years" integer,
	"valid_start" timestamp with time zone,
	"valid_end" timestamp with time zone,
	"user_num" integer,
	"farm_num" integer,
	"device_num" integer,
	"is_open_api" boolean DEFAULT false NOT NULL,
	"allow_accounts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"phone" text,
	"address" text,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "account_farms" ADD CONSTRAINT "account_farms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_farms" ADD CONSTRAINT "account_farms_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sheds" ADD CONSTRAINT "account_sheds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sheds" ADD CONSTRAINT "account_sheds_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_auth" ADD CONSTRAINT "api_auth_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_application" ADD CONSTRAINT "default_application_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pens" ADD CONSTRAINT "pens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pens" ADD CONSTRAINT "pens_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_apps" ADD CONSTRAINT "role_apps_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheds" ADD CONSTRAINT "sheds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheds" ADD CONSTRAINT "sheds_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_auth" ADD CONSTRAINT "system_auth_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_uq" ON "accounts" USING btree ("account_code");--> statement-breakpoint
CREATE INDEX "accounts_tenant_idx" ON "accounts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "act_log_account_idx" ON "act_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_info_code_uq" ON "application_info" USING btree ("code");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at_idx" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "farms_tenant_name_uq" ON "farms" USING btree ("tenant_id","farm_name");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_code_uq" ON "gateways" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gateways_shed_idx" ON "gateways" USING btree ("shed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "params_group_code_uq" ON "params" USING btree ("param_group_code","param_code");--> statement-breakpoint
CREATE INDEX "pens_shed_idx" ON "pens" USING btree ("shed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name_uq" ON "roles" USING btree ("tenant_id","role_name");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sheds_farm_idx" ON "sheds" USING btree ("farm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_name_uq" ON "tenants" USING btree ("name");