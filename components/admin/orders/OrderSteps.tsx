"use client";

import { useActionState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/FormMessage";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { SelectField } from "@/components/ui/SelectField";
import { deliveryFailureLabels, failureReasonsFor, type FailureKind } from "@/lib/orders/delivery-failure";
import {
  cancelReasonLabel,
  failureFormLabels,
  failureNoteLabel,
  orderStepLabel,
  orderStepLabels,
  type OrderStep,
} from "@/lib/orders/staff-labels";
import type { FulfilmentKind } from "@/lib/db/values";
import type { OrderStatus } from "@/lib/orders/status";
import { STATUS_NOTE_MAX_LENGTH } from "@/lib/orders/status-change-rules";
import { changeOrderStatus } from "./actions";
import { ShipmentFields, type CourierChoice } from "./ShipmentFields";

const rules: LoadRules = () => import("@/lib/orders/status-change-rules").then((module) => module.statusChangeErrors);

const failureOptions = (kind: FailureKind) =>
  failureReasonsFor[kind].map((reason) => ({ value: reason, label: deliveryFailureLabels[reason] }));

/**
 * The next steps an order's status allows, one form each, all answering in one message above them
 * (so the message stays when the step it came from is gone). Each form posts the status the page
 * showed, so a change someone made meanwhile wins and this one is refused.
 */
export function OrderSteps({
  number,
  fulfilment,
  status,
  steps,
  couriers,
  shipmentDefaults,
  failureKind,
}: {
  number: string;
  fulfilment: FulfilmentKind;
  status: OrderStatus;
  steps: readonly OrderStep[];
  /** The couriers offered at dispatch, and what the dispatch form starts with (a delivered order's). */
  couriers: readonly CourierChoice[];
  shipmentDefaults: { courierId?: string; office?: string };
  /** Whose failure 'Mark delivery failed' records: the rider's, a courier's or a pickup point's (its reasons). */
  failureKind: FailureKind;
}) {
  const [state, action, pending] = useActionState(changeOrderStatus, initialFormState);
  // The step forms' own checks, with the server's messages: a cancellation's reason, a failed delivery's.
  const failureRules = useFormRules(rules, state);
  const cancelRules = useFormRules(rules, state);
  const hidden = (
    <>
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="expectedStatus" value={status} />
    </>
  );
  // A delivered order's dispatch names its courier and waybill (ShipmentFields); the other steps are one button.
  const withShipment = (step: OrderStep) => step === "dispatched" && fulfilment === "delivery";
  const forward = steps.filter((step) => step !== "cancelled" && step !== "delivery_failed");
  return (
    <div className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      {steps.length === 0 && <p className="text-stone-700">No further steps: this order is final.</p>}
      {forward.map((step) => (
        <form
          key={step}
          action={action}
          aria-label={withShipment(step) ? "Dispatch" : undefined}
          className={withShipment(step) ? "flex max-w-2xl flex-col gap-2" : undefined}
        >
          {hidden}
          <input type="hidden" name="status" value={step} />
          {withShipment(step) && (
            <ShipmentFields
              key={state.submission}
              prefix="dispatch"
              couriers={couriers}
              values={state.ok === false ? state.values : shipmentDefaults}
              errors={state.errors}
            />
          )}
          <button type="submit" disabled={pending} className={`self-start ${buttonStyles.primary}`}>
            {orderStepLabel(status, step, fulfilment)}
          </button>
        </form>
      ))}
      {steps.includes("delivery_failed") && (
        <form
          {...failureRules.formProps}
          action={action}
          aria-label={failureFormLabels[failureKind].form}
          className="flex max-w-xl flex-col gap-2 border-t border-stone-200 pt-3"
        >
          {hidden}
          <input type="hidden" name="status" value="delivery_failed" />
          <SelectField
            id="failure-reason"
            name="failureReason"
            label={failureFormLabels[failureKind].reason}
            options={failureOptions(failureKind)}
            placeholder={{ value: "", label: "Choose…" }}
            error={failureRules.errorFor("failureReason")}
            required
          />
          <TextAreaField
            id="failure-note"
            name="note"
            label={failureNoteLabel}
            hint="Kept in the order's history. Needed for 'Other'."
            error={failureRules.errorFor("note")}
            rows={2}
            maxLength={STATUS_NOTE_MAX_LENGTH}
          />
          <button type="submit" disabled={pending} className={`self-start ${buttonStyles.secondary}`}>
            {orderStepLabel(status, "delivery_failed", fulfilment)}
          </button>
        </form>
      )}
      {steps.includes("cancelled") && (
        <form
          {...cancelRules.formProps}
          action={action}
          aria-label="Cancel this order"
          className="flex max-w-xl flex-col gap-2 border-t border-stone-200 pt-3"
        >
          {hidden}
          <input type="hidden" name="status" value="cancelled" />
          <TextAreaField
            id="cancel-reason"
            name="note"
            label={cancelReasonLabel}
            hint="Kept in the order's history. The stock goes back on sale."
            error={cancelRules.errorFor("note")}
            required
            rows={2}
            maxLength={STATUS_NOTE_MAX_LENGTH}
          />
          <button type="submit" disabled={pending} className={`self-start ${buttonStyles.secondary}`}>
            {orderStepLabels.cancelled}
          </button>
        </form>
      )}
    </div>
  );
}
