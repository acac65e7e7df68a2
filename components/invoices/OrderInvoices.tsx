import { PrintButton } from "@/components/ui/PrintButton";
import { ShopLink } from "@/components/ui/ShopLink";
import type { InvoiceSeller, InvoiceView } from "@/lib/invoices/invoice-view";
import { invoiceLabels, saleDocumentName } from "@/lib/invoices/labels";
import { InvoiceDocument } from "./InvoiceDocument";

type Props = {
  orderNumber: string;
  orderHref: string;
  invoices: InvoiceView[];
  seller: InvoiceSeller;
  /** How the order was paid, printed on its sale document. */
  payment: { method: string; codes: string[] };
};

/**
 * An order's invoice page: its sale invoice, then each credit note, or a sentence saying when the
 * invoice comes. On paper only the documents print (the shop's frame and these links are hidden).
 */
export function OrderInvoices({ orderNumber, orderHref, invoices, seller, payment }: Props) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-3 py-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <ShopLink href={orderHref} className="font-medium text-green-800 underline">
          Back to order {orderNumber}
        </ShopLink>
        {invoices.length > 0 && <PrintButton />}
      </div>
      {invoices.length === 0 ? (
        <section aria-labelledby="invoice-none" className="flex flex-col gap-2">
          <h1 id="invoice-none" className="text-2xl font-bold text-stone-900">
            {saleDocumentName(seller.kraPin)}
          </h1>
          <p className="text-stone-900" data-testid="invoice-not-issued">
            {invoiceLabels.notIssued}
          </p>
        </section>
      ) : (
        invoices.map((invoice, index) => (
          <InvoiceDocument
            key={invoice.id}
            invoice={invoice}
            seller={seller}
            orderNumber={orderNumber}
            headingLevel={index === 0 ? "h1" : "h2"}
            payment={invoice.kind === "sale" ? payment : undefined}
          />
        ))
      )}
    </div>
  );
}
