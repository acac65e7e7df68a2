"use client";

import { PageError } from "@/components/ui/PageError";

/** A back-office page outside the console, or the console's own layout (its staff check), that failed. */
export default function BackOfficeError({ retry }: { retry: () => void }) {
  return <PageError retry={retry} />;
}
