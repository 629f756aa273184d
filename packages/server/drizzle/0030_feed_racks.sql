CREATE TABLE "feed_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"rack_id" integer NOT NULL,
	"position_no" integer NOT NULL,
	"feeder_id" integer
);
--> statement-breakpoint
CREATE TABLE "feed_racks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"pen_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_no" integer NOT NULL,
	"end_no" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feed_racks_run_ck" CHECK ("feed_racks"."start_no" >= 1 AND "feed_racks"."start_no" <= "feed_racks"."end_no")
);
--> statement-breakpoint
ALTER TABLE "feed_positions" ADD CONSTRAINT "feed_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_positions" ADD CONSTRAINT "feed_positions_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_positions" ADD CONSTRAINT "feed_positions_rack_id_feed_racks_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."feed_racks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_positions" ADD CONSTRAINT "feed_positions_feeder_id_feed_devices_id_fk" FOREIGN KEY ("feeder_id") REFERENCES "public"."feed_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_racks" ADD CONSTRAINT "feed_racks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_racks" ADD CONSTRAINT "feed_racks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_racks" ADD CONSTRAINT "feed_racks_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_racks" ADD CONSTRAINT "feed_racks_pen_id_pens_id_fk" FOREIGN KEY ("pen_id") REFERENCES "public"."pens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_positions_rack_idx" ON "feed_positions" USING btree ("rack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_positions_no_uq" ON "feed_positions" USING btree ("shed_id","position_no");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_positions_feeder_uq" ON "feed_positions" USING btree ("feeder_id") WHERE "feed_positions"."feeder_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_racks_shed_idx" ON "feed_racks" USING btree ("shed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_racks_pen_name_uq" ON "feed_racks" USING btree ("pen_id","name");