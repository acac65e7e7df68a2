import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { pickupPlace } from "@/lib/checkout/fulfilment-fee";
import { carrierPromise } from "@/lib/couriers/carriage-words";
import { paymentLine } from "./payment-copy";
import { formatKsh } from "@/lib/catalog/price";
import { orderFigures } from "./figures";
import { invoiceLabels } from "@/lib/invoices/labels";
import type { Mail } from "@/lib/mail";
import { questionsLine } from "@/lib/shop-details/contact";
import { site, type ShopDetails } from "@/lib/site";
import type { OrderView } from "./order-view";

type ShopContact = Pick<ShopDetails, "phone" | "email">;

/** The first e-mail's opening: the order is received, and only staff's step later confirms it. */
const receivedLine = (number: string) =>
  `Thank you for your order. Order number ${number} is received; we will tell you when we confirm it.`;

/**
 * The order confirmation e-mail: what was bought, the totals, where and when it arrives. To an
 * address the shop has not seen before (lib/orders/known-address.ts) only the shop's own words,
 * the order number and its link: nothing typed into the form. `orderUrl` is the order's signed link;
 * `invoiceUrl` its tax invoice's, once it has one (an M-Pesa order is confirmed after its payment);
 * `contact` the shop's saved details.
 */
export function orderConfirmationMail(
  orderUrl: string,
  order: OrderView,
  knownAddress: boolean,
  { contact, invoiceUrl }: { contact: ShopContact; invoiceUrl?: string },
): Mail {
  const { delivery } = order;
  if (!knownAddress) return firstMail(orderUrl, order, contact, invoiceUrl);
  return {
    to: delivery.email,
    subject: `Your ${site.name} order ${order.number}`,
    text: [
      `Hello ${delivery.fullName},`,
      "",
      receivedLine(order.number),
      "",
      ...order.lines.map(
        (line) =>
          `${line.quantity} × ${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ""}: ${formatKsh(line.lineTotal)}`,
      ),
      "",
      ...orderFigures(order, order.pickup ? "Pickup" : "Delivery").map((figure) => `${figure.label}: ${figure.text}`),
      `Payment: ${paymentLine(order.payment, order.fulfilment)}`,
      "",
      ...(order.pickup
        ? [`${pickupPlace(order.pickup)}.`, `Ready: ${formatDeliveryWindow(order.deliveryWindow)}.`]
        : [
            `Delivered to: ${delivery.street}, ${delivery.town}, ${delivery.county}`,
            ...(order.collectAt ? [`You collect it at: ${order.collectAt}`] : []),
            `Expected: ${formatDeliveryWindow(order.deliveryWindow)}. ${arrival(order)}`,
          ]),
      "",
      `Your order: ${orderUrl}`,
      ...invoiceLine(invoiceUrl),
      "",
      questionsLine(contact),
    ].join("\n"),
  };
}

/** How a delivered order reaches the shopper: the rider calls first, or the courier's office keeps it. */
const arrival = (order: OrderView) =>
  order.carrier === "rider" ? `The rider calls ${order.delivery.phone} before coming.` : carrierPromise.courier;

/** The confirmation to an address never seen before: the order number, its payment, its link and the shop's contact. */
function firstMail(orderUrl: string, order: OrderView, contact: ShopContact, invoiceUrl: string | undefined): Mail {
  return {
    to: order.delivery.email,
    subject: `Your ${site.name} order ${order.number}`,
    text: [
      "Hello,",
      "",
      receivedLine(order.number),
      `Payment: ${paymentLine(order.payment, order.fulfilment)}`,
      "",
      `Your order's details: ${orderUrl}`,
      ...invoiceLine(invoiceUrl),
      "",
      `If you did not order from ${site.name}, ignore this e-mail.`,
      questionsLine(contact),
    ].join("\n"),
  };
}

/** The line that links an order's tax invoice, when it has one. */
export const invoiceLine = (invoiceUrl: string | undefined): string[] =>
  invoiceUrl ? [`${invoiceLabels.link}: ${invoiceUrl}`] : [];
