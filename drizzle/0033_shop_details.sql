CREATE TABLE "shop_details" (
	"id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"whatsapp" text NOT NULL,
	"email" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"hours" text NOT NULL,
	"instagram" text,
	"facebook" text,
	"x" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "shop_details_one_row" CHECK ("shop_details"."id" = 1)
);
--> statement-breakpoint
-- hand-written: invoices issued before this printed the address lib/site.ts held then; the column keeps it.
ALTER TABLE "invoices" ADD COLUMN "seller_address" text NOT NULL DEFAULT 'Kimathi Street, Jamia Towers, 3rd Floor, Nairobi, Kenya';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller_address" DROP DEFAULT;--> statement-breakpoint
-- hand-written: seed the one row with the details lib/site.ts held (its defaultShopDetails)
INSERT INTO "shop_details" ("id", "phone", "whatsapp", "email", "street", "city", "hours", "instagram", "facebook", "x") VALUES (1, '+254 712 345 678', '+254 712 345 678', 'support@kijanithreads.co.ke', 'Kimathi Street, Jamia Towers, 3rd Floor', 'Nairobi', 'Monday to Saturday, 8 am to 6 pm', 'https://www.instagram.com/kijanithreads', 'https://www.facebook.com/kijanithreads', 'https://x.com/kijanithreads');