ALTER TABLE "sms_messages" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD COLUMN "lines" jsonb;--> statement-breakpoint
CREATE INDEX "sms_messages_created_at_idx" ON "sms_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_purpose_known" CHECK ("sms_messages"."purpose" in ('order', 'reminder', 'back_in_stock'));