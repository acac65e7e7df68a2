"use client";

import { buttonStyles } from "@/components/ui/button-styles";

/** Opens the browser's print dialog; hidden on paper. */
export function PrintButton({ children = "Print" }: { children?: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={`print:hidden ${buttonStyles.primary}`}>
      {children}
    </button>
  );
}
