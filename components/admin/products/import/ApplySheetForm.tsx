"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { startingFormState } from "@/components/ui/form-state";
import type { RefusedRow } from "@/lib/catalog/sheet-plan";
import { RefusedRows } from "./RefusedRows";
import { applySheetAction } from "./actions";

/** 'Apply' under a preview; rows that changed since the preview are listed if it is refused. */
export function ApplySheetForm({ importId, changes }: { importId: number; changes: number }) {
  const [state, action] = useActionState(applySheetAction, startingFormState<RefusedRow[]>());
  return (
    <form action={action} aria-label="Apply the spreadsheet" className="flex flex-col gap-3">
      <input type="hidden" name="importId" value={importId} />
      <FormMessage key={state.submission} message={state.message} ok={state.ok}>
        {state.data && <RefusedRows rows={state.data} />}
      </FormMessage>
      <SubmitButton pendingText="Applying…" className="self-start">
        {changes === 1 ? "Apply 1 change" : `Apply ${changes.toLocaleString("en-KE")} changes`}
      </SubmitButton>
    </form>
  );
}
