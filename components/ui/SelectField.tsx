import type { SelectHTMLAttributes } from "react";
import { Labelled, controlClass, describedBy, type FieldBase } from "./Field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps = FieldBase & {
  options: readonly SelectOption[];
  /** A first option with no value ('Choose…'), shown until a real one is picked. */
  placeholder?: SelectOption;
} & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled select with its hint and message, tied together the way Field ties an input to its own. */
export function SelectField({
  name,
  label,
  options,
  error,
  hint,
  placeholder,
  id = name,
  className = "",
  ...select
}: SelectFieldProps) {
  return (
    <Labelled id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} name={name} {...describedBy(id, error, hint)} className={controlClass} {...select}>
        {[...(placeholder ? [placeholder] : []), ...options].map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
