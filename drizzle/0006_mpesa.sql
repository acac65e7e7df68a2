CREATE TABLE "mpesa_tokens" (
	"id" integer PRIMARY KEY NOT NULL,
	"token" text,
	"expires_at" timestamp with time zone,
	"refreshing_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_request_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "result_code" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "result_desc" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_next_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."outcome_at" is null and "payments"."checkout_request_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("order_id") WHERE "payments"."refund_due";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_request_id_unique" UNIQUE("checkout_request_id");