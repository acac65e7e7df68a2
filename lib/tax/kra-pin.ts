import * as z from "zod/mini";
import { fieldErrorsOf, preprocess } from "@/lib/core/form-schema";

// A KRA PIN, as a buyer types it for their tax invoice: defined once for the checkout (browser and
// server) and the back office. lib/env.ts checks the shop's own PIN (SHOP_KRA_PIN) by itself.
// Framework-free.

/** What the checkout's field is called. */
export const buyerPinLabel = "KRA PIN (for a tax invoice)";

export const kraPinMessage = "Enter a KRA PIN like P051234567X: a letter, 9 digits and a letter.";

/** A letter, 9 digits, a letter: P051234567X. */
const KRA_PIN = /^[A-Z][0-9]{9}[A-Z]$/;

/** A PIN as typed, written the way KRA writes it: spaces around dropped, letters upper-cased. */
export const normaliseKraPin = (typed: string): string => typed.trim().toUpperCase();

/** Whether a PIN, once normalised, is well formed. */
export const isKraPin = (typed: string): boolean => KRA_PIN.test(normaliseKraPin(typed));

/** An optional PIN from a form: empty is null, anything else must be a KRA PIN and comes out normalised. */
export const optionalKraPinSchema = preprocess(
  (value) => (typeof value === "string" ? normaliseKraPin(value) : ""),
  z.pipe(
    z.string().check(z.refine((pin) => pin === "" || KRA_PIN.test(pin), kraPinMessage)),
    z.transform((pin) => pin || null),
  ),
);

/** The back office's form that adds or corrects a buyer's PIN: its one field is the same rule. */
export const buyerPinFormSchema = z.object({ buyerPin: optionalKraPinSchema });
export const validateBuyerPinForm = fieldErrorsOf<"buyerPin">(buyerPinFormSchema);
