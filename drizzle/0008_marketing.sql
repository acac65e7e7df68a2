CREATE TABLE "campaign_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"target_kind" text NOT NULL,
	"product_id" integer,
	"category" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	CONSTRAINT "campaigns_code_unique" UNIQUE("code"),
	CONSTRAINT "campaigns_source_known" CHECK ("campaigns"."source" in ('whatsapp', 'instagram', 'x', 'facebook', 'sms', 'other')),
	CONSTRAINT "campaigns_target_kind_known" CHECK ("campaigns"."target_kind" in ('home', 'product', 'category')),
	CONSTRAINT "campaigns_target_complete" CHECK (("campaigns"."target_kind" = 'product') = ("campaigns"."product_id" is not null) and ("campaigns"."target_kind" = 'category') = ("campaigns"."category" is not null))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"state" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	CONSTRAINT "promotions_state_known" CHECK ("promotions"."state" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_visits" ADD CONSTRAINT "campaign_visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_visits_campaign_at_idx" ON "campaign_visits" USING btree ("campaign_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_campaign_id_idx" ON "orders" USING btree ("campaign_id","created_at") WHERE "orders"."campaign_id" is not null;