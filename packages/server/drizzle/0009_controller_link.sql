ALTER TABLE "gateways" ADD COLUMN "network_id" integer;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "port" integer;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "comm_point_no" integer;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_parent_id_gateways_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_comm_point_uq" ON "gateways" USING btree ("network_id","port","comm_point_no");--> statement-breakpoint
CREATE INDEX "gateways_parent_idx" ON "gateways" USING btree ("parent_id");