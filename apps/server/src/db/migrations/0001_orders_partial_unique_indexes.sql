ALTER TABLE "orders" DROP CONSTRAINT "orders_reservation_number_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_reservation_token_hash_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_mail_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reservation_number_idx" ON "orders" USING btree ("reservation_number") WHERE "orders"."reservation_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reservation_token_hash_idx" ON "orders" USING btree ("reservation_token_hash") WHERE "orders"."reservation_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_mail_token_hash_idx" ON "orders" USING btree ("mail_token_hash") WHERE "orders"."mail_token_hash" is not null;