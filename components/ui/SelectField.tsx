import { controlClass } from "./Field";

export type SelectOption = { value: string; label: string };

/** A labelled select: a filter or a choice that needs no message of its own. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
