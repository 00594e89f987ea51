CREATE TABLE "time_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"from_time_span_id" integer NOT NULL,
	"to_time_span_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"lang" text NOT NULL,
	"email" text,
	"paid" integer NOT NULL,
	"new_subtotal" integer NOT NULL,
	"new_discount" integer NOT NULL,
	"new_total" integer NOT NULL,
	"fee" integer NOT NULL,
	"to_pay" integer NOT NULL,
	"to_refund" integer NOT NULL,
	"resulting_total" integer NOT NULL,
	"refund_status" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "time_changes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "time_changes_amounts" CHECK ("time_changes"."to_pay" >= 0 and "time_changes"."to_refund" >= 0 and "time_changes"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "time_change_id" uuid;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "time_change" jsonb DEFAULT '{"isEnabled":true,"productKeys":null,"deadlineMinutes":1440,"feePerAdmission":0,"cheaperNewSlot":"no_refund","discountedPaymentMethods":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "time_changes" ADD CONSTRAINT "time_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_changes" ADD CONSTRAINT "time_changes_from_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("from_time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_changes" ADD CONSTRAINT "time_changes_to_time_span_id_product_time_spans_id_fk" FOREIGN KEY ("to_time_span_id") REFERENCES "public"."product_time_spans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_changes_order_idx" ON "time_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_changes_open_idx" ON "time_changes" USING btree ("order_id") WHERE "time_changes"."status" in ('pending', 'waiting');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_time_change_id_time_changes_id_fk" FOREIGN KEY ("time_change_id") REFERENCES "public"."time_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_time_change_idx" ON "payments" USING btree ("time_change_id") WHERE "payments"."time_change_id" is not null;