import type { ReactNode } from "react";
import { qrCodeOf } from "@/lib/core/qr-code";
import type { InvoiceSeller, InvoiceView } from "@/lib/invoices/invoice-view";
import { creditedDocumentLabel, documentNumberLabel, invoiceHeading, invoiceLabels } from "@/lib/invoices/labels";
import { formatCents } from "@/lib/tax/money";
import { formatNairobiDateTime } from "@/lib/time/nairobi";

type Props = {
  invoice: InvoiceView;
  seller: InvoiceSeller;
  orderNumber: string;
  /** The page's main heading (the sale invoice), or a section's (a credit note). */
  headingLevel: "h1" | "h2";
  /** How the sale was paid (lib/orders/payment-copy.ts receiptPayment); a credit note has none. */
  payment?: { method: string; codes: string[] };
};

/**
 * One tax invoice (a receipt while the shop has no KRA PIN) or credit note as printed: the shop, the buyer, the lines (delivery is one of them),
 * the totals and how it was paid, then KRA's receipt once eTIMS has it. What only staff need (no PIN
 * set, not yet reported) is the back office's to say, never the buyer's copy's. One narrow column, so it prints alike on A4 and
 * on an 80 mm receipt printer, and its QR code is drawn on the server as SVG.
 */
export function InvoiceDocument({ invoice, seller, orderNumber, headingLevel: Heading, payment }: Props) {
  const headingId = `invoice-${invoice.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="invoice"
      className="flex w-full max-w-md break-inside-avoid flex-col gap-4 rounded-xl bg-white p-4 text-sm text-stone-900 shadow-sm ring-1 ring-stone-200 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-col gap-1 border-b border-stone-400 pb-3 text-center">
        <Heading id={headingId} className="text-xl font-bold uppercase tracking-wide">
          {invoiceHeading(invoice.kind, seller.kraPin)}
        </Heading>
        <p className="font-semibold">{seller.legalName}</p>
        {seller.kraPin && (
          <p>
            {invoiceLabels.shopPin}: <span data-testid="shop-pin">{seller.kraPin}</span>
          </p>
        )}
        <p className="break-words">{invoice.sellerAddress}</p>
      </header>

      <Rows>
        <Row label={documentNumberLabel(invoice.kind, seller.kraPin)} testId="invoice-number">
          {invoice.number}
        </Row>
        {invoice.creditedNumber !== null && <Row label={creditedDocumentLabel(seller.kraPin)}>{invoice.creditedNumber}</Row>}
        <Row label={invoiceLabels.date}>{formatNairobiDateTime(invoice.issuedAt)}</Row>
        <Row label={invoiceLabels.order}>{orderNumber}</Row>
        <Row label={invoiceLabels.buyer}>{invoice.buyerName}</Row>
        {invoice.buyerPin && (
          <Row label={invoiceLabels.buyerPin} testId="buyer-pin">
            {invoice.buyerPin}
          </Row>
        )}
      </Rows>

      <InvoiceLines invoice={invoice} />
      <Totals invoice={invoice} />
      {payment && (
        <Rows>
          <Row label={invoiceLabels.payment} testId="invoice-payment">
            {payment.method}
          </Row>
          {payment.codes.length > 0 && (
            <Row label={invoiceLabels.mpesaCode} testId="invoice-mpesa-code">
              {payment.codes.join(", ")}
            </Row>
          )}
        </Rows>
      )}
      <Report report={invoice.report} />
    </article>
  );
}

function InvoiceLines({ invoice }: { invoice: InvoiceView }) {
  return (
    <table className="w-full border-y border-stone-400 text-left">
      <caption className="sr-only">What was {invoice.kind === "sale" ? "sold" : "credited"}, delivery included</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className="py-1 pr-2 font-semibold">
            Item, quantity × unit price − discount
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, index) => (
          <tr key={index} className="border-b border-stone-200 last:border-b-0" data-testid="invoice-line">
            <td className="py-1 pr-2 align-top">
              <span className="block break-words">{line.name}</span>
              <span className="block text-stone-700">
                {line.quantity} × {formatCents(line.unitPriceCents)}
                {line.discountCents > 0 && (
                  <>
                    {" "}
                    − <span data-testid="invoice-line-discount">{formatCents(line.discountCents)}</span> {invoiceLabels.discount}
                  </>
                )}
              </span>
            </td>
            <td className="whitespace-nowrap py-1 text-right align-top">{formatCents(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Taxable amount, VAT and total; a shop not registered for VAT shows the total alone and says why. */
function Totals({ invoice }: { invoice: InvoiceView }) {
  return (
    <div className="flex flex-col gap-1">
      <Rows>
        {invoice.vatCharged && (
          <>
            <Row label={invoiceLabels.taxable}>{formatCents(invoice.taxableCents)}</Row>
            <Row label={invoiceLabels.vat} testId="invoice-vat">
              {formatCents(invoice.vatCents)}
            </Row>
          </>
        )}
        <Row label={invoiceLabels.total} testId="invoice-total" strong>
          {formatCents(invoice.totalCents)}
        </Row>
      </Rows>
      {!invoice.vatCharged && <p className="text-stone-700">{invoiceLabels.notVatRegistered}</p>}
    </div>
  );
}

/** KRA's part: the control unit's receipt and its QR code once reported; nothing before. */
function Report({ report }: { report: InvoiceView["report"] }) {
  if (!report.reported) return null;
  if (!report.receipt) return <Status>{invoiceLabels.reportedWithoutReceipt}</Status>;
  const { receipt } = report;
  return (
    <div className="flex flex-col items-center gap-3 border-t border-stone-400 pt-3">
      <Rows>
        <Row label={invoiceLabels.cuInvoiceNumber} testId="cu-invoice-number">
          {receipt.cuInvoiceNumber}
        </Row>
        {receipt.internalData !== null && (
          <Row label={invoiceLabels.internalData} testId="internal-data" stacked>
            {receipt.internalData}
          </Row>
        )}
        <Row label={invoiceLabels.receiptSignature} testId="receipt-signature" stacked>
          {receipt.receiptSignature}
        </Row>
      </Rows>
      {receipt.checkUrl && <ReceiptQrCode url={receipt.checkUrl} />}
    </div>
  );
}

/** The QR code a buyer (or KRA) scans to check the receipt; a link too, for those reading on screen. */
function ReceiptQrCode({ url }: { url: string }) {
  const qr = qrCodeOf(url);
  return (
    <a href={url} className="rounded focus-visible:outline-green-800" data-testid="receipt-qr-code">
      <svg
        role="img"
        aria-label={invoiceLabels.qrCode}
        viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
        className="h-36 w-36 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={qr.path} fill="#000" />
      </svg>
    </a>
  );
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p className="border-t border-stone-400 pt-3 text-center font-semibold" data-testid="invoice-report">
      {children}
    </p>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <dl className="flex w-full flex-col gap-1">{children}</dl>;
}

/** A label and its value on one line; `stacked` puts a long value (a signature) under its label. */
function Row({
  label,
  children,
  testId,
  strong,
  stacked,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  strong?: boolean;
  stacked?: boolean;
}) {
  return (
    <div className={`flex gap-x-3 ${stacked ? "flex-col" : "flex-wrap justify-between"} ${strong ? "text-base font-bold" : ""}`}>
      <dt className={strong ? "" : "text-stone-700"}>{label}</dt>
      <dd className={`break-all ${stacked ? "font-mono" : "text-right"}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
