CREATE TABLE "background_job_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_job_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_job_items_subject" UNIQUE("job_id","subject"),
	CONSTRAINT "background_job_items_attempts" CHECK ("background_job_items"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"site_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "self_cancel_hours_before" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "self_cancel_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Holds taken before this migration keep no time (null), rather than all claiming the migration's.
ALTER TABLE "stock_holds" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_holds" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "background_job_items" ADD CONSTRAINT "background_job_items_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_job_items_job_idx" ON "background_job_items" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "background_job_items_pending_idx" ON "background_job_items" USING btree ("next_attempt_at") WHERE "background_job_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "background_jobs_site_idx" ON "background_jobs" USING btree ("site_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_running_idx" ON "background_jobs" USING btree ("created_at") WHERE "background_jobs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_self_cancel" CHECK ("products"."self_cancel_hours_before" is null or "products"."self_cancel_hours_before" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_self_cancel_fee" CHECK ("products"."self_cancel_fee" >= 0);