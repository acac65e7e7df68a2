import { Field } from "@/components/ui/Field";
import { SelectField } from "@/components/ui/SelectField";
import { COURIER_MAX_LENGTH } from "@/lib/couriers/courier-rules";
import type { FieldErrors } from "@/lib/core/form-schema";
import type { ShipmentField } from "@/lib/couriers/courier-rules";

/** A courier as the dispatch form offers it. */
export type CourierChoice = { id: number; name: string; kind: "rider" | "courier" };

/**
 * Who carries the parcel, its waybill (required from a courier) and the office where the shopper
 * collects it: the dispatch step's fields and the correction form's, ids prefixed by `prefix`.
 */
export function ShipmentFields({
  prefix,
  couriers,
  values,
  errors,
}: {
  prefix: string;
  couriers: readonly CourierChoice[];
  values: { courierId?: string; waybill?: string; office?: string };
  errors: FieldErrors<ShipmentField>;
}) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-3">
      <SelectField
        id={`${prefix}-courier`}
        name="courierId"
        label="Courier"
        options={couriers.map((courier) => ({ value: String(courier.id), label: courier.name }))}
        placeholder={{ value: "", label: "Choose…" }}
        defaultValue={values.courierId ?? ""}
        error={errors.courierId}
      />
      <Field
        id={`${prefix}-waybill`}
        name="waybill"
        label="Waybill number"
        hint="Needed from a courier; none for our rider."
        required={false}
        maxLength={COURIER_MAX_LENGTH.waybill}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={values.waybill}
        error={errors.waybill}
      />
      <Field
        id={`${prefix}-office`}
        name="office"
        label="Office to collect at (optional)"
        required={false}
        maxLength={COURIER_MAX_LENGTH.office}
        defaultValue={values.office}
        error={errors.office}
      />
    </div>
  );
}
