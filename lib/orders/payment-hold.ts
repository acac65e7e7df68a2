import "server-only";
import { reserveMpesaOrder, reservePayOnDelivery, type OrderLimits } from "@/lib/checkout/limits";
import type { Contact } from "@/lib/checkout/delivery-details";
import type { OwnerKey } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import type { payments } from "@/lib/db/schema";
import type { PaymentChoice } from "./payment-choice";

// What the checkout's payment choice means for the order it places (lib/orders/place-order.ts): the
// attempt it records, the phone a discount counts by, and the limits its order is held to.

/** The pending attempt an order starts with: one payments row, its amount the order's total. */
export function firstAttempt(choice: PaymentChoice, order: { id: number; total: number }): typeof payments.$inferInsert {
  return {
    orderId: order.id,
    method: choice.method,
    phone: choice.method === "mpesa" ? choice.phone : null,
    amount: order.total,
  };
}

/** The phone that pays, as the contact phone is written (+254…), when the choice names one (M-Pesa's prompt): a guest's discount counts by it. */
export function payingPhone(choice: PaymentChoice): string | null {
  return choice.method === "mpesa" ? `+${choice.phone}` : null;
}

/**
 * Counts the order against its limits (lib/checkout/limits.ts), in this transaction; why it breaks
 * one, else null. Paid on arrival: its total and the orders per phone, e-mail and address. Paid
 * ahead (unpaid until the money arrives, holding its stock meanwhile): the orders per phone, e-mail,
 * cart owner and address and the units per address.
 */
export async function reserveOrderLimits(
  tx: Database,
  order: {
    lines: readonly { quantity: number }[];
    total: number;
    contact: Pick<Contact, "phone" | "email">;
    payment: PaymentChoice;
    owner: OwnerKey;
    clientAddress: string | null;
    limits: OrderLimits;
  },
): Promise<string | null> {
  const { phone, email } = order.contact;
  const { payment, clientAddress, limits } = order;
  if (payment.method === "pay_on_delivery")
    return reservePayOnDelivery(tx, { phone, email, clientAddress, total: order.total }, limits);
  const owner = order.owner.userId ? `user:${order.owner.userId}` : `guest:${order.owner.guestTokenHash}`;
  const held = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const phones = payment.method === "mpesa" ? [phone, payment.phone] : [phone];
  return reserveMpesaOrder(tx, { phones, email, owner, clientAddress, units: held }, limits);
}
