"use client";

import { useActionState } from "react";
import { Field, FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import { formatKsh } from "@/lib/catalog/price";
import { deliveryEstimate } from "@/lib/checkout/delivery";
import { ZONE_LIMITS } from "@/lib/checkout/delivery-zone-rules";
import { carrierLabels } from "@/lib/couriers/carriage-words";
import type { DeliveryZone } from "@/lib/checkout/delivery-zones";
import { TableHead } from "../TableHead";
import { cellClass, tableClass } from "../styles";
import { setZoneRates } from "./actions";

const when = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

const rules: LoadRules = () => import("@/lib/checkout/delivery-zone-rules").then((module) => module.zoneRateErrors);

/** Every county's rate with a box each; the rate below goes to every ticked county (one, or a group). */
export function ZoneRatesForm({ zones }: { zones: DeliveryZone[] }) {
  const [state, action] = useActionState(setZoneRates, startingFormState());
  const { formProps, errorFor } = useFormRules(rules, state);
  const ticked = new Set(state.ok ? [] : (state.values.counties ?? "").split("\n"));
  const countiesError = errorFor("counties");
  const wholeNumberField = (name: "fee" | "minDays" | "maxDays", label: string, maxLength: number) => (
    <Field
      name={name}
      label={label}
      inputMode="numeric"
      pattern="[0-9]+"
      maxLength={maxLength}
      defaultValue={state.values[name]}
      error={errorFor(name)}
    />
  );
  return (
    <form {...formProps} action={action} aria-label="Delivery rates" className="space-y-4">
      <FormMessage message={state.message} ok={state.ok} />
      <fieldset key={state.submission} aria-describedby={countiesError ? "counties-error" : undefined}>
        <legend className="mb-2 font-semibold text-stone-900">Counties (tick the ones to change)</legend>
        <FieldMessage id="counties-error" error={countiesError} />
        <table className={tableClass}>
          <TableHead columns={["County", "Fee", "Delivery", "Carried by", "Pay on delivery", "Last set"]} right={["Fee"]} />
          <tbody>
            {zones.map((zone) => (
              <tr key={zone.county}>
                <td className={cellClass}>
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="counties"
                      value={zone.county}
                      defaultChecked={ticked.has(zone.county)}
                      className="h-5 w-5 accent-green-800"
                    />
                    {zone.county}
                  </label>
                </td>
                <td className={`${cellClass} text-right`}>{formatKsh(zone.fee)}</td>
                <td className={cellClass}>{deliveryEstimate(zone)}</td>
                <td className={cellClass}>{carrierLabels[zone.carrier]}</td>
                <td className={cellClass}>{zone.payOnDelivery ? "Offered" : "No"}</td>
                <td className={`${cellClass} text-stone-700`}>
                  {zone.updatedBy ? `${when.format(zone.updatedAt)} by ${zone.updatedBy}` : "As first set up"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <fieldset key={`rate-${state.submission}`} className="grid max-w-xl gap-x-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-stone-900">Their new rate</legend>
        {wholeNumberField("fee", "Fee (KSh)", String(ZONE_LIMITS.fee).length)}
        {wholeNumberField("minDays", "Fewest days", 2)}
        {wholeNumberField("maxDays", "Most days", 2)}
      </fieldset>
      <SubmitButton>Set the rate of the ticked counties</SubmitButton>
    </form>
  );
}
