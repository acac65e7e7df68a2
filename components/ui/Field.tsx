import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = { name: string; label: string; error?: string; errorExtra?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its message, tied together for screen readers. */
export function Field({ name, label, error, errorExtra, ...input }: FieldProps) {
  const messageId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium text-gray-900">
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
  "w-full rounded-md border border-gray-400 px-3 py-2 text-base text-gray-900 focus:border-green-800 focus:outline-none focus:ring-2 focus:ring-green-800 aria-[invalid=true]:border-red-700";

/** A field's message, which its control names in aria-describedby; announced as it changes. */
export function FieldMessage({ id, error, children }: { id: string; error?: string; children?: ReactNode }) {
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm text-red-700">
      {error}
      {error && children}
    </p>
  );
}

/** The form's submit button, showing that the form is being sent. */
export function SubmitButton({
  pending,
  pendingText = "Sending…",
  children = "Submit",
}: {
  pending: boolean;
  pendingText?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className="w-full rounded-md bg-green-900 px-4 py-2.5 font-semibold text-white hover:bg-green-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-900 disabled:opacity-70"
    >
      {pending ? pendingText : children}
    </button>
  );
}

/** A message for the whole form (an error or a confirmation), announced when it appears. */
export function FormMessage({ message, ok, children }: { message?: string; ok?: boolean; children?: ReactNode }) {
  return (
    <div
      role={ok ? "status" : "alert"}
      className={message ? `rounded-md p-3 text-sm ${ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}` : ""}
    >
      {message}
      {message && children}
    </div>
  );
}
