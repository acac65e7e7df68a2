CREATE TABLE "back_in_stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_channel_known" CHECK ("back_in_stock_requests"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "marketing_consents_contact_unique" UNIQUE("contact"),
	CONSTRAINT "marketing_consents_channel_known" CHECK ("marketing_consents"."channel" in ('sms', 'email')),
	CONSTRAINT "marketing_consents_source_known" CHECK ("marketing_consents"."source" in ('checkout', 'account'))
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("variant_id","contact") WHERE "back_in_stock_requests"."done_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_variant_idx" ON "back_in_stock_requests" USING btree ("variant_id","id");