CREATE TABLE "apple_wallet_feed" (
	"name" text PRIMARY KEY NOT NULL,
	"after_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apple_wallet_passes" (
	"serial_number" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"auth_token_hashes" text[] NOT NULL,
	"share_id" uuid,
	"generation" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apple_wallet_registrations" (
	"device_library_identifier" text NOT NULL,
	"serial_number" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_wallet_registrations_device_library_identifier_serial_number_pk" PRIMARY KEY("device_library_identifier","serial_number")
);
--> statement-breakpoint
CREATE TABLE "apple_wallet_venues" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_wallet_passes" ADD CONSTRAINT "apple_wallet_passes_serial_number_tickets_id_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_wallet_passes" ADD CONSTRAINT "apple_wallet_passes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_wallet_registrations" ADD CONSTRAINT "apple_wallet_registrations_serial_number_apple_wallet_passes_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."apple_wallet_passes"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_wallet_venues" ADD CONSTRAINT "apple_wallet_venues_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_wallet_passes_updated_idx" ON "apple_wallet_passes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "apple_wallet_registrations_serial_idx" ON "apple_wallet_registrations" USING btree ("serial_number");