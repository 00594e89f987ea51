ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
-- The payment that completed each order or date change is the one whose completion was recorded.
UPDATE "payments" SET "completed_at" = "first"."created_at"
FROM (
  SELECT DISTINCT ON ("p"."order_id", "p"."time_change_id") "e"."payment_id", "e"."created_at"
  FROM "payment_events" "e" JOIN "payments" "p" ON "p"."id" = "e"."payment_id"
  WHERE "e"."kind" = 'completed' AND "p"."status" = 'captured'
  ORDER BY "p"."order_id", "p"."time_change_id", "e"."created_at"
) "first"
WHERE "payments"."id" = "first"."payment_id";--> statement-breakpoint
-- Settled: completed, refunded or beyond refunding, or failed with nothing left to release. A
-- capture that completed nothing stays unsettled: the reconciler completes or refunds it.
UPDATE "payments" SET "settled_at" = "updated_at"
WHERE "completed_at" IS NOT NULL
   OR "status" IN ('refunded', 'refund_failed')
   OR ("status" = 'failed' AND NOT (
         (EXISTS (SELECT 1 FROM "orders" "o" WHERE "o"."id" = "payments"."order_id" AND "o"."status" = 'paying')
          OR EXISTS (SELECT 1 FROM "time_changes" "tc" WHERE "tc"."id" = "payments"."time_change_id" AND "tc"."status" = 'waiting'))
         AND NOT EXISTS (SELECT 1 FROM "payments" "later" WHERE "later"."order_id" = "payments"."order_id" AND "later"."attempt" > "payments"."attempt")));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_completes_order" ON "payments" USING btree ("order_id") WHERE "payments"."completed_at" is not null and "payments"."time_change_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_completes_change" ON "payments" USING btree ("time_change_id") WHERE "payments"."completed_at" is not null and "payments"."time_change_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("last_checked_at") WHERE "payments"."settled_at" is null;