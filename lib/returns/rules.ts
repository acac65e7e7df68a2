import * as z from "zod/mini";
import { returnReasons, returnResolutions, type ReturnReason, type ReturnResolution, type ReturnStatus } from "@/lib/db/values";

/** Framework-free rules of a return request, shared by the shopper's form and the server. */

export const returnReasonLabels: Record<ReturnReason, string> = {
  wrong_size: "It does not fit",
  not_as_pictured: "It is not as pictured",
  faulty: "It is faulty or damaged",
  changed_mind: "I changed my mind",
};

export const returnResolutionLabels: Record<ReturnResolution, string> = {
  refund: "Refund",
  exchange: "Exchange for another size or colour",
};

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: "Waiting for our answer",
  approved: "Approved: send it back",
  declined: "Declined",
  received: "Received",
};

export const RETURN_NOTE_MAX_LENGTH = 500;
/** How long a decline's reason (which the shopper reads) may be. */
export const DECLINE_REASON_MAX_LENGTH = 500;

/** Staff's steps on a return, as the back office's buttons name them. */
export const returnStepLabels = { approve: "Approve", decline: "Decline", receive: "Mark received" } as const;
export type ReturnStaffStep = keyof typeof returnStepLabels;

/** The steps each status allows: a decline may also follow an approval (the items arrived worn, or not at all). */
export const nextReturnSteps: Record<ReturnStatus, readonly ReturnStaffStep[]> = {
  requested: ["approve", "decline"],
  approved: ["receive", "decline"],
  declined: [],
  received: [],
};

/** A back-office step as posted: which return, which step, and a decline's reason (checked by the step itself). */
export const returnStepSchema = z.object({
  returnId: z.coerce.number().check(z.int(), z.positive()),
  step: z.enum(["approve", "decline", "receive"]),
  reason: z._default(z.string(), ""),
});
/**
 * Days after an order was placed that its signed link (in every e-mail and text about it, the same
 * for the order's life) may still ask for a return: the return window and a week for delivery.
 * The order's owner (signed in, or the browser that placed it) may ask for the whole window.
 */
export const linkReturnDays = (windowDays: number) => windowDays + 7;

/** More than any order holds: a bound on what a posted form may ask the server to read. */
const MAX_REQUEST_LINES = 50;

/** Every refusal of a return request, in the words the shopper reads. */
export const returnMessages = {
  reason: "Choose why you are returning it.",
  note: `Keep the note under ${RETURN_NOTE_MAX_LENGTH} characters.`,
  quantity: "Enter a whole number of items.",
  notDelivered: "Only a delivered order can be returned.",
  afterWindow: (days: number) => `Returns are accepted within ${days} days of delivery, and that time has passed for this order.`,
  linkTooOld: (days: number) =>
    `This order's link can ask for a return within ${days} days of the order. Sign in, or open the order in the browser that placed it.`,
  nothingChosen: "Choose at least one item to return.",
  unknownLine: "That item is not part of this order.",
  tooMany: (name: string, bought: number) => `You bought ${bought} of ${name}: you cannot return more than that.`,
  twice: (name: string) => `${name} is already in a return request.`,
  exchangeChoice: (name: string) => `Choose the size or colour you want instead of ${name}.`,
  exchangeUnavailable: (name: string) =>
    `The size or colour you chose instead of ${name} is not in stock. Choose another, or a refund.`,
} as const;

/**
 * What the shopper reads once their return request is stored: it promises an e-mail only to an
 * order with an address, else a text (a phone-only order has texts on, or had no box to untick),
 * else only this page.
 */
export function returnRequestedMessage(order: { delivery: { email: string }; smsUpdates: boolean }): string {
  const how = order.delivery.email ? "by e-mail" : order.smsUpdates ? "by SMS" : "on this page";
  return `Your return request is sent. We will tell you ${how} when we have looked at it.`;
}

/** What the shopper's form posts, parsed once at the edge: lines with a quantity of 0 are not returned. */
export const returnRequestSchema = z.object({
  reason: z.enum(returnReasons, { error: returnMessages.reason }),
  note: z._default(z.string().check(z.trim(), z.maxLength(RETURN_NOTE_MAX_LENGTH, { error: returnMessages.note })), ""),
  lines: z
    .array(
      z.object({
        lineId: z.coerce.number().check(z.int(), z.positive()),
        quantity: z.coerce
          .number({ error: returnMessages.quantity })
          .check(z.int(returnMessages.quantity), z.gte(0), z.lte(1000)),
        resolution: z._default(z.enum(returnResolutions), "refund"),
        exchangeVariantId: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
      }),
    )
    .check(z.maxLength(MAX_REQUEST_LINES)),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The form's field names for one order line. */
export const returnLineFields = (lineId: number) =>
  ({ quantity: `quantity-${lineId}`, resolution: `resolution-${lineId}`, exchange: `exchange-${lineId}` }) as const;

/** The posted form as returnRequestSchema reads it: one `line` per order line offered, each with its own fields. */
export function returnRequestFromForm(form: FormData) {
  return {
    reason: form.get("reason") ?? undefined,
    note: form.get("note") ?? undefined,
    lines: form.getAll("line").map((lineId) => {
      const fields = returnLineFields(Number(lineId));
      return {
        lineId,
        quantity: form.get(fields.quantity) || 0,
        resolution: form.get(fields.resolution) ?? undefined,
        exchangeVariantId: form.get(fields.exchange) || undefined,
      };
    }),
  };
}

/** A line of the order as the limits see it. */
export type ReturnableLine = {
  id: number;
  name: string;
  bought: number;
  /** Already in a return request that was not declined. */
  requested: boolean;
  /** The other variants of its product in stock now, which an exchange may choose. */
  exchangeVariantIds: readonly number[];
};

export type ChosenReturnLine = {
  lineId: number;
  quantity: number;
  resolution: ReturnResolution;
  exchangeVariantId: number | null;
};

export type ReturnLimitCheck =
  | { ok: true; lines: ChosenReturnLine[] }
  | {
      ok: false;
      reason:
        | "not_delivered"
        | "after_window"
        | "link_too_old"
        | "nothing_chosen"
        | "unknown_line"
        | "too_many"
        | "twice"
        | "exchange_choice"
        | "exchange_unavailable";
      error: string;
    };

/**
 * The limits of a return: only a delivered order, within `windowDays` of its delivery (and asked
 * through the order's link, within linkReturnDays of its placement, `placedAt`); never more
 * than was bought; never a line twice (in this request or an earlier one); an exchange only for a
 * variant of the same product that is in stock.
 */
export function checkReturnLimits(input: {
  deliveredAt: Date | null;
  now: Date;
  windowDays: number;
  /** When the order was placed, for a request through its link; null for its owner's. */
  linkPlacedAt: Date | null;
  lines: readonly ReturnableLine[];
  request: Pick<ReturnRequest, "lines">;
}): ReturnLimitCheck {
  if (!input.deliveredAt) return refuse("not_delivered", returnMessages.notDelivered);
  if (isPastReturnWindow(input.deliveredAt, input.now, input.windowDays))
    return refuse("after_window", returnMessages.afterWindow(input.windowDays));
  if (input.linkPlacedAt && isLinkTooOld(input.linkPlacedAt, input.now, input.windowDays))
    return refuse("link_too_old", returnMessages.linkTooOld(linkReturnDays(input.windowDays)));
  const asked = input.request.lines.filter((line) => line.quantity > 0);
  if (asked.length === 0) return refuse("nothing_chosen", returnMessages.nothingChosen);
  const chosen: ChosenReturnLine[] = [];
  for (const ask of asked) {
    const line = input.lines.find((known) => known.id === ask.lineId);
    if (!line) return refuse("unknown_line", returnMessages.unknownLine);
    if (line.requested || chosen.some((earlier) => earlier.lineId === line.id))
      return refuse("twice", returnMessages.twice(line.name));
    if (ask.quantity > line.bought) return refuse("too_many", returnMessages.tooMany(line.name, line.bought));
    const exchangeVariantId = ask.resolution === "exchange" ? (ask.exchangeVariantId ?? null) : null;
    if (ask.resolution === "exchange" && exchangeVariantId === null)
      return refuse("exchange_choice", returnMessages.exchangeChoice(line.name));
    if (exchangeVariantId !== null && !line.exchangeVariantIds.includes(exchangeVariantId))
      return refuse("exchange_unavailable", returnMessages.exchangeUnavailable(line.name));
    chosen.push({ lineId: line.id, quantity: ask.quantity, resolution: ask.resolution, exchangeVariantId });
  }
  return { ok: true, lines: chosen };
}

/** A returned line's name: 'Kijani Hoodie (M · Black)', or the product's name for its single option. */
export const returnLineName = (productName: string, label: string) => (label ? `${productName} (${label})` : productName);

/** Whether a return window of `windowDays` from delivery has closed at `now`. */
export function isPastReturnWindow(deliveredAt: Date, now: Date, windowDays: number): boolean {
  return now.getTime() > deliveredAt.getTime() + windowDays * 86_400_000;
}

/** Whether an order placed at `placedAt` is past linkReturnDays at `now`, for a request through its link. */
export function isLinkTooOld(placedAt: Date, now: Date, windowDays: number): boolean {
  return isPastReturnWindow(placedAt, now, linkReturnDays(windowDays));
}

const refuse = (reason: Exclude<ReturnLimitCheck, { ok: true }>["reason"], error: string): ReturnLimitCheck => ({
  ok: false,
  reason,
  error,
});
