CREATE TABLE "alarm_conditions" (
	"rule_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"pending_since" timestamp with time zone,
	"last_ts" timestamp with time zone,
	CONSTRAINT "alarm_conditions_rule_id_gateway_id_key_pk" PRIMARY KEY("rule_id","gateway_id","key")
);
--> statement-breakpoint
CREATE TABLE "alarm_progress" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_type" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"from_day" integer NOT NULL,
	"to_day" integer NOT NULL,
	"limit_kind" text DEFAULT 'absolute' NOT NULL,
	"low" double precision,
	"high" double precision,
	CONSTRAINT "alarm_rule_stages_range_ck" CHECK ("alarm_rule_stages"."from_day" <= "alarm_rule_stages"."to_day")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"shed_type" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"property" text NOT NULL,
	"operator" text,
	"level" smallint NOT NULL,
	"message" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"deadband" double precision DEFAULT 0 NOT NULL,
	"no_data_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "alarm_rules_kind_ck" CHECK ("alarm_rules"."kind" IN ('threshold', 'noData', 'offline')),
	CONSTRAINT "alarm_rules_level_ck" CHECK ("alarm_rules"."level" IN (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"gateway_code" text NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"level" smallint NOT NULL,
	"message" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reading_ts" timestamp with time zone,
	"value" double precision,
	"peak" double precision,
	"low" double precision,
	"high" double precision,
	"day_age" integer,
	"ack_by" integer,
	"ack_at" timestamp with time zone,
	"ack_comment" text,
	"cleared_by" integer,
	"clear_comment" text,
	"shelved_until" timestamp with time zone,
	"shelved_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_progress" ADD CONSTRAINT "alarm_progress_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_groups" ADD CONSTRAINT "alarm_rule_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_groups" ADD CONSTRAINT "alarm_rule_groups_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_stages" ADD CONSTRAINT "alarm_rule_stages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_stages" ADD CONSTRAINT "alarm_rule_stages_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_group_id_alarm_rule_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."alarm_rule_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_rule_groups_farm_name_uq" ON "alarm_rule_groups" USING btree ("farm_id","name");--> statement-breakpoint
CREATE INDEX "alarm_rule_groups_farm_idx" ON "alarm_rule_groups" USING btree ("farm_id","shed_type");--> statement-breakpoint
CREATE INDEX "alarm_rule_stages_rule_idx" ON "alarm_rule_stages" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "alarm_rules_farm_type_idx" ON "alarm_rules" USING btree ("farm_id","shed_type");--> statement-breakpoint
CREATE INDEX "alarm_rules_group_idx" ON "alarm_rules" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_live_uq" ON "alarms" USING btree ("rule_id","gateway_id","key") WHERE "alarms"."active";--> statement-breakpoint
CREATE INDEX "alarms_tenant_started_idx" ON "alarms" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "alarms_shed_active_idx" ON "alarms" USING btree ("shed_id","active","acknowledged");