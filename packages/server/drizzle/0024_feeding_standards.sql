CREATE TABLE "feeding_standard_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"factor" text NOT NULL,
	"value_from" double precision NOT NULL,
	"value_to" double precision NOT NULL,
	"percent" double precision NOT NULL,
	CONSTRAINT "feeding_standard_adjustments_factor_ck" CHECK ("feeding_standard_adjustments"."factor" IN ('parity', 'season', 'litterSize', 'bodyCondition', 'backFat', 'leftoverGrade'))
);
--> statement-breakpoint
CREATE TABLE "feeding_standard_ages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"start_day" integer NOT NULL,
	"end_day" integer NOT NULL,
	"min_amount" double precision NOT NULL,
	"daily_amount" double precision NOT NULL,
	"max_amount" double precision NOT NULL,
	CONSTRAINT "feeding_standard_ages_days_ck" CHECK ("feeding_standard_ages"."start_day" <= "feeding_standard_ages"."end_day"),
	CONSTRAINT "feeding_standard_ages_amount_ck" CHECK ("feeding_standard_ages"."min_amount" <= "feeding_standard_ages"."daily_amount" AND "feeding_standard_ages"."daily_amount" <= "feeding_standard_ages"."max_amount")
);
--> statement-breakpoint
CREATE TABLE "feeding_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"pen_feeding_type" text NOT NULL,
	"breed" text NOT NULL,
	"excess_ratio" double precision DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feeding_standards_type_ck" CHECK ("feeding_standards"."pen_feeding_type" IN ('pregnant', 'careful', 'breastfeed', 'wean', 'nonpregnant', 'empty'))
);
--> statement-breakpoint
ALTER TABLE "feeding_plans" ADD COLUMN "standard_id" integer;--> statement-breakpoint
ALTER TABLE "feeding_standard_adjustments" ADD CONSTRAINT "feeding_standard_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_standard_adjustments" ADD CONSTRAINT "feeding_standard_adjustments_standard_id_feeding_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."feeding_standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_standard_ages" ADD CONSTRAINT "feeding_standard_ages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_standard_ages" ADD CONSTRAINT "feeding_standard_ages_standard_id_feeding_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."feeding_standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_standards" ADD CONSTRAINT "feeding_standards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_standard_adjustments_seq_uq" ON "feeding_standard_adjustments" USING btree ("standard_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_standard_ages_seq_uq" ON "feeding_standard_ages" USING btree ("standard_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_standards_tenant_name_uq" ON "feeding_standards" USING btree ("tenant_id","name");--> statement-breakpoint
ALTER TABLE "feeding_plans" ADD CONSTRAINT "feeding_plans_standard_id_feeding_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."feeding_standards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeding_plans_standard_idx" ON "feeding_plans" USING btree ("standard_id");