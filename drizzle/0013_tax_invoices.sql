CREATE TABLE "invoice_counters" (
	"branch_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_class_code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_type" text NOT NULL,
	"taxable_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_tax_type_known" CHECK ("invoice_lines"."tax_type" in ('A', 'B', 'C', 'D', 'E')),
	CONSTRAINT "invoice_lines_totals_sum" CHECK ("invoice_lines"."total_cents" = "invoice_lines"."taxable_cents" + "invoice_lines"."vat_cents")
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
	"taxable_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_state" text DEFAULT 'pending' NOT NULL,
	"reported_at" timestamp with time zone,
	"control_unit_id" text,
	"receipt_number" integer,
	"total_receipt_number" integer,
	"internal_data" text,
	"receipt_signature" text,
	"control_unit_time" text,
	"rejection_code" text,
	"rejection_message" text,
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('sale', 'credit_note')),
	CONSTRAINT "invoices_report_state_known" CHECK ("invoices"."report_state" in ('pending', 'reported', 'rejected')),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_totals_sum" CHECK ("invoices"."total_cents" = "invoices"."taxable_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'sale' and "invoices"."original_invoice_id" is null) or ("invoices"."kind" = 'credit_note' and "invoices"."original_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_kra_pin" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_invoice_id_invoices_id_fk" FOREIGN KEY ("original_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_sequence_idx" ON "invoice_lines" USING btree ("invoice_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_branch_number_idx" ON "invoices" USING btree ("branch_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sale_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" USING btree ("refund_id") WHERE "invoices"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_unreported_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."report_state" <> 'reported';