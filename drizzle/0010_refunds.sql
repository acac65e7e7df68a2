CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"return_id" integer,
	"status" text DEFAULT 'due' NOT NULL,
	"method" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone,
	"recorded_by" text,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('cancelled', 'delivery_failed', 'return', 'paid_twice')),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('due', 'recorded')),
	CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" is null or "refunds"."method" in ('mpesa', 'cash')),
	CONSTRAINT "refunds_recorded_complete" CHECK (("refunds"."status" = 'due' and "refunds"."method" is null and "refunds"."recorded_at" is null)
        or ("refunds"."status" = 'recorded' and "refunds"."recorded_at" is not null and "refunds"."recorded_by" is not null
          and (("refunds"."method" = 'mpesa' and "refunds"."reference" is not null) or ("refunds"."method" = 'cash' and "refunds"."reference" is null))))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_known";--> statement-breakpoint
DROP INDEX "payments_refund_due_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" = 'due';--> statement-breakpoint
CREATE INDEX "refunds_recorded_at_idx" ON "refunds" USING btree ("recorded_at") WHERE "refunds"."status" = 'recorded';--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
-- Money received: M-Pesa when it was confirmed, pay on delivery when the rider collected it.
UPDATE "payments" SET "paid_at" = coalesce("outcome_at", "updated_at") WHERE "status" in ('paid', 'refunded');--> statement-breakpoint
-- Each payment flagged 'Refund due' or refunded becomes a refund of the ledger; the payment stays paid.
INSERT INTO "refunds" ("order_id", "amount", "reason", "status", "method", "reference", "created_at", "recorded_at", "recorded_by")
SELECT p."order_id", p."amount",
  CASE WHEN o."status" = 'cancelled' THEN 'cancelled' ELSE 'paid_twice' END,
  CASE WHEN p."status" = 'refunded' THEN 'recorded' ELSE 'due' END,
  CASE WHEN p."status" = 'refunded' THEN 'mpesa' END,
  CASE WHEN p."status" = 'refunded' THEN coalesce(p."refund_reference", 'UNKNOWN') END,
  p."updated_at",
  CASE WHEN p."status" = 'refunded' THEN coalesce(p."refunded_at", p."updated_at") END,
  CASE WHEN p."status" = 'refunded' THEN coalesce(
    (SELECT h."actor_label" FROM "order_history" h
      WHERE h."order_id" = p."order_id" AND h."note" LIKE 'Refunded %' || p."refund_reference" || '.'
      ORDER BY h."id" DESC LIMIT 1),
    'Kijani Threads') END
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
WHERE p."refund_due" OR p."status" = 'refunded'
ORDER BY p."id";--> statement-breakpoint
UPDATE "payments" SET "status" = 'paid' WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_due";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('placed', 'confirmed', 'dispatched', 'delivered', 'cancelled', 'delivery_failed', 'returned'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('order', 'cancellation', 'returned_to_shop', 'restock', 'damaged', 'correction'));