import type { DiscountKind, DiscountScope } from "@/lib/db/values";

/** A discount code as its rules need it (lib/db/schema/discounts.ts). */
export type DiscountRule = {
  kind: DiscountKind;
  /** A percentage (1–100) or whole KSh, by kind. */
  value: number;
  minSubtotal: number | null;
  scope: DiscountScope;
  productIds: number[];
  categories: string[];
  startsAt: Date;
  /** Null: no end. */
  endsAt: Date | null;
  maxUses: number | null;
  /** Uses taken: counted, and held by orders not yet paid or confirmed. */
  uses: number;
  oncePerShopper: boolean;
  enabled: boolean;
};

/** A line of a cart or an order, as the rules see it. */
export type DiscountLine = { productId: number; category: string; unitPrice: number; quantity: number };

export type DiscountRefusal = keyof typeof discountRefusals;

/**
 * What 'Once per shopper' counts, said beside the setting. Only an account proves who a shopper is: a
 * guest's phones, typed or paying (a Paybill payment may come from any phone), prove nothing.
 */
export const oncePerShopperHint = "Once per account: only signed-in shoppers with a verified e-mail address can use it.";

/** Why a code is refused, one sentence each, as the shopper reads it. */
export const discountRefusals = {
  /**
   * Also a code that has not started or has ended: one answer, so that a guess learns nothing of
   * tomorrow's code or of last month's.
   */
  unknown: "That discount code isn't valid now.",
  usedUp: "This discount code has been used up.",
  belowMinimum: "Your items don't reach this discount code's minimum.",
  notForItems: "This discount code isn't for the items in your cart.",
  alreadyUsed: "You have already used this discount code.",
  /** A once-per-shopper code counts accounts whose e-mail address is verified. */
  needsAccount: "This code is once per shopper: sign in with a verified account to use it.",
} as const;

/** When the code is checked, and the shopper as a once-per-shopper code sees them. */
export type DiscountContext = { now: Date; usedByShopper: boolean; verifiedShopper: boolean };

/** A code that applies: its amount off, and each line's share of it (in the lines' order). */
export type DiscountApplied = { ok: true; amount: number; lineDiscounts: number[] };
export type DiscountCheck = DiscountApplied | { ok: false; reason: DiscountRefusal; error: string };

/**
 * Whether `rule` (null: no such code) applies to `lines` at `now`, with the first reason it does
 * not; when it does, the amount off the eligible lines and its allocation over them.
 */
export function checkDiscount(
  rule: DiscountRule | null,
  lines: readonly DiscountLine[],
  context: DiscountContext,
): DiscountCheck {
  const refusal = refusalOf(rule, lines, context);
  if (refusal) return { ok: false, reason: refusal, error: discountRefusals[refusal] };
  const eligible = lines.map((line) => (isEligible(rule!, line) ? lineTotal(line) : 0));
  const amount = discountAmount(rule!, sum(eligible));
  return { ok: true, amount, lineDiscounts: allocate(amount, eligible) };
}

function refusalOf(
  rule: DiscountRule | null,
  lines: readonly DiscountLine[],
  { now, usedByShopper, verifiedShopper }: DiscountContext,
): DiscountRefusal | null {
  if (!rule || !rule.enabled || now < rule.startsAt || (rule.endsAt !== null && now >= rule.endsAt)) return "unknown";
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return "usedUp";
  if (!lines.some((line) => isEligible(rule, line))) return "notForItems";
  if (rule.minSubtotal !== null && sum(lines.map(lineTotal)) < rule.minSubtotal) return "belowMinimum";
  if (rule.oncePerShopper && !verifiedShopper) return "needsAccount";
  if (usedByShopper) return "alreadyUsed";
  return null;
}

function isEligible(rule: DiscountRule, line: DiscountLine): boolean {
  if (rule.scope === "products") return rule.productIds.includes(line.productId);
  if (rule.scope === "categories") return rule.categories.includes(line.category);
  return true;
}

/**
 * The amount off an eligible subtotal: a percentage rounded to the nearest shilling (halves up),
 * a fixed amount capped at the subtotal, so that nothing is ever priced below zero.
 */
export function discountAmount(rule: Pick<DiscountRule, "kind" | "value">, eligibleSubtotal: number): number {
  if (rule.kind === "percent") return Math.floor((eligibleSubtotal * rule.value + 50) / 100);
  return Math.min(rule.value, eligibleSubtotal);
}

/**
 * Shares `amount` over line totals in proportion, in whole shillings, by largest remainder (ties
 * to the earlier line): the shares add up to `amount` and none exceeds its line's total.
 */
export function allocate(amount: number, totals: readonly number[]): number[] {
  const whole = sum(totals);
  if (whole === 0) return totals.map(() => 0);
  const shares = totals.map((total) => Math.floor((amount * total) / whole));
  const remainders = totals.map((total, index) => ({ index, remainder: (amount * total) % whole }));
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - sum(shares);
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What `returned` of a line's `quantity` units are worth back: their price less their share of the
 * line's discount, rounded up so that a return never refunds more than was paid for them.
 */
export function returnedValue(line: { unitPrice: number; quantity: number; discount: number }, returned: number): number {
  return line.unitPrice * returned - Math.ceil((line.discount * returned) / line.quantity);
}

/** Who a once-per-shopper code counts: a signed-in account. */
export const shopperKey = (userId: string): string => `user:${userId}`;

/** A code as typed, upper-cased and trimmed (codes are case-insensitive), or null when it cannot be one. */
export function normaliseDiscountCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return discountCodePattern.test(code) ? code : null;
}

/** Letters, digits and dashes, 3 to 32 of them. */
export const discountCodePattern = /^[A-Z0-9][A-Z0-9-]{1,30}[A-Z0-9]$/;

const lineTotal = (line: DiscountLine) => line.unitPrice * line.quantity;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
