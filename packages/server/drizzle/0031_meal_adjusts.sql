CREATE TABLE "feeding_meal_adjusts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"pen_id" integer,
	"meals" jsonb,
	"ration_unit" text,
	"ration_value" double precision,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feeding_meal_adjusts_unit_ck" CHECK ("feeding_meal_adjusts"."ration_unit" IN ('percent', 'kg')),
	CONSTRAINT "feeding_meal_adjusts_ration_ck" CHECK (("feeding_meal_adjusts"."ration_unit" IS NULL) = ("feeding_meal_adjusts"."ration_value" IS NULL)),
	CONSTRAINT "feeding_meal_adjusts_some_ck" CHECK ("feeding_meal_adjusts"."meals" IS NOT NULL OR "feeding_meal_adjusts"."ration_unit" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "feeding_meal_adjusts" ADD CONSTRAINT "feeding_meal_adjusts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_meal_adjusts" ADD CONSTRAINT "feeding_meal_adjusts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_meal_adjusts" ADD CONSTRAINT "feeding_meal_adjusts_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeding_meal_adjusts" ADD CONSTRAINT "feeding_meal_adjusts_pen_id_pens_id_fk" FOREIGN KEY ("pen_id") REFERENCES "public"."pens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_meal_adjusts_shed_uq" ON "feeding_meal_adjusts" USING btree ("shed_id") WHERE "feeding_meal_adjusts"."pen_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_meal_adjusts_pen_uq" ON "feeding_meal_adjusts" USING btree ("pen_id") WHERE "feeding_meal_adjusts"."pen_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "feeding_meal_adjusts_tenant_idx" ON "feeding_meal_adjusts" USING btree ("tenant_id");