import type { ReactNode } from "react";
import { FieldMessage } from "./Field";

export type Choice = {
  value: string;
  label: string;
  /** Read with the choice as its description. */
  note?: ReactNode;
  /** What belongs to this choice, shown after it (a field that only this choice needs). */
  after?: ReactNode;
};

type ChoiceGroupProps = {
  name: string;
  legend: string;
  choices: readonly Choice[];
  type?: "radio" | "checkbox";
  /** The checked values (one for radios). */
  checked?: readonly string[];
  error?: string;
  /** Show the legend to sighted readers too (it is always read). */
  legendVisible?: boolean;
  className?: string;
};

/** Radios or checkboxes under one legend, with their message tied to each the way Field ties an input to its own. */
export function ChoiceGroup({
  name,
  legend,
  choices,
  type = "radio",
  checked = [],
  error,
  legendVisible = false,
  className = "",
}: ChoiceGroupProps) {
  const messageId = `${name}-error`;
  return (
    <fieldset className={`flex flex-col gap-2 ${className}`}>
      <legend className={legendVisible ? "mb-1 text-sm font-medium text-stone-900" : "sr-only"}>{legend}</legend>
      {choices.map((choice) => {
        const id = `${name}-${choice.value}`;
        const described = [choice.note ? `${id}-note` : null, error ? messageId : null].filter(Boolean).join(" ");
        return (
          <div key={choice.value} className="flex flex-col gap-2">
            <div className="flex items-start gap-2">
              <input
                type={type}
                id={id}
                name={name}
                value={choice.value}
                defaultChecked={checked.includes(choice.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={described || undefined}
                className="mt-1 h-5 w-5 accent-green-800"
              />
              <div>
                <label htmlFor={id} className="font-medium text-stone-900">
                  {choice.label}
                </label>
                {choice.note && (
                  <p id={`${id}-note`} className="text-sm text-stone-700">
                    {choice.note}
                  </p>
                )}
              </div>
            </div>
            {choice.after}
          </div>
        );
      })}
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}
