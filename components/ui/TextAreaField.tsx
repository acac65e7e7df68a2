import type { TextareaHTMLAttributes } from "react";
import { Labelled, controlClass, describedBy, type FieldBase } from "./Field";

type TextAreaFieldProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled text area with its hint and message, tied together the way Field ties an input to its own. */
export function TextAreaField({ name, label, error, hint, id = name, className = "", ...textarea }: TextAreaFieldProps) {
  return (
    <Labelled id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} name={name} {...describedBy(id, error, hint)} className={controlClass} {...textarea} />
    </Labelled>
  );
}
