CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"method" text NOT NULL,
	"gate" text NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_ticket_mode" UNIQUE("ticket_id","mode")
);
--> statement-breakpoint
CREATE TABLE "mail_magazine_subscriptions" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"field_name" text NOT NULL,
	"is_subscribed" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_magazine_subscriptions_site_id_email_field_name_pk" PRIMARY KEY("site_id","email","field_name")
);
--> statement-breakpoint
CREATE TABLE "mail_magazine_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"addressee" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "receipts_site_sequence" UNIQUE("site_id","sequence")
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
CREATE TABLE "site_secrets" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"signing_key" text NOT NULL,
	"last_receipt_sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_qr_secrets" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"share_id" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "ticket_shares_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "ticket_shares_quantity" CHECK ("ticket_shares"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_reservation_number_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_reservation_token_hash_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_mail_token_hash_unique";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_magazine_subscriptions" ADD CONSTRAINT "mail_magazine_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_magazine_tokens" ADD CONSTRAINT "mail_magazine_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_carrier_logins" ADD CONSTRAINT "sandbox_carrier_logins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_secrets" ADD CONSTRAINT "site_secrets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_qr_secrets" ADD CONSTRAINT "spot_qr_secrets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_access_tokens" ADD CONSTRAINT "ticket_access_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_access_tokens" ADD CONSTRAINT "ticket_access_tokens_share_id_ticket_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."ticket_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_shares" ADD CONSTRAINT "ticket_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "ticket_access_tokens_order_idx" ON "ticket_access_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ticket_shares_order_idx" ON "ticket_shares" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_share_id_ticket_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."ticket_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reservation_number_idx" ON "orders" USING btree ("reservation_number") WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reservation_token_hash_idx" ON "orders" USING btree ("reservation_token_hash") WHERE "orders"."reservation_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_mail_token_hash_idx" ON "orders" USING btree ("mail_token_hash") WHERE "orders"."mail_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "tickets_share_idx" ON "tickets" USING btree ("share_id");