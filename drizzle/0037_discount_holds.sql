ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_uses_within";--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "held_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_uses_within" CHECK ("discount_codes"."uses" >= 0);--> statement-breakpoint
UPDATE "discount_redemptions" SET "counted_at" = "at";
