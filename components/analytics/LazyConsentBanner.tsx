"use client";

import { lazy, Suspense } from "react";
import type { Tags } from "./tags";

// The banner and the tags' code download after the page, and only where a tool is set up: the
// footer's chunk, which every shop page loads, carries this loader alone. The banner renders nothing
// on the server (only the browser reads the answer), so nothing moves when it arrives.
const ConsentBanner = lazy(() => import("./ConsentBanner").then(({ ConsentBanner }) => ({ default: ConsentBanner })));

export function LazyConsentBanner({ tags }: { tags: Tags }) {
  return (
    <Suspense fallback={null}>
      <ConsentBanner tags={tags} />
    </Suspense>
  );
}
