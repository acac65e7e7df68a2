CREATE TABLE "c2b_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"refund_reference" text,
	"resolved_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2b_payments_trans_id_unique" UNIQUE("trans_id"),
	CONSTRAINT "c2b_payments_kind_known" CHECK ("c2b_payments"."kind" in ('paybill', 'till')),
	CONSTRAINT "c2b_payments_status_known" CHECK ("c2b_payments"."status" in ('held', 'applied', 'unmatched', 'refunded')),
	CONSTRAINT "c2b_payments_amount_positive" CHECK ("c2b_payments"."amount" > 0),
	CONSTRAINT "c2b_payments_order_when_matched" CHECK (("c2b_payments"."status" in ('held', 'applied')) = ("c2b_payments"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_known";--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "c2b_payments_order_id_idx" ON "c2b_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "c2b_payments_unmatched_idx" ON "c2b_payments" USING btree ("received_at") WHERE "c2b_payments"."status" = 'unmatched';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('cancelled', 'delivery_failed', 'return', 'paid_twice', 'overpaid'));