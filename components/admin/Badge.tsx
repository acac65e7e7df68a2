import type { ReactNode } from "react";

/** A small status label; the text says it, the colour (`tone`: background, text and ring classes) only helps. */
export function Badge({ tone, testId, children }: { tone: string; testId?: string; children: ReactNode }) {
  return (
    <span
      data-testid={testId}
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${tone}`}
    >
      {children}
    </span>
  );
}
