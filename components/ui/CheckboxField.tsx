import { useId } from "react";

/** A checkbox with its label and an optional hint read with it, as the kit's other fields are. */
export function CheckboxField({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-stone-900">
        <input
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={hint ? hintId : undefined}
          className="h-5 w-5 accent-green-800"
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ml-7 text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}
