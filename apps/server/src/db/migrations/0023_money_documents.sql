ALTER TABLE "receipts" DROP CONSTRAINT "receipts_order_id_unique";--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "kind" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_replaces_id_receipts_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_first_of_order" ON "receipts" USING btree ("order_id") WHERE "receipts"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_refund" ON "receipts" USING btree ("refund_id") WHERE "receipts"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id","sequence");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind" CHECK (("receipts"."kind" = 'refund') = ("receipts"."refund_id" is not null));