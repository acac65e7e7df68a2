CREATE TABLE "checkout_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"sent_to" text,
	CONSTRAINT "checkout_reminders_cart_id_unique" UNIQUE("cart_id"),
	CONSTRAINT "checkout_reminders_outcome_known" CHECK ("checkout_reminders"."outcome" in ('sent', 'ordered', 'no_consent', 'empty', 'sold_out', 'reminded_lately', 'throttled'))
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reminders_due_idx" ON "checkout_reminders" USING btree ("saved_at") WHERE "checkout_reminders"."done_at" is null;--> statement-breakpoint
CREATE INDEX "checkout_reminders_sent_to_idx" ON "checkout_reminders" USING btree ("sent_to","done_at");