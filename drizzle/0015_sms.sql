CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	CONSTRAINT "sms_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "sms_messages_provider_message_id_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "sms_messages_state_known" CHECK ("sms_messages"."state" in ('queued', 'sent', 'delivered', 'failed', 'throttled'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_phone_created_at_idx" ON "sms_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_order_id_idx" ON "sms_messages" USING btree ("order_id");