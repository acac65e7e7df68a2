import * as z from "zod/mini";
import { controlCharacterMessage, hasControlCharacter } from "@/lib/core/control-characters";
import { addIssue, fieldErrorsOf, type FieldErrors } from "@/lib/core/form-schema";
import { orderStatuses } from "@/lib/db/values";
import { parseDeliveryFailure } from "./delivery-failure";
import { orderStatusLabels, type OrderStatus } from "./status";

// The back office's order steps ('Confirm', 'Mark delivery failed', 'Cancel order'): their rules and
// messages, shared by the browser and updateOrderStatus. Framework-free.

export const statusMessages = {
  unknownOrder: "There is no order with this number.",
  unknownStatus: "There is no such order status.",
  notAllowed: (from: OrderStatus, to: OrderStatus) =>
    `An order with status '${orderStatusLabels[from]}' cannot move to '${orderStatusLabels[to]}'.`,
  changedMeanwhile: (current: OrderStatus) => `This order changed meanwhile: its status is now '${orderStatusLabels[current]}'.`,
  reasonRequired: "Say why the order is cancelled.",
} as const;

/** How long a status change's note (a cancellation's reason) may be. */
export const STATUS_NOTE_MAX_LENGTH = 500;

const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((text) => text?.trim() ?? ""),
);

/**
 * A step as posted: the status to move to and the note, trimmed and cut to STATUS_NOTE_MAX_LENGTH
 * (the order's number and the status the page showed are checked against the order itself). Cancelling needs a reason; a failed delivery
 * one from its list, whose words lead the note kept in the history.
 */
export const statusChangeSchema = z.pipe(
  z.object({
    status: z.enum(orderStatuses, { error: statusMessages.unknownStatus }),
    note: z.pipe(
      optionalText,
      z.pipe(
        z.string().check(z.refine((note) => !hasControlCharacter(note), controlCharacterMessage)),
        z.transform((note) => note.slice(0, STATUS_NOTE_MAX_LENGTH)),
      ),
    ),
    failureReason: z.optional(z.unknown()),
  }),
  z.transform((step, context) => {
    const refuse = (field: StatusChangeField, message: string) => {
      addIssue(context, message, field);
      return z.NEVER;
    };
    const { status, note, failureReason } = step;
    if (status === "cancelled" && note === "") return refuse("note", statusMessages.reasonRequired);
    if (status !== "delivery_failed") return { status, note };
    const failure = parseDeliveryFailure(failureReason, note);
    if (!failure.ok) return refuse(failure.field, failure.error);
    return { status, note: failure.note };
  }),
);

export type StatusChangeField = "status" | "note" | "failureReason";
export type StatusChangeErrors = FieldErrors<StatusChangeField>;

/** The browser's check of a step's form, with the server's messages. */
export const statusChangeErrors = fieldErrorsOf<StatusChangeField>(statusChangeSchema);
