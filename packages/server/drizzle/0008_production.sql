CREATE TABLE "flock_egg_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_age" integer NOT NULL,
	"egg_count" integer NOT NULL,
	"egg_weight_kg" double precision,
	"qualified" integer,
	"large" integer,
	"medium" integer,
	"small" integer,
	"broken" integer,
	"dirty" integer,
	"deformed" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_feed_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_age" integer NOT NULL,
	"feed_kg" double precision NOT NULL,
	"feed_type" text,
	"measured" boolean DEFAULT false NOT NULL,
	"measured_value" double precision,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_grow_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_age" integer NOT NULL,
	"avg_weight" double precision,
	"male_avg_weight" double precision,
	"female_avg_weight" double precision,
	"uniformity" double precision,
	"sample_size" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_immunizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"vaccinated_at" timestamp with time zone NOT NULL,
	"day_age" integer NOT NULL,
	"vaccine_brand" text NOT NULL,
	"method" text NOT NULL,
	"disease" text NOT NULL,
	"vaccine_expiry" date,
	"dose" text,
	"implementer" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"medicated_at" timestamp with time zone NOT NULL,
	"day_age" integer NOT NULL,
	"drug_name" text NOT NULL,
	"manufacturer" text,
	"method" text NOT NULL,
	"disease" text NOT NULL,
	"dose" text,
	"withdrawal_days" integer,
	"implementer" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_stock_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_age" integer NOT NULL,
	"transfer_in" integer DEFAULT 0 NOT NULL,
	"transfer_out" integer DEFAULT 0 NOT NULL,
	"dead" integer DEFAULT 0 NOT NULL,
	"culled" integer DEFAULT 0 NOT NULL,
	"transfer_in_male" integer,
	"transfer_out_male" integer,
	"dead_male" integer,
	"culled_male" integer,
	"mating" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flock_water_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_age" integer NOT NULL,
	"water_l" double precision NOT NULL,
	"measured" boolean DEFAULT false NOT NULL,
	"measured_value" double precision,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "flocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"group_no" text NOT NULL,
	"flock_type" smallint NOT NULL,
	"sex" smallint NOT NULL,
	"breed" text,
	"birth_date" date NOT NULL,
	"laying_date" date,
	"start_date" date NOT NULL,
	"end_date" date,
	"stop_date" date,
	"origin" text,
	"male_count" integer DEFAULT 0 NOT NULL,
	"female_count" integer DEFAULT 0 NOT NULL,
	"male_avg_weight" double precision,
	"female_avg_weight" double precision,
	"device_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "standard_curves" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"flock_type" smallint NOT NULL,
	"indicator" text NOT NULL,
	"name" text NOT NULL,
	"start_day" integer DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"builtin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "flock_egg_days" ADD CONSTRAINT "flock_egg_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_egg_days" ADD CONSTRAINT "flock_egg_days_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_feed_days" ADD CONSTRAINT "flock_feed_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_feed_days" ADD CONSTRAINT "flock_feed_days_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_grow_days" ADD CONSTRAINT "flock_grow_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_grow_days" ADD CONSTRAINT "flock_grow_days_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_immunizations" ADD CONSTRAINT "flock_immunizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_immunizations" ADD CONSTRAINT "flock_immunizations_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_medications" ADD CONSTRAINT "flock_medications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_medications" ADD CONSTRAINT "flock_medications_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_stock_days" ADD CONSTRAINT "flock_stock_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_stock_days" ADD CONSTRAINT "flock_stock_days_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_water_days" ADD CONSTRAINT "flock_water_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_water_days" ADD CONSTRAINT "flock_water_days_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_device_id_gateways_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_curves" ADD CONSTRAINT "standard_curves_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_curves" ADD CONSTRAINT "standard_curves_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flock_egg_days_uq" ON "flock_egg_days" USING btree ("flock_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "flock_feed_days_uq" ON "flock_feed_days" USING btree ("flock_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "flock_grow_days_uq" ON "flock_grow_days" USING btree ("flock_id","day");--> statement-breakpoint
CREATE INDEX "flock_immunizations_flock_idx" ON "flock_immunizations" USING btree ("flock_id","vaccinated_at");--> statement-breakpoint
CREATE INDEX "flock_medications_flock_idx" ON "flock_medications" USING btree ("flock_id","medicated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flock_stock_days_uq" ON "flock_stock_days" USING btree ("flock_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "flock_water_days_uq" ON "flock_water_days" USING btree ("flock_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "flocks_farm_shed_group_uq" ON "flocks" USING btree ("farm_id","shed_id","group_no");--> statement-breakpoint
CREATE INDEX "flocks_tenant_farm_idx" ON "flocks" USING btree ("tenant_id","farm_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_curves_farm_type_indicator_uq" ON "standard_curves" USING btree ("farm_id","flock_type","indicator");