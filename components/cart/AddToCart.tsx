"use client";

import { useActionState, useEffect } from "react";
import { ProductPurchase } from "@/components/catalog/ProductPurchase";
import { refreshViewer } from "@/components/layout/use-viewer";
import type { Variant } from "@/lib/catalog/queries";
import { addToCart } from "./actions";

/** The product page's purchase form, posting to the cart (with or without JavaScript). */
export function AddToCart({ variants }: { variants: Variant[] }) {
  const [state, formAction, pending] = useActionState(addToCart, { submission: 0 });

  // The header's badge reads the count from /api/viewer: ask again after each addition.
  useEffect(() => {
    if (state.ok) void refreshViewer();
  }, [state]);

  const status = (
    <p aria-live="polite" data-testid="add-to-cart-status" className={`min-h-6 text-sm font-medium ${state.ok === false ? "text-red-700" : "text-green-800"}`}>
      {pending ? "Adding…" : <span key={state.submission}>{state.message}</span>}
    </p>
  );
  return <ProductPurchase variants={variants} action={formAction} status={status} />;
}
