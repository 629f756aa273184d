CREATE TABLE "silo_daily" (
	"silo_id" integer NOT NULL,
	"day" date NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"consumed_kg" double precision DEFAULT 0 NOT NULL,
	"delivered_kg" double precision DEFAULT 0 NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"closing_kg" double precision,
	"closing_ts" timestamp with time zone,
	CONSTRAINT "silo_daily_silo_id_day_pk" PRIMARY KEY("silo_id","day")
);
--> statement-breakpoint
CREATE TABLE "silo_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"silo_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"kg" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "silo_sheds" (
	"silo_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	CONSTRAINT "silo_sheds_silo_id_shed_id_pk" PRIMARY KEY("silo_id","shed_id")
);
--> statement-breakpoint
CREATE TABLE "silo_state" (
	"silo_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"weight_kg" double precision NOT NULL,
	"level" text NOT NULL,
	"weight_state" text NOT NULL,
	"action" text NOT NULL,
	"track" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "silos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity_kg" integer NOT NULL,
	"empty_pct" double precision DEFAULT 10 NOT NULL,
	"full_pct" double precision DEFAULT 95 NOT NULL,
	"lead_days" smallint DEFAULT 3 NOT NULL,
	"gateway_id" integer,
	"channel" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "silos_capacity_ck" CHECK ("silos"."capacity_kg" > 0)
);
--> statement-breakpoint
ALTER TABLE "silo_daily" ADD CONSTRAINT "silo_daily_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_daily" ADD CONSTRAINT "silo_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_daily" ADD CONSTRAINT "silo_daily_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_deliveries" ADD CONSTRAINT "silo_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_deliveries" ADD CONSTRAINT "silo_deliveries_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_deliveries" ADD CONSTRAINT "silo_deliveries_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_sheds" ADD CONSTRAINT "silo_sheds_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_sheds" ADD CONSTRAINT "silo_sheds_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silo_state" ADD CONSTRAINT "silo_state_silo_id_silos_id_fk" FOREIGN KEY ("silo_id") REFERENCES "public"."silos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silos" ADD CONSTRAINT "silos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silos" ADD CONSTRAINT "silos_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "silos" ADD CONSTRAINT "silos_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "silo_daily_farm_day_idx" ON "silo_daily" USING btree ("farm_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "silo_deliveries_silo_ts_uq" ON "silo_deliveries" USING btree ("silo_id","ts");--> statement-breakpoint
CREATE INDEX "silo_deliveries_farm_ts_idx" ON "silo_deliveries" USING btree ("farm_id","ts");--> statement-breakpoint
CREATE INDEX "silo_sheds_shed_idx" ON "silo_sheds" USING btree ("shed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "silos_farm_name_uq" ON "silos" USING btree ("farm_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "silos_scale_uq" ON "silos" USING btree ("gateway_id","channel") WHERE "silos"."gateway_id" IS NOT NULL;