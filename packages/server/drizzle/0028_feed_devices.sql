CREATE TABLE "feed_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"shed_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"gateway_id" integer,
	"pen_id" integer,
	"device_no" text NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"baud_rate" integer,
	"data_bits" smallint,
	"stop_bits" smallint,
	"parity" text,
	"brightness" smallint,
	"lock_seconds" integer,
	"touch_lock" boolean,
	"bait_weight" integer,
	"temp_low" smallint,
	"temp_high" smallint,
	"interval_minutes" integer,
	"amount_per_feed" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "feed_devices_kind_ck" CHECK ("feed_devices"."kind" IN ('concentrator', 'collector', 'feeder')),
	CONSTRAINT "feed_devices_links_ck" CHECK (("feed_devices"."kind" = 'concentrator' AND "feed_devices"."gateway_id" IS NOT NULL AND "feed_devices"."parent_id" IS NULL) OR ("feed_devices"."kind" = 'collector' AND "feed_devices"."parent_id" IS NOT NULL) OR ("feed_devices"."kind" = 'feeder' AND "feed_devices"."parent_id" IS NOT NULL AND "feed_devices"."pen_id" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "feeding_dispatches_plan_gateway_uq";--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD COLUMN "feeder_id" integer;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD COLUMN "command_id" text;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD COLUMN "version" integer;--> statement-breakpoint
-- Copies dispatched to gateways before feeders existed as devices were never sent by anything (status notSent): dropped, the plan is dispatched again to its feeders.
DELETE FROM "feeding_dispatches" WHERE "feeder_id" IS NULL;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_shed_id_sheds_id_fk" FOREIGN KEY ("shed_id") REFERENCES "public"."sheds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_parent_id_feed_devices_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."feed_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_devices" ADD CONSTRAINT "feed_devices_pen_id_pens_id_fk" FOREIGN KEY ("pen_id") REFERENCES "public"."pens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_devices_shed_idx" ON "feed_devices" USING btree ("shed_id","kind");--> statement-breakpoint
CREATE INDEX "feed_devices_parent_idx" ON "feed_devices" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "feed_devices_pen_idx" ON "feed_devices" USING btree ("pen_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_devices_gateway_uq" ON "feed_devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_devices_no_uq" ON "feed_devices" USING btree ("parent_id","device_no") WHERE "feed_devices"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_devices_root_no_uq" ON "feed_devices" USING btree ("tenant_id","device_no") WHERE "feed_devices"."parent_id" IS NULL;--> statement-breakpoint
ALTER TABLE "feeding_dispatches" ADD CONSTRAINT "feeding_dispatches_feeder_id_feed_devices_id_fk" FOREIGN KEY ("feeder_id") REFERENCES "public"."feed_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_dispatches_plan_feeder_uq" ON "feeding_dispatches" USING btree ("plan_id","feeder_id");--> statement-breakpoint
CREATE INDEX "feeding_dispatches_command_idx" ON "feeding_dispatches" USING btree ("command_id");