import type { ReactNode } from "react";

/** Says plainly that part of the shop is not set up, and what that means (eTIMS, e-mail). */
export function SetupBanner({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p role="alert" data-testid={testId} className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      {children}
    </p>
  );
}
