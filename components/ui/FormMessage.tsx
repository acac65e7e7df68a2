import type { ReactNode } from "react";

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
