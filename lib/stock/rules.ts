import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, parseFormValues, type FieldErrors } from "@/lib/core/form-schema";
import { parseId } from "@/lib/core/ids";
import type { StockReason } from "@/lib/db/values";
import { parseWholeNumber } from "@/lib/core/whole-number";

/** Framework-free rules of stock adjustments, shared by the back office's form and the server. */

/** The reasons staff may give; orders and cancellations move stock by themselves. */
export const adjustmentReasons = ["restock", "damaged", "correction"] as const satisfies readonly StockReason[];
export type AdjustmentReason = (typeof adjustmentReasons)[number];

/** The most units one adjustment may add or remove. */
export const MAX_STOCK_CHANGE = 10_000;
/** The most a variant may hold: far above any real shelf, and far below the column's limit. */
export const MAX_STOCK_LEVEL = 1_000_000;

/** Each reason's name in the form and in the history; orders are named with their number. */
export const stockReasonLabels: Record<StockReason, string> = {
  restock: "Restock",
  damaged: "Damaged",
  correction: "Count correction",
  order: "Order",
  cancellation: "Cancelled order",
  returned_to_shop: "Returned parcel",
  return: "Returned from order",
  exchange: "Exchange for order",
  import: "Import",
};

/** A history row's reason in words: 'Restock', 'Order KT-7F3K9QM', 'Cancelled order KT-7F3K9QM'. */
export function movementReasonLabel(movement: { reason: StockReason; orderNumber: string | null }): string {
  const label = stockReasonLabels[movement.reason];
  return movement.orderNumber ? `${label} ${movement.orderNumber}` : label;
}

export const stockMessages = {
  change: `Enter a whole number of units from -${MAX_STOCK_CHANGE.toLocaleString("en-KE")} to ${MAX_STOCK_CHANGE.toLocaleString("en-KE")}, not 0.`,
  reason: "Choose why the stock changes.",
  restockAdds: "A restock adds units: enter a positive number, such as 12.",
  damagedRemoves: "Damaged units are removed: enter a negative number, such as -2.",
  unknownVariant: "This variant no longer exists. Reload the page.",
  notEnough: (stock: number, removing: number) => `Only ${stock} in stock: you cannot remove ${removing}.`,
  tooMany: (stock: number) => `${stock} in stock: a variant holds at most ${MAX_STOCK_LEVEL.toLocaleString("en-KE")}.`,
  done: (level: number) => `Saved. ${level} in stock now.`,
} as const;

export type StockAdjustment = { variantId: number; change: number; reason: AdjustmentReason };
export type AdjustmentErrors = FieldErrors<"change" | "reason">;

/**
 * The adjustment form's rules, shared by the browser (useFormRules) and the server: a whole,
 * non-zero change within ±MAX_STOCK_CHANGE ('+5', '-3' or '7'), and a reason it fits. A restock
 * adds, damage removes, a count correction goes either way.
 */
export const stockAdjustmentSchema = z
  .object({
    change: z.pipe(
      z.union([z.string(), z.number()], { error: stockMessages.change }),
      z.transform((value, context) => {
        const change = parseWholeNumber(String(value).trim(), { min: -MAX_STOCK_CHANGE, max: MAX_STOCK_CHANGE });
        if (change === null || change === 0) {
          addIssue(context, stockMessages.change);
          return z.NEVER;
        }
        return change;
      }),
    ),
    reason: z.enum(adjustmentReasons, { error: stockMessages.reason }),
  })
  .check(
    z.superRefine(({ change, reason }, context) => {
      if (reason === "restock" && change < 0)
        context.addIssue({ code: "custom", message: stockMessages.restockAdds, path: ["change"] });
      if (reason === "damaged" && change > 0)
        context.addIssue({ code: "custom", message: stockMessages.damagedRemoves, path: ["change"] });
    }),
  );

/** The browser's check of the form, with the server's messages. */
export const stockAdjustmentErrors = fieldErrorsOf<"change" | "reason">(stockAdjustmentSchema);

/** An adjustment as sent by a form, checked once; a malformed variant id is reported as an unknown variant. */
export function parseStockAdjustment(input: {
  variantId: unknown;
  change: unknown;
  reason: unknown;
}): { ok: true; adjustment: StockAdjustment } | { ok: false; errors: AdjustmentErrors; unknownVariant?: true } {
  const variantId = parseId(input.variantId);
  if (variantId === null) return { ok: false, errors: {}, unknownVariant: true };
  const parsed = parseFormValues(stockAdjustmentSchema, { change: input.change, reason: input.reason });
  return parsed.ok ? { ok: true, adjustment: { variantId, ...parsed.data } } : parsed;
}
