/**
 * The back office's form for who carries each county's orders and whether pay on delivery is
 * offered there (their words are in carriage-words.ts, free of zod). Framework-free.
 */
import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, preprocess, type FieldErrors } from "@/lib/core/form-schema";
import { isCounty, type County } from "@/lib/checkout/counties";
import { carriers } from "@/lib/db/values";

import type { CountyCarriage } from "./carriage-words";

/** The back office's form: the ticked counties' carrier and whether they may pay on delivery. */
export const carriageMessages = {
  counties: "Tick at least one county.",
  carrier: "Choose who carries their orders.",
} as const;

export type CarriageUpdate = { counties: County[]; carriage: CountyCarriage };

export const carriageSchema = z.pipe(
  z.object({
    counties: preprocess((value) => (Array.isArray(value) ? value : value ? [value] : []), z.array(z.string())),
    carrier: z.optional(z.unknown()),
    payOnDelivery: z.optional(z.unknown()),
  }),
  z.transform(({ counties, carrier, payOnDelivery }, context): CarriageUpdate => {
    const known = [...new Set(counties)].filter(isCounty);
    if (known.length === 0 || known.length !== new Set(counties).size) addIssue(context, carriageMessages.counties, "counties");
    const chosen = carriers.find((value) => value === carrier);
    if (!chosen) addIssue(context, carriageMessages.carrier, "carrier");
    return { counties: known, carriage: { carrier: chosen ?? "courier", payOnDelivery: payOnDelivery === "on" } };
  }),
);

export type CarriageField = "counties" | "carrier";
export type CarriageErrors = FieldErrors<CarriageField>;
export const carriageErrors = fieldErrorsOf<CarriageField>(carriageSchema);
