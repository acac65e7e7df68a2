import { formatDeliveryWindow } from "@/lib/checkout/delivery";
import { paymentLine } from "./payment-copy";
import { formatKsh } from "@/lib/catalog/price";
import type { Mail } from "@/lib/mail";
import { site } from "@/lib/site";
import type { OrderView } from "./order-view";
import { orderPath } from "./status";

/** The order confirmation e-mail: what was bought, the totals, where and when it arrives. */
export function orderConfirmationMail(baseURL: string, order: OrderView): Mail {
  const { delivery } = order;
  return {
    to: delivery.email,
    subject: `Your ${site.name} order ${order.number}`,
    text: [
      `Hello ${delivery.fullName},`,
      "",
      `Thank you for your order. Order number ${order.number}.`,
      "",
      ...order.lines.map(
        (line) =>
          `${line.quantity} × ${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ""}: ${formatKsh(line.lineTotal)}`,
      ),
      "",
      `Subtotal: ${formatKsh(order.subtotal)}`,
      `Delivery: ${formatKsh(order.deliveryFee)}`,
      `Total: ${formatKsh(order.total)}`,
      `Payment: ${paymentLine(order.payment)}`,
      "",
      `Delivered to: ${delivery.street}, ${delivery.town}, ${delivery.county}`,
      `Expected: ${formatDeliveryWindow(order.deliveryWindow)}. The rider calls ${delivery.phone} before coming.`,
      "",
      `Your order: ${baseURL}${orderPath(order.number)}`,
      "",
      `Questions? Call ${site.phone} or write to ${site.email}.`,
    ].join("\n"),
  };
}
