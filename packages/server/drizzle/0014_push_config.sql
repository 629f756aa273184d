CREATE TABLE "push_phone_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"callers" jsonb NOT NULL,
	"callees" jsonb NOT NULL,
	"template_id" text,
	"template_content" text NOT NULL,
	"language" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "push_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"levels" jsonb NOT NULL,
	"kinds" jsonb NOT NULL,
	"properties" jsonb NOT NULL,
	"account_ids" jsonb NOT NULL,
	"extra_emails" jsonb NOT NULL,
	"language" text NOT NULL,
	"methods" jsonb NOT NULL,
	"interval_minutes" integer NOT NULL,
	"send_delay_sec" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "push_phone_configs" ADD CONSTRAINT "push_phone_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_phone_configs" ADD CONSTRAINT "push_phone_configs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_strategies" ADD CONSTRAINT "push_strategies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_strategies" ADD CONSTRAINT "push_strategies_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_phone_configs_farm_uq" ON "push_phone_configs" USING btree ("farm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_strategies_farm_uq" ON "push_strategies" USING btree ("farm_id");