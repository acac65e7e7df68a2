ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('placed', 'confirmed', 'dispatched', 'ready_for_pickup', 'delivered', 'cancelled', 'delivery_failed', 'returned'));--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
-- Free-text hours cannot be read reliably: every existing point gets the studio's, Monday to
-- Saturday 08:00 to 18:00 (the seed's 'Monday to Saturday, 8 am to 6 pm'), for staff to correct.
UPDATE "pickup_points" SET "opening_hours" = '{"monday":{"open":"08:00","close":"18:00"},"tuesday":{"open":"08:00","close":"18:00"},"wednesday":{"open":"08:00","close":"18:00"},"thursday":{"open":"08:00","close":"18:00"},"friday":{"open":"08:00","close":"18:00"},"saturday":{"open":"08:00","close":"18:00"},"sunday":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "pickup_points" ALTER COLUMN "opening_hours" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" DROP COLUMN "hours";
