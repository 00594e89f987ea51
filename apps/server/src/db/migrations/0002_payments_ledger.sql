CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_key" UNIQUE("payment_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"redirect_url" text,
	"failure_reason" text,
	"retryable" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_number_unique" UNIQUE("payment_number"),
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_order_attempt" UNIQUE("order_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "sandbox_carrier_logins" (
	"state_code" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"return_url" text NOT NULL,
	"code" text,
	"payment_token" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_carrier_logins_code_unique" UNIQUE("code"),
	CONSTRAINT "sandbox_carrier_logins_payment_token_unique" UNIQUE("payment_token")
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_number" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"scenario" text NOT NULL,
	"challenge" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"retryable" boolean,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_carrier_logins" ADD CONSTRAINT "sandbox_carrier_logins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("provider","provider_reference");