CREATE TABLE "calendar_colors" (
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"color_code" text NOT NULL,
	CONSTRAINT "calendar_colors_site_id_date_pk" PRIMARY KEY("site_id","date")
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "configurations_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"discount_type" text NOT NULL,
	"discount_amount" integer NOT NULL,
	"coverage_from" date NOT NULL,
	"coverage_to" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"channels" text[] NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"campaign" text,
	"is_invitation" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"product_ids" integer[],
	CONSTRAINT "coupons_site_code" UNIQUE("site_id","code"),
	CONSTRAINT "coupons_usage" CHECK ("coupons"."usage_limit" is null or "coupons"."used_count" <= "coupons"."usage_limit"),
	CONSTRAINT "coupons_amount" CHECK ("coupons"."discount_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "field_templates" (
	"site_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"position" integer NOT NULL,
	"is_display" boolean NOT NULL,
	"is_required" boolean NOT NULL,
	"type" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"choice_list" text,
	CONSTRAINT "field_templates_site_id_field_name_pk" PRIMARY KEY("site_id","field_name")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"resident_area" text,
	"phone" text,
	"age" text,
	"gender" text,
	CONSTRAINT "members_site_email" UNIQUE("site_id","email")
);
--> statement-breakpoint
CREATE TABLE "membership_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"discount_type" text NOT NULL,
	"discount_amount" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_coupons" (
	"order_id" uuid NOT NULL,
	"coupon_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_coupons_order_id_coupon_id_pk" PRIMARY KEY("order_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"product_id" integer NOT NULL,
	"time_span_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"option_values" jsonb NOT NULL,
	"set_products" jsonb NOT NULL,
	"customer_fields" jsonb,
	"payment_method" text,
	"member_id" integer,
	"subtotal" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"reservation_number" text,
	"reservation_token_hash" text,
	"mail_token_hash" text,
	CONSTRAINT "orders_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "orders_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "orders_reservation_token_hash_unique" UNIQUE("reservation_token_hash"),
	CONSTRAINT "orders_mail_token_hash_unique" UNIQUE("mail_token_hash"),
	CONSTRAINT "orders_quantity" CHECK ("orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"site_id" integer NOT NULL,
	"channel" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"position" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_site_id_channel_method_pk" PRIMARY KEY("site_id","channel","method")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "product_options_product_key" UNIQUE("product_id","key"),
	CONSTRAINT "product_options_price" CHECK ("product_options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_time_spans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_time_spans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"is_on_sale" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_time_spans_product_start" UNIQUE("product_id","starts_at"),
	CONSTRAINT "product_time_spans_sold" CHECK ("product_time_spans"."sold" >= 0 and "product_time_spans"."sold" <= "product_time_spans"."capacity")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"sale_type" text NOT NULL,
	"sales_channels" text[] NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"caution" jsonb NOT NULL,
	"presented_by" jsonb NOT NULL,
	"max_per_order" integer NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"slot_capacity" integer NOT NULL,
	"closed_weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "products_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "products_site_key" UNIQUE("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_product_stocks" (
	"set_product_id" integer NOT NULL,
	"time_span_id" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "set_product_stocks_set_product_id_time_span_id_pk" PRIMARY KEY("set_product_id","time_span_id")
);
--> statement-breakpoint
CREATE TABLE "set_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "set_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"main_product_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price" integer NOT NULL,
	"capacity_per_slot" integer NOT NULL,
	CONSTRAINT "set_products_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "set_products_product_key" UNIQUE("main_product_id","key")
);
--> statement-breakpoint
CREATE TABLE "site_languages" (
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"display_position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "site_languages_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Tokyo' NOT NULL,
	"is_start_mail_confirm_only" boolean DEFAULT false NOT NULL,
	"mail_confirm" jsonb NOT NULL,
	"has_membership_login" boolean DEFAULT false NOT NULL,
	"page_title" jsonb NOT NULL,
	"sign_in_fields" jsonb NOT NULL,
	"logos" jsonb NOT NULL,
	"order_procedure" text NOT NULL,
	"is_calendar_coloured" boolean DEFAULT false NOT NULL,
	"shows_smartphone_app_modal" boolean DEFAULT false NOT NULL,
	"ticket_display" jsonb NOT NULL,
	"payment_provider_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag_manager_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"hold_minutes" integer DEFAULT 15 NOT NULL,
	"low_stock_threshold" integer DEFAULT 10 NOT NULL,
	"theme" jsonb NOT NULL,
	"venue" jsonb NOT NULL,
	CONSTRAINT "sites_variant_unique" UNIQUE("variant"),
	CONSTRAINT "sites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"time_span_id" integer NOT NULL,
	"set_product_id" integer,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "stock_holds_quantity" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"site_id" integer NOT NULL,
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "texts_site_id_lang_key_pk" PRIMARY KEY("site_id","lang","key")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"option_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	CONSTRAINT "tickets_order_position" UNIQUE("order_id","position")
);
--> statement-breakpoint
ALTER TABLE "calendar_colors" ADD CONSTRAINT "calendar_colors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_templates" ADD CONSTRAINT "field_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_promotions" ADD CONSTRAINT "membership_promotions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_time_spans" ADD CONSTRAINT "product_time_spans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_product_stocks" ADD CONSTRAINT "set_product_stocks_set_product_id_set_products_id_fk" FOREIGN KEY ("set_product_id") REFERENCES "public"."set_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_product_stocks" ADD CONSTRAINT "set_product_stocks_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_products" ADD CONSTRAINT "set_products_main_product_id_products_id_fk" FOREIGN KEY ("main_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_set_product_id_set_products_id_fk" FOREIGN KEY ("set_product_id") REFERENCES "public"."set_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_site_idx" ON "orders" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "product_time_spans_product_date_idx" ON "product_time_spans" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "products_site_idx" ON "products" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stock_holds_span_expiry_idx" ON "stock_holds" USING btree ("time_span_id","expires_at");--> statement-breakpoint
CREATE INDEX "stock_holds_order_idx" ON "stock_holds" USING btree ("order_id");