CREATE TABLE "mpesa_code_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"requested_by" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mpesa_code_checks_state_known" CHECK ("mpesa_code_checks"."state" in ('pending', 'counted', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_known";--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_code_checks_pending_unique" ON "mpesa_code_checks" USING btree ("trans_id") WHERE "mpesa_code_checks"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "mpesa_code_checks_created_idx" ON "mpesa_code_checks" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_known" CHECK ("outbox"."kind" in ('email', 'sms', 'etims', 'mpesa'));