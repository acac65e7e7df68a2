import "server-only";
import { eq, sql } from "drizzle-orm";
import type { OwnerKey } from "@/lib/cart/owner";
import type { DeliveryRate } from "@/lib/checkout/delivery";
import type { Contact } from "@/lib/checkout/delivery-details";
import type { FulfilmentColumns } from "./fulfilment-option";
import { variantLabel } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { campaigns, orderLines, orders, payments } from "@/lib/db/schema";
import type { Redemption } from "@/lib/discounts/redemptions";
import { subtotalOf, type CartLine } from "./cart-stock";
import { newOrderNumber } from "./order-number";
import type { PaymentChoice } from "./payment-choice";
import { firstAttempt } from "./payment-hold";
import { whatsappChoiceWording } from "@/lib/whatsapp/choice-copy";

/** What a checkout (lib/orders/place-order.ts) stores about its order besides its lines and where it goes. */
export type OrderToRecord = {
  idempotencyKey: string;
  owner: OwnerKey;
  contact: Contact;
  buyerPin: string | null;
  payment: PaymentChoice;
  campaignCode: string | null;
  smsUpdates: boolean;
  /** Whether the buyer ticked 'Send my order updates on WhatsApp' (recorded with its time and words). */
  whatsappUpdates: boolean;
};

/**
 * Stores the order with its lines (names and prices as bought, each with its share of the discount),
 * its delivery (or pickup point) with the fee and dates charged, copied so that a later change of the
 * rate or the point leaves it alone, and its pending payment.
 */
export async function recordOrder(
  tx: Database,
  input: OrderToRecord,
  lines: CartLine[],
  { columns, rate, window }: { columns: FulfilmentColumns; rate: DeliveryRate; window: { earliest: string; latest: string } },
  discount: Redemption | null,
) {
  const subtotal = subtotalOf(lines);
  const fee = rate.fee;
  const [order] = await tx
    .insert(orders)
    .values({
      number: newOrderNumber(),
      idempotencyKey: input.idempotencyKey,
      ...input.owner,
      ...input.contact,
      ...columns,
      buyerPin: input.buyerPin,
      subtotal,
      discount: discount?.amount ?? 0,
      discountCode: discount?.code ?? null,
      discountCodeId: discount?.codeId ?? null,
      deliveryFee: fee,
      total: subtotal - (discount?.amount ?? 0) + fee,
      deliveryEarliest: window.earliest,
      deliveryLatest: window.latest,
      campaignId: input.campaignCode ? await findCampaignId(tx, input.campaignCode) : null,
      smsUpdates: input.smsUpdates,
      ...(input.whatsappUpdates && { whatsappChosenAt: sql`now()`, whatsappChoiceWording: whatsappChoiceWording("checkout") }),
    })
    .returning({ id: orders.id, total: orders.total });
  await tx.insert(orderLines).values(
    lines.map((line, index) => ({
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      productSlug: line.slug,
      productName: line.name,
      variantLabel: variantLabel(line),
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      discount: discount?.lineDiscounts[index] ?? 0,
    })),
  );
  await tx.insert(payments).values(firstAttempt(input.payment, order));
  return order;
}

/** The id of the campaign behind a code (enabled or not: the visit happened while it was on). */
async function findCampaignId(tx: Database, code: string): Promise<number | null> {
  const [row] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.code, code));
  return row?.id ?? null;
}
