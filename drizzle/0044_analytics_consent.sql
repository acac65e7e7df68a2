CREATE TABLE "analytics_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"choice" text NOT NULL,
	"wording_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_consents_choice_known" CHECK ("analytics_consents"."choice" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "order_analytics" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"consent_id" text NOT NULL,
	"ga_client_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_known";--> statement-breakpoint
ALTER TABLE "order_analytics" ADD CONSTRAINT "order_analytics_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_analytics" ADD CONSTRAINT "order_analytics_consent_id_analytics_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."analytics_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_known" CHECK ("outbox"."kind" in ('email', 'sms', 'etims', 'mpesa', 'pesapal', 'whatsapp', 'analytics'));