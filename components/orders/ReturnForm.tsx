"use client";

import { useActionState } from "react";
import { ChoiceGroup } from "@/components/ui/ChoiceGroup";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { TextAreaField } from "@/components/ui/TextAreaField";
import { initialFormState, type FormState } from "@/components/ui/form-state";
import { formatOrderDate } from "@/lib/orders/format";
import { orderLinkParam } from "@/lib/orders/status";
import { returnReasons } from "@/lib/db/values";
import { RETURN_NOTE_MAX_LENGTH, returnLineFields, returnReasonLabels, returnResolutionLabels } from "@/lib/returns/rules";
import { requestReturnAction } from "./return-actions";

export type ReturnFormLine = {
  id: number;
  name: string;
  bought: number;
  exchangeOptions: { variantId: number; label: string }[];
};

/**
 * 'Return or exchange', opened from its summary: how many of each line, a refund or another size or
 * colour for each, and why. Its answer shows above it, and stays once no line is left to ask for.
 */
export function ReturnForm({
  number,
  linkKey,
  lines,
  closesAt,
}: {
  number: string;
  linkKey?: string;
  lines: ReturnFormLine[];
  closesAt: Date | null;
}) {
  const [state, action] = useActionState(requestReturnAction, initialFormState);
  return (
    <div className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      {closesAt && lines.length > 0 && (
        <details>
          <summary className="cursor-pointer rounded font-medium text-green-800 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800">
            Return or exchange
          </summary>
          <p className="my-3 text-stone-700">
            You may return unworn items until {formatOrderDate(closesAt)}, for a refund or another size or colour.
          </p>
          <ReturnFields key={state.submission} action={action} state={state} number={number} linkKey={linkKey} lines={lines} />
        </details>
      )}
    </div>
  );
}

function ReturnFields({
  action,
  state,
  number,
  linkKey,
  lines,
}: {
  action: (formData: FormData) => void;
  state: FormState;
  number: string;
  linkKey?: string;
  lines: ReturnFormLine[];
}) {
  const value = (name: string) => state.values[name];
  return (
    <form action={action} aria-label="Return or exchange" className="flex flex-col gap-4">
      <input type="hidden" name="number" value={number} />
      {linkKey && <input type="hidden" name={orderLinkParam} value={linkKey} />}
      {lines.map((line) => {
        const fields = returnLineFields(line.id);
        return (
          <fieldset key={line.id} className="flex flex-col gap-2 rounded-md border border-stone-300 p-3">
            <legend className="px-1 font-medium text-stone-900">{line.name}</legend>
            <input type="hidden" name="line" value={line.id} />
            <Field
              id={fields.quantity}
              name={fields.quantity}
              label={`How many to return (you bought ${line.bought})`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.bought}
              required={false}
              defaultValue={value(fields.quantity) ?? "0"}
              className="max-w-56"
            />
            <ChoiceGroup
              name={fields.resolution}
              legend={`Refund or exchange ${line.name}`}
              checked={[value(fields.resolution) ?? "refund"]}
              choices={[
                { value: "refund", label: returnResolutionLabels.refund },
                {
                  value: "exchange",
                  label: returnResolutionLabels.exchange,
                  note: line.exchangeOptions.length === 0 ? noExchange : undefined,
                  after:
                    line.exchangeOptions.length > 0 ? (
                      <SelectField
                        id={fields.exchange}
                        name={fields.exchange}
                        label="Instead I would like"
                        placeholder={{ value: "", label: "Choose a size or colour…" }}
                        options={line.exchangeOptions.map((option) => ({ value: String(option.variantId), label: option.label }))}
                        defaultValue={value(fields.exchange) ?? ""}
                        className="ml-7 max-w-64"
                      />
                    ) : undefined,
                },
              ]}
            />
          </fieldset>
        );
      })}
      <SelectField
        name="reason"
        label="Why are you returning it?"
        placeholder={{ value: "", label: "Choose a reason…" }}
        options={returnReasons.map((reason) => ({ value: reason, label: returnReasonLabels[reason] }))}
        defaultValue={value("reason") ?? ""}
        error={state.errors.reason}
        required
      />
      <TextAreaField
        name="note"
        label="Anything we should know? (optional)"
        maxLength={RETURN_NOTE_MAX_LENGTH}
        defaultValue={value("note") ?? ""}
        error={state.errors.note}
        rows={3}
      />
      <SubmitButton pendingText="Sending…">Send return request</SubmitButton>
    </form>
  );
}

const noExchange = "No other size or colour of this item is in stock now.";
