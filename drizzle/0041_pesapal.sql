CREATE TABLE "pesapal_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"ipn_id" text,
	"ipn_url" text
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_recorded_complete";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tracking_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tracking_id_unique" UNIQUE("tracking_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('pay_on_delivery', 'mpesa', 'pesapal'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_known" CHECK ("outbox"."kind" in ('email', 'sms', 'etims', 'mpesa', 'pesapal'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('due', 'requested', 'recorded'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" is null or "refunds"."method" in ('mpesa', 'cash', 'pesapal'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_complete" CHECK (("refunds"."status" = 'due' and "refunds"."method" is null and "refunds"."recorded_at" is null)
        or ("refunds"."status" = 'requested' and "refunds"."method" = 'pesapal' and "refunds"."payment_id" is not null and "refunds"."recorded_at" is null)
        or ("refunds"."status" = 'recorded' and "refunds"."recorded_at" is not null and "refunds"."recorded_by" is not null
          and (("refunds"."method" in ('mpesa', 'pesapal') and "refunds"."reference" is not null) or ("refunds"."method" = 'cash' and "refunds"."reference" is null))));