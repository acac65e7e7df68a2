CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"free_delivery_threshold" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_threshold_positive" CHECK ("delivery_settings"."free_delivery_threshold" > 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"hours" text NOT NULL,
	"fee" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "pickup_points_fee_not_negative" CHECK ("pickup_points"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_hours" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_known" CHECK ("orders"."fulfilment" in ('delivery', 'pickup'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_copied" CHECK (("orders"."fulfilment" = 'pickup') = ("orders"."pickup_name" is not null and "orders"."pickup_address" is not null and "orders"."pickup_hours" is not null));--> statement-breakpoint
-- hand-written: seed the studio as a pickup point (free; its address from lib/site.ts, its hours the contact page's) and the one settings row (no free delivery)
INSERT INTO "pickup_points" ("name", "address", "hours", "fee", "position") VALUES ('Kijani Threads studio', 'Kimathi Street, Jamia Towers, 3rd Floor, Nairobi', 'Monday to Saturday, 8 am to 6 pm', 0, 0);--> statement-breakpoint
INSERT INTO "delivery_settings" ("id", "free_delivery_threshold") VALUES (1, NULL);
