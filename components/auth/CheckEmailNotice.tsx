"use client";

import { useState } from "react";
import { useViewer } from "@/components/layout/use-viewer";
import { buttonStyles } from "@/components/ui/button-styles";
import { checkEmailCopy } from "@/lib/auth/account-rules";

/**
 * Under the header, right after sign-up: where the confirmation link went and what to do with it.
 * The viewer says it once (lib/server/viewer.ts), so it stays until dismissed or the page reloads.
 */
export function CheckEmailNotice() {
  const announced = useViewer()?.checkEmail;
  const [heard, setHeard] = useState<string | undefined>();
  const [shown, setShown] = useState<string | null>(null);
  if (announced && announced !== heard) {
    setHeard(announced);
    setShown(announced);
  }
  if (!shown) return null;
  return (
    <section
      role="status"
      aria-labelledby="check-email-title"
      className="border-b border-green-200 bg-green-50 px-4 py-3 text-green-950 print:hidden"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-start gap-3">
        <div className="flex-1">
          <h2 id="check-email-title" className="font-semibold">
            {checkEmailCopy.title}
          </h2>
          <p className="text-sm">
            {checkEmailCopy.sentTo} <strong className="break-all">{shown}</strong>. {checkEmailCopy.todo}
          </p>
        </div>
        <button type="button" onClick={() => setShown(null)} className={buttonStyles.secondary}>
          {checkEmailCopy.dismiss}
        </button>
      </div>
    </section>
  );
}
