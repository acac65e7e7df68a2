ALTER TABLE "campaign_visits" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "campaign_visits" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_visits_once_a_day" ON "campaign_visits" USING btree ("campaign_id","visitor");