CREATE TABLE "report_mail_subscriptions" (
	"staff_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_period" date,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "report_mail_subscriptions_staff_id_site_id_frequency_pk" PRIMARY KEY("staff_id","site_id","frequency")
);
--> statement-breakpoint
ALTER TABLE "report_mail_subscriptions" ADD CONSTRAINT "report_mail_subscriptions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_mail_subscriptions" ADD CONSTRAINT "report_mail_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;