CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'courier' NOT NULL,
	"handover" text DEFAULT 'office' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "couriers_kind_known" CHECK ("couriers"."kind" in ('rider', 'courier')),
	CONSTRAINT "couriers_handover_known" CHECK ("couriers"."handover" in ('office', 'door'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"waybill" text DEFAULT '' NOT NULL,
	"office" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text DEFAULT 'rider' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collect_at" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "carrier" text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_unique" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_known" CHECK ("orders"."carrier" in ('rider', 'courier'));--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_carrier_known" CHECK ("delivery_zones"."carrier" in ('rider', 'courier'));;--> statement-breakpoint
UPDATE "delivery_zones" SET "carrier" = 'rider', "pay_on_delivery" = true WHERE "county" = 'Nairobi City';--> statement-breakpoint
INSERT INTO "couriers" ("name", "kind", "handover") VALUES
  ('Our rider', 'rider', 'door'),
  ('G4S', 'courier', 'office'),
  ('Wells Fargo', 'courier', 'office'),
  ('Fargo Courier', 'courier', 'office'),
  ('Easy Coach', 'courier', 'office'),
  ('Modern Coast', 'courier', 'office'),
  ('Pickup Mtaani', 'courier', 'office');
