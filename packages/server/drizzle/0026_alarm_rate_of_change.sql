ALTER TABLE "alarm_rules" DROP CONSTRAINT "alarm_rules_kind_ck";--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "rate_direction" text;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "rate_amount" double precision;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "window_minutes" integer;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_kind_ck" CHECK ("alarm_rules"."kind" IN ('threshold', 'noData', 'offline', 'commandFailed', 'rateOfChange'));