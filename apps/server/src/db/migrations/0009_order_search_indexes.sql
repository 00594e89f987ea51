CREATE INDEX "order_coupons_coupon_idx" ON "order_coupons" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "orders_site_completed_idx" ON "orders" USING btree ("site_id","completed_at" DESC NULLS LAST) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_site_email_idx" ON "orders" USING btree ("site_id",lower("customer_fields"->>'email')) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_site_phone_idx" ON "orders" USING btree ("site_id",regexp_replace("customer_fields"->>'phone', '[^0-9]', '', 'g')) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_site_name_idx" ON "orders" USING btree ("site_id",(lower(translate("customer_fields"->>'fullname', ' 　', '')) collate "C")) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_name_words_idx" ON "orders" USING gin (regexp_split_to_array(lower("customer_fields"->>'fullname'), '[[:space:]　]+')) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_product_completed_idx" ON "orders" USING btree ("product_id","completed_at" DESC NULLS LAST) WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_time_span_idx" ON "orders" USING btree ("time_span_id");--> statement-breakpoint
CREATE INDEX "tickets_cancelled_order_idx" ON "tickets" USING btree ("order_id") WHERE "tickets"."status" = 'cancelled';