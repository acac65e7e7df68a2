import { SetupBanner } from "@/components/admin/SetupBanner";
import { etimsSetupMessages, type EtimsSetupProblem } from "@/lib/invoices/labels";

/** Says plainly that sales are not reaching KRA, and what to do about it. */
export function EtimsSetupBanner({ problem }: { problem: EtimsSetupProblem }) {
  return <SetupBanner testId="etims-setup">{etimsSetupMessages[problem]}</SetupBanner>;
}
