"use client";

import { useActionState, useState, useTransition, type FormEvent } from "react";
import { ProductPurchase } from "@/components/catalog/ProductPurchase";
import { refreshViewer } from "@/components/layout/use-viewer";
import { formAnswer, initialFormState, type FormState } from "@/components/ui/form-state";
import type { Variant } from "@/lib/catalog/queries";
import type { AnalyticsItem } from "@/lib/analytics/browser-events";
import { cartMessages } from "@/lib/cart/rules";
import { addToCart } from "./actions";

/**
 * The product page's purchase form, posting to the cart. Without JavaScript the form posts
 * the action and the page comes back with its answer; with it, the submit calls the action
 * directly, so the chosen options stay as they are (a form action would reset the form).
 */
export function AddToCart({ variants, item }: { variants: Variant[]; item: AnalyticsItem }) {
  const [postedAnswer, formAction] = useActionState(addToCart, initialFormState);
  const [answer, setAnswer] = useState<FormState>(postedAnswer);
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      let next: FormState;
      try {
        next = await addToCart(answer, formData);
      } catch {
        next = formAnswer(answer, { ok: false, message: cartMessages.notSaved });
      }
      startTransition(() => setAnswer(next));
      // The header's badge reads the count from /api/viewer: ask again.
      if (next.ok) void refreshViewer();
    });
  }

  const status = (
    <p
      aria-live="polite"
      data-testid="add-to-cart-status"
      className={`min-h-6 text-sm font-medium ${answer.ok === false ? "text-red-700" : "text-green-800"}`}
    >
      {pending ? "Adding…" : <span key={answer.submission}>{answer.message}</span>}
    </p>
  );
  return <ProductPurchase variants={variants} item={item} action={formAction} onSubmit={submit} status={status} />;
}
