/**
 * What the holder of an order's link sees of the buyer: enough to recognise the order, never the
 * full delivery address, phone or e-mail (a forwarded e-mail must not hand them to a stranger).
 * Framework-free.
 */
import { backOfficeSections } from "@/lib/admin/sections";
import { hasAnyRole } from "@/lib/auth/roles";
import type { ShopUser } from "@/lib/auth/user";
import type { Delivery } from "@/lib/checkout/delivery-details";
import type { InvoiceView } from "@/lib/invoices/invoice-view";
import type { OrderView } from "./order-view";

/**
 * Whether a signed-in visitor who came by the order's link still sees its invoice in full: staff who
 * handle orders (with their second factor), or the buyer, signed in with the order's e-mail address
 * verified (an order placed as a guest before the account existed). Masking is for strangers only.
 */
export function seesInvoiceInFull(viewer: ShopUser | null, orderEmail: string): boolean {
  if (!viewer) return false;
  if (viewer.twoFactorEnabled && hasAnyRole(viewer.roles, backOfficeSections.invoices.roles)) return true;
  return viewer.emailVerified && orderEmail !== "" && viewer.email.toLowerCase() === orderEmail.toLowerCase();
}

/** The order with its delivery details and every payment's phone masked. */
export function maskOrder(order: OrderView): OrderView {
  const maskPayment = (payment: OrderView["payment"]) => ({ ...payment, phone: payment.phone && maskPhone(payment.phone) });
  return {
    ...order,
    delivery: maskDelivery(order.delivery),
    payment: maskPayment(order.payment),
    payments: order.payments.map(maskPayment),
  };
}

/** First name only, the street hidden, the phone's and the e-mail's middle hidden, no notes; town and county stay. */
export function maskDelivery(delivery: Delivery): Delivery {
  return {
    ...delivery,
    fullName: firstNameOf(delivery.fullName),
    phone: maskPhone(delivery.phone),
    email: maskEmail(delivery.email),
    street: HIDDEN,
    notes: "",
  };
}

/** An invoice as the holder of the order's link sees it: the buyer's first name, their KRA PIN's first and last characters. */
export function maskInvoice(invoice: InvoiceView): InvoiceView {
  return {
    ...invoice,
    buyerName: firstNameOf(invoice.buyerName),
    buyerPin: invoice.buyerPin && `${invoice.buyerPin.slice(0, 1)}${HIDDEN}${invoice.buyerPin.slice(-1)}`,
  };
}

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0];

/** '+254712345678' or '254712345678' -> '+254 ••• ••• 678': the last three digits, to tell one's own phone. */
export function maskPhone(phone: string): string {
  return `+254 ${HIDDEN} ${HIDDEN} ${phone.slice(-3)}`;
}

/** 'kamau@example.com' -> 'k•••@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}${HIDDEN}${email.slice(at)}`;
}

const HIDDEN = "•••";
