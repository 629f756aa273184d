CREATE TABLE "feed_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"batch" text NOT NULL,
	"formula_ratio" text,
	"weight" double precision NOT NULL,
	"unit" text NOT NULL,
	"price" double precision,
	"price_unit" text,
	"animal_type" smallint NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feed_infos_unit_ck" CHECK ("feed_infos"."unit" IN ('g', 'kg')),
	CONSTRAINT "feed_infos_weight_ck" CHECK ("feed_infos"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "feed_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "feeding_dispatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"status" text DEFAULT 'notSent' NOT NULL,
	"result" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feeding_dispatches_status_ck" CHECK ("feeding_dispatches"."status" IN ('notSent', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "feeding_plan_meals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"share" double precision NOT NULL,
	CONSTRAINT "feeding_plan_meals_time_ck" CHECK ("feeding_plan_meals"."start_minute" < "feeding_plan_meals"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "feeding_plan_pens" (
	"plan_id" integer NOT NULL,
	"pen_id" integer NOT NULL,
	CONSTRAINT "feeding_plan_pens_plan_id_pen_id_pk" PRIMARY KEY("plan_id","pen_id")
);
--> statement-breakpoint
CREATE TABLE "feeding_plan_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"start_day" integer NOT NULL,
	"end_day" integer NOT NULL,
	"feed_id" integer NOT NULL,
	"daily_amount" double precision NOT NULL,
	CONSTRAINT "feeding_plan_stages_days_ck" CHECK ("feeding_plan_stages"."start_day" <= "feeding_plan_stages"."end_day")
);
--> statement-breakpoint
CREATE TABLE "feeding_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"name" text NOT NULL,
	"total_days" integer NOT NULL,
	"split_points" integer[] NOT NULL,
	"dispatch_mode" text NOT NULL,
	"dispatch_at" timestamp with time zone,
	"dispatch_status" text DEFAULT 'draft' NOT NULL,
	"step_confirmed" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feeding_plans_mode_ck" CHECK ("feeding_plans"."dispatch_mode" IN ('immediate', 'timed')),
	CONSTRAINT "feeding_plans_status_ck" CHECK ("feeding_plans"."dispatch_status" IN ('draft', 'scheduled', 'dispatching', 'dispatched', 'partial', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "feed_infos" ADD CONSTRAINT "feed_infos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_infos" ADD CONSTRAINT "feed_infos_type_id_feed_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."feed_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_types" ADD CONSTRAINT "feed_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD CONSTRAINT "feeding_dispatches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD CONSTRAINT "feeding_dispatches_plan_id_feeding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."feeding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD CONSTRAINT "feeding_dispatches_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_meals" ADD CONSTRAINT "feeding_plan_meals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_meals" ADD CONSTRAINT "feeding_plan_meals_plan_id_feeding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."feeding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_pens" ADD CONSTRAINT "feeding_plan_pens_plan_id_feeding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."feeding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_pens" ADD CONSTRAINT "feeding_plan_pens_pen_id_pens_id_fk" FOREIGN KEY ("pen_id") REFERENCES "public"."pens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_stages" ADD CONSTRAINT "feeding_plan_stages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_stages" ADD CONSTRAINT "feeding_plan_stages_plan_id_feeding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."feeding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plan_stages" ADD CONSTRAINT "feeding_plan_stages_feed_id_feed_infos_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feed_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plans" ADD CONSTRAINT "feeding_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plans" ADD CONSTRAINT "feeding_plans_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_plans" ADD CONSTRAINT "feeding_plans_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_infos_tenant_name_uq" ON "feed_infos" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_infos_tenant_batch_uq" ON "feed_infos" USING btree ("tenant_id","batch");--> statement-breakpoint
CREATE INDEX "feed_infos_type_idx" ON "feed_infos" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_types_tenant_name_uq" ON "feed_types" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_dispatches_plan_gateway_uq" ON "feeding_dispatches" USING btree ("plan_id","gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_plan_meals_seq_uq" ON "feeding_plan_meals" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_plan_stages_seq_uq" ON "feeding_plan_stages" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE INDEX "feeding_plan_stages_feed_idx" ON "feeding_plan_stages" USING btree ("feed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_plans_farm_name_uq" ON "feeding_plans" USING btree ("farm_id","name");--> statement-breakpoint
CREATE INDEX "feeding_plans_shed_idx" ON "feeding_plans" USING btree ("shed_id");