import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";

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
    <button type="submit" disabled={pending} aria-disabled={pending} className={`w-full ${buttonStyles.primary}`}>
      {pending ? pendingText : children}
    </button>
  );
}
