"use client";

import { PageError } from "@/components/ui/PageError";

/** A back-office page that failed, beside the back office's navigation (the layout stays). */
export default function ConsoleError({ retry }: { retry: () => void }) {
  return <PageError retry={retry} />;
}
