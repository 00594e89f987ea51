CREATE TABLE "google_wallet_classes" (
	"class_id" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_wallet_feed" (
	"name" text PRIMARY KEY NOT NULL,
	"after_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_wallet_objects" (
	"object_id" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"share_id" uuid,
	"site_id" integer NOT NULL,
	"class_id" text NOT NULL,
	"sent_generation" integer NOT NULL,
	"wanted_generation" integer NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_wallet_venues" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_wallet_classes" ADD CONSTRAINT "google_wallet_classes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_wallet_objects" ADD CONSTRAINT "google_wallet_objects_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_wallet_objects" ADD CONSTRAINT "google_wallet_objects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_wallet_venues" ADD CONSTRAINT "google_wallet_venues_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_wallet_objects_ticket_idx" ON "google_wallet_objects" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "google_wallet_objects_owed_idx" ON "google_wallet_objects" USING btree ("retry_at") WHERE "google_wallet_objects"."wanted_generation" > "google_wallet_objects"."sent_generation";