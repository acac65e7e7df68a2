/**
 * Who carries each county's orders and whether pay on delivery is offered there, in the words every
 * page, e-mail and the Terms use. Framework-free and without zod, so the checkout's form imports it
 * at no cost.
 */
import { COUNTIES, type County } from "@/lib/checkout/counties";
import type { CountyCarriage } from "@/lib/checkout/delivery";
import type { Carrier } from "@/lib/db/values";

export type { CountyCarriage };

export const carrierLabels: Record<Carrier, string> = { rider: "Our rider", courier: "Courier" };

/** What the checkout, the order page and the confirmation e-mail promise for a delivered order. */
export const carrierPromise: Record<Carrier, string> = {
  rider: "Our rider brings it to your door.",
  courier:
    "Sent by courier: you collect it at the courier's office in your town with your ID, and we text you the waybill number.",
};

/** The Terms' delivery sentence: who carries where, from the counties' carriage. */
export function carriageTerms(carriage: Partial<Record<County, CountyCarriage>>): string {
  const riderCounties = COUNTIES.filter((county) => carriage[county]?.carrier === "rider");
  if (riderCounties.length === 0) return `Every order is ${lowerFirst(carrierPromise.courier)}`;
  const elsewhere =
    riderCounties.length === COUNTIES.length ? "" : ` Elsewhere, an order is ${lowerFirst(carrierPromise.courier)}`;
  return `In ${listOf(riderCounties)}, ${lowerFirst(carrierPromise.rider)}${elsewhere}`;
}

/** Pay on delivery where the county offers it (a pickup order pays at its point whatever the county). */
export const payOnDeliveryMessages = {
  notOffered: (county: County) => `Pay on delivery is not offered in ${county}, where a courier carries the order.`,
} as const;

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** 'Nairobi City', 'Kiambu and Nairobi City', 'Kiambu, Machakos and Nairobi City'. */
function listOf(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
