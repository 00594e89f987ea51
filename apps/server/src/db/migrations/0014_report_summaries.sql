CREATE TABLE "report_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"figure" text NOT NULL,
	"key" text NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_days_site_id_day_figure_key_pk" PRIMARY KEY("site_id","day","figure","key")
);
--> statement-breakpoint
CREATE TABLE "report_summaries" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"summarised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_summaries_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_summaries" ADD CONSTRAINT "report_summaries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;