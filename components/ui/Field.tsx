import type { InputHTMLAttributes, ReactNode } from "react";

/** What every field of the kit takes beside its control's own attributes. */
export type FieldBase = {
  name: string;
  label: string;
  error?: string;
  /** Shown under the control and read with it while there is no error. */
  hint?: ReactNode;
};

type FieldProps = FieldBase & { errorExtra?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its message, tied together for screen readers; a text input unless `type` says otherwise. */
export function Field({ name, label, error, hint, errorExtra, id = name, className = "", type = "text", ...input }: FieldProps) {
  return (
    <Labelled id={id} label={label} error={error} hint={hint} errorExtra={errorExtra} className={className}>
      <input id={id} name={name} type={type} required {...describedBy(id, error, hint)} className={controlClass} {...input} />
    </Labelled>
  );
}

/** A control's label above it, its hint and its message below; shared by every field of the kit. */
export function Labelled({
  id,
  label,
  error,
  hint,
  errorExtra,
  className = "",
  children,
}: Omit<FieldBase, "name"> & { id: string; errorExtra?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintIdOf(id)} aria-live="polite" className="text-sm text-stone-700">
          {hint}
        </p>
      )}
      <FieldMessage id={messageIdOf(id)} error={error}>
        {errorExtra}
      </FieldMessage>
    </div>
  );
}

/** What ties a control to its words: invalid while there is a message and described by it, else by its hint. */
export function describedBy(id: string, error: string | undefined, hint?: ReactNode) {
  const description = error ? messageIdOf(id) : hint ? hintIdOf(id) : undefined;
  return { "aria-invalid": error ? true : undefined, "aria-describedby": description } as const;
}

const messageIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

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
