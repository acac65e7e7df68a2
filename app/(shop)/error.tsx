"use client";

import { PageError } from "@/components/ui/PageError";

/** A storefront page that failed, inside the shop's header and footer (the layout stays). */
export default function ShopError({ retry }: { retry: () => void }) {
  return <PageError retry={retry} />;
}
