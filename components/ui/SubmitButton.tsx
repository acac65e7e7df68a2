"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonStyles } from "./button-styles";

/** The form's submit button, showing while its own form is being sent (read from the form, never passed in). */
export function SubmitButton({
  pendingText = "Sending…",
  look = "primary",
  className = look === "primary" ? "w-full" : "",
  children = "Submit",
}: {
  pendingText?: string;
  look?: keyof typeof buttonStyles;
  className?: string;
  children?: ReactNode;
}) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={`${className} ${buttonStyles[look]}`}>
      {pending ? pendingText : children}
    </button>
  );
}
