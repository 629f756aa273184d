CREATE TABLE "account_pens" (
	"account_id" integer NOT NULL,
	"pen_id" integer NOT NULL,
	CONSTRAINT "account_pens_account_id_pen_id_pk" PRIMARY KEY("account_id","pen_id")
);
--> statement-breakpoint
ALTER TABLE "account_pens" ADD CONSTRAINT "account_pens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_pens" ADD CONSTRAINT "account_pens_pen_id_pens_id_fk" FOREIGN KEY ("pen_id") REFERENCES "public"."pens"("id") ON DELETE cascade ON UPDATE no action;