import { etimsSetupMessages, type EtimsSetupProblem } from "@/lib/invoices/labels";

/** Says plainly that sales are not reaching KRA, and what to do about it. */
export function EtimsSetupBanner({ problem }: { problem: EtimsSetupProblem }) {
  return (
    <p role="alert" data-testid="etims-setup" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      {etimsSetupMessages[problem]}
    </p>
  );
}
