import { BadgeCheck, ShieldCheck, Tag, Truck } from "@/components/ui/icon-data";
import { Icon } from "@/components/ui/Icon";
import { env } from "@/lib/env";
import { paymentMethodsSummary } from "@/lib/orders/payment-copy";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { returnPolicy } from "@/lib/orders/refund-rules";
import { getDeliveryPromise } from "@/lib/server/delivery-cache";

const sellingPoints = (deliveryPromise: string) =>
  [
    {
      icon: Tag,
      title: "Great Value",
      text: "Fair prices in shillings for clothes made to last, with no hidden charges at checkout.",
    },
    {
      icon: Truck,
      title: "Countrywide Delivery",
      text: deliveryPromise,
    },
    {
      icon: ShieldCheck,
      title: "Safe Payment",
      text: paymentMethodsSummary(mpesaConfig() !== null),
    },
    {
      icon: BadgeCheck,
      title: "Shop with Confidence",
      text: returnPolicy(env().RETURN_WINDOW_DAYS),
    },
  ] as const;

/** Four reasons to buy here, each with its icon; the delivery one names the days the rates take. */
export async function SellingPoints() {
  return (
    <section aria-labelledby="selling-points-heading">
      <h2 id="selling-points-heading" className="sr-only">
        Why shop with us
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {sellingPoints(await getDeliveryPromise()).map(({ icon, title, text }) => (
          <li key={title} className="rounded-xl border border-stone-200 p-5">
            <Icon icon={icon} size={28} className="text-green-800" />
            <h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-stone-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
