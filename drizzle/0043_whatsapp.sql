CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"phone" text NOT NULL,
	"template" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"fallback_text" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	"fallback_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "whatsapp_messages_provider_message_id_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "whatsapp_messages_state_known" CHECK ("whatsapp_messages"."state" in ('queued', 'sent', 'delivered', 'read', 'failed', 'throttled'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_known";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "whatsapp_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "whatsapp_choice_wording" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_choice_wording" text;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_created_at_idx" ON "whatsapp_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_id_idx" ON "whatsapp_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_at_idx" ON "whatsapp_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_undelivered_idx" ON "whatsapp_messages" USING btree ("created_at") WHERE "whatsapp_messages"."fallback_at" is null and "whatsapp_messages"."state" in ('queued', 'sent', 'failed');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_known" CHECK ("outbox"."kind" in ('email', 'sms', 'etims', 'mpesa', 'pesapal', 'whatsapp'));