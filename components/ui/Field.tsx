import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = { name: string; label: string; error?: string; errorExtra?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its message, tied together for screen readers. */
export function Field({ name, label, error, errorExtra, ...input }: FieldProps) {
  const messageId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      <input
        id={name}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={controlClass}
        {...input}
      />
      <FieldMessage id={messageId} error={error}>
        {errorExtra}
      </FieldMessage>
    </div>
  );
}

/** The look of a form control (input, select, textarea), red once invalid. */
export const controlClass =
  "w-full rounded-md border border-stone-400 px-3 py-2 text-base text-stone-900 focus:border-green-800 focus:outline-none focus:ring-2 focus:ring-green-800 aria-[invalid=true]:border-red-700";

/** A field's message, which its control names in aria-describedby; announced as it changes. */
export function FieldMessage({ id, error, children }: { id: string; error?: string; children?: ReactNode }) {
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm text-red-700">
      {error}
      {error && children}
    </p>
  );
}
