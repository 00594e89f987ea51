CREATE TABLE "waiting_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"time_span_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"option_values" jsonb NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"order_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_leave_token_hash_unique" UNIQUE("leave_token_hash"),
	CONSTRAINT "waiting_list_quantity" CHECK ("waiting_list_entries"."quantity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "waiting_list_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"offer_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_products_offer_minutes" CHECK ("waiting_list_products"."offer_minutes" between 10 and 2880)
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_products" ADD CONSTRAINT "waiting_list_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_products" ADD CONSTRAINT "waiting_list_products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_waiting_idx" ON "waiting_list_entries" USING btree ("time_span_id","id") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_offered_idx" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waiting_list_site_idx" ON "waiting_list_entries" USING btree ("site_id","time_span_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_one_per_address" ON "waiting_list_entries" USING btree ("time_span_id",lower("email")) WHERE "waiting_list_entries"."status" in ('waiting', 'offered');