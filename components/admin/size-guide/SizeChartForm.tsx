"use client";

import { useActionState, useMemo } from "react";
import { cellClass, headCellClass, tableClass } from "@/components/admin/styles";
import { controlClass, describedBy, FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState, type FormState } from "@/components/ui/form-state";
import { useFormRules, type LoadRules } from "@/components/ui/use-form-rules";
import type { Category } from "@/lib/catalog/categories";
import {
  sizeChartField,
  sizeMeasureLabels,
  sizeMeasureLimits,
  sizeMeasures,
  type SizeChartRow,
} from "@/lib/catalog/size-chart-rules";
import { sizesOf } from "@/lib/catalog/sizes";
import { saveSizeChartAction } from "./actions";

type Props = { category: Category; categories: Category[]; chart: SizeChartRow[] };

/** One category's chart: a row per size of the category (kids' then adults') with its three measurements in centimetres, blank for a size not offered. */
export function SizeChartForm({ category, categories, chart }: Props) {
  const [state, action] = useActionState(saveSizeChartAction, initialFormState);
  const rules = useMemo<LoadRules>(
    () => () => import("@/lib/catalog/size-chart-rules").then((module) => module.sizeChartFormErrors(categories)),
    [categories],
  );
  const { formProps, errorFor } = useFormRules(rules, state);
  const id = (part: string) => `size-chart-${category.slug}-${part}`;
  return (
    <form {...formProps} action={action} aria-label={`${category.name} size chart`} className="flex flex-col gap-3">
      <input type="hidden" name="category" value={category.slug} />
      <FormMessage message={state.message} ok={state.ok} />
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col" className={headCellClass}>
                Size
              </th>
              {sizeMeasures.map((measure) => (
                <th key={measure} id={id(measure)} scope="col" className={headCellClass}>
                  {sizeMeasureLabels[measure]} (cm)
                </th>
              ))}
            </tr>
          </thead>
          {/* Rebuilt with each answer, so the inputs show what was saved or sent. */}
          <tbody key={state.submission}>
            {sizesOf(category).map((size) => (
              <SizeRow
                key={size}
                size={size}
                row={chart.find((row) => row.size === size)}
                state={state}
                errorFor={errorFor}
                id={id}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="max-w-xs">
        <SubmitButton pendingText="Saving…">Save {category.name.toLowerCase()} chart</SubmitButton>
      </div>
    </form>
  );
}

type RowProps = {
  size: string;
  row: SizeChartRow | undefined;
  state: FormState;
  errorFor: (name: string) => string | undefined;
  id: (part: string) => string;
};

/** A size's three inputs, each named by its size and column for screen readers. */
function SizeRow({ size, row, state, errorFor, id }: RowProps) {
  return (
    <tr>
      <th id={id(size)} scope="row" className={`${cellClass} font-semibold`}>
        {size}
      </th>
      {sizeMeasures.map((measure) => {
        const name = sizeChartField(size, measure);
        const inputId = id(`${size}-${measure}-input`);
        const error = errorFor(name);
        return (
          <td key={measure} className={cellClass}>
            <input
              id={inputId}
              name={name}
              type="number"
              inputMode="numeric"
              min={sizeMeasureLimits[measure].min}
              max={sizeMeasureLimits[measure].max}
              step={1}
              defaultValue={state.values[name] ?? row?.[measure] ?? ""}
              aria-labelledby={`${id(size)} ${id(measure)}`}
              {...describedBy(inputId, error)}
              className={`${controlClass} min-w-20`}
            />
            <FieldMessage id={`${inputId}-error`} error={error} />
          </td>
        );
      })}
    </tr>
  );
}
