CREATE TABLE "etims_devices" (
	"branch_id" text PRIMARY KEY NOT NULL,
	"tin" text NOT NULL,
	"device_serial" text NOT NULL,
	"control_unit_id" text NOT NULL,
	"communication_key" text NOT NULL,
	"initialised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"item_code" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"branch_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"original_invoice_id" integer,
	"refund_id" integer,
	"buyer_name" text NOT NULL,
	"buyer_pin" text,
	"payment_type_code" text NOT NULL,
	"vat_charged" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_state" text DEFAULT 'pending' NOT NULL,
	"control_unit_id" text,
	"receipt_number" integer,
	"total_receipt_number" integer,
	"internal_data" text,
	"receipt_signature" text,
	"control_unit_time" text,
	"reported_at" timestamp with time zone,
	"rejection_code" text,
	"rejection_message" text,
	CONSTRAINT "invoices_branch_number_unique" UNIQUE("branch_id","number"),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('sale', 'credit_note')),
	CONSTRAINT "invoices_report_state_known" CHECK ("invoices"."report_state" in ('pending', 'reported', 'rejected')),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_totals_add_up" CHECK ("invoices"."total_cents" = "invoices"."taxable_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'sale' and "invoices"."original_invoice_id" is null) or ("invoices"."kind" = 'credit_note' and "invoices"."original_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_pin" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_sale_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" USING btree ("refund_id") WHERE "invoices"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_waiting_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."report_state" <> 'reported';