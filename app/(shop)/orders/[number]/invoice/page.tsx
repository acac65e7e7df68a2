import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderInvoices } from "@/components/invoices/OrderInvoices";
import { invoiceSeller, listOrderInvoices } from "@/lib/invoices/invoice-view";
import { saleDocumentName } from "@/lib/invoices/labels";
import { maskInvoice, seesInvoiceInFull } from "@/lib/orders/masking";
import { findOrderAccess, orderPathFor } from "@/lib/orders/order-link";
import { receiptPayment } from "@/lib/orders/payment-copy";
import { orderLinkParam } from "@/lib/orders/status";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { getDb } from "@/lib/server/database";
import { findCurrentUser } from "@/lib/server/session";

export function generateMetadata(): Metadata {
  return {
    title: saleDocumentName(invoiceSeller().kraPin),
    description: "The invoice of your Kijani Threads order, to print.",
    robots: { index: false },
  };
}

type Props = { params: Promise<{ number: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * An order's tax invoice and credit notes, for whoever may see the order's page: in full for its
 * owner and for staff, with the buyer's name and PIN masked (as the order's page masks them) for a
 * stranger holding its signed link; anyone else gets 404.
 */
export default async function OrderInvoicePage({ params, searchParams }: Props) {
  const [{ number }, query, credentials, db, viewer] = await Promise.all([
    params,
    searchParams,
    orderOwnerCredentials(),
    getDb(),
    findCurrentUser(),
  ]);
  const access = await findOrderAccess(db, number, credentials, query[orderLinkParam]);
  if (access.kind === "none") notFound();
  const { order } = access;
  const invoices = await listOrderInvoices(db, order.id);
  const masked = access.kind === "link" && !seesInvoiceInFull(viewer, order.delivery.email);
  return (
    <OrderInvoices
      orderNumber={order.number}
      orderHref={orderPathFor(access)}
      invoices={masked ? invoices.map(maskInvoice) : invoices}
      seller={invoiceSeller()}
      payment={receiptPayment(order)}
    />
  );
}
