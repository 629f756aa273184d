CREATE TABLE "gateway_channels" (
	"gateway_id" integer NOT NULL,
	"key" text NOT NULL,
	"sub_device" integer NOT NULL,
	"name" text,
	"fan_type" integer,
	"curtain_type" integer,
	"heat_type" integer,
	CONSTRAINT "gateway_channels_gateway_id_key_pk" PRIMARY KEY("gateway_id","key")
);
--> statement-breakpoint
CREATE TABLE "network_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"server_port" integer NOT NULL,
	"connection_mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_channels" ADD CONSTRAINT "gateway_channels_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_devices" ADD CONSTRAINT "network_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_devices" ADD CONSTRAINT "network_devices_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_devices_tenant_ip_uq" ON "network_devices" USING btree ("tenant_id","ip");--> statement-breakpoint
CREATE INDEX "network_devices_farm_idx" ON "network_devices" USING btree ("farm_id");