/**
 * 'Find your order': its fields, their rules and its messages, shared by the form and the server.
 * Framework-free on purpose.
 */
import * as z from "zod/mini";
import { deliveryMessages, normalisePhone, PHONE_REGEX } from "@/lib/checkout/delivery-details";
import { fieldErrorsOf, preprocess } from "@/lib/core/form-schema";
import { isOrderNumber } from "./order-number";

export const findOrderFields = ["number", "phone"] as const;
export type FindOrderField = (typeof findOrderFields)[number];

export const findOrderMessages = {
  number: "Enter your order number, like KT-7F3K9QM.",
  phone: deliveryMessages.phone,
  /** One answer for a wrong pair, so that it tells nobody which half was right. */
  noMatch: "We found no order with that order number and phone number. Check both and try again.",
};

/** The order number as typed (any case, spaces, with or without 'KT-'), and the delivery phone in any form the checkout accepts. */
export const findOrderSchema = z.object({
  number: preprocess(
    (value) => (typeof value === "string" ? orderNumberOf(value) : ""),
    z.string().check(z.refine(isOrderNumber, findOrderMessages.number)),
  ),
  phone: preprocess(
    (value) => (typeof value === "string" && value.length <= 30 ? value : ""),
    z.pipe(z.string().check(z.refine((raw) => PHONE_REGEX.test(raw), findOrderMessages.phone)), z.transform(normalisePhone)),
  ),
});

export type FindOrderInput = z.output<typeof findOrderSchema>;

export const validateFindOrder = fieldErrorsOf<FindOrderField>(findOrderSchema);

/** 'kt-7f3k 9qm' or '7F3K9QM' -> 'KT-7F3K9QM'. */
function orderNumberOf(typed: string): string {
  const compact = typed.replace(/\s/g, "").toUpperCase();
  return compact.startsWith("KT-") ? compact : `KT-${compact}`;
}
