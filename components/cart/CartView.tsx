"use client";

import { useActionState, useOptimistic, useState, useTransition, type FormEvent } from "react";
import { refreshViewer } from "@/components/layout/use-viewer";
import { formAnswer, startingFormState } from "@/components/ui/form-state";
import { cartMessages, parseQuantity } from "@/lib/cart/rules";
import { parseId } from "@/lib/core/ids";
import { withLineQuantity, type Cart } from "@/lib/cart/totals";
import type { FeeRange } from "@/lib/checkout/delivery";
import { changeCartLine, type CartLineState } from "./actions";
import { CartLineItem } from "./CartLineItem";
import { CartSummary } from "./CartSummary";
import type { Category } from "@/lib/catalog/categories";
import { DiscountCodeForm } from "@/components/discounts/DiscountCodeForm";
import type { DiscountQuote } from "@/lib/discounts/redemptions";
import { EmptyCart } from "./EmptyCart";

type Props = {
  cart: Cart;
  categories: Pick<Category, "slug" | "name">[];
  deliveryFees: FeeRange;
  /** The offered pickup points' fees; null when none is offered. */
  pickupFees: FeeRange | null;
  /** Goods (after the discount) from this amount travel free; null: no free delivery. */
  freeDeliveryThreshold: number | null;
  discount: DiscountQuote | null;
};

/**
 * The cart page's lines and totals. Each line is a small form that works without JavaScript;
 * with it, a change shows at once and the server's answer (the re-rendered `cart`) replaces it,
 * so a refused or lost change rolls back to what the server holds.
 */
export function CartView({ cart, categories, deliveryFees, pickupFees, freeDeliveryThreshold, discount }: Props) {
  // Without JavaScript the forms post to the action and the page comes back with its answer.
  const [postedAnswer, formAction] = useActionState(changeCartLine, startingFormState());
  const [answer, setAnswer] = useState<CartLineState>(postedAnswer);
  const [shown, showChange] = useOptimistic(cart, withLineQuantity);
  const [, startTransition] = useTransition();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const variantId = parseId(formData.get("variantId"));
    const quantity = formData.get("intent") === "remove" ? 0 : parseQuantity(formData.get("quantity"));
    startTransition(async () => {
      if (variantId !== null && quantity !== null) showChange({ variantId, quantity });
      let next: CartLineState;
      try {
        next = await changeCartLine(answer, formData);
      } catch {
        next = formAnswer(answer, { data: { variantId: variantId ?? undefined }, ok: false, message: cartMessages.notSaved });
      }
      startTransition(() => setAnswer(next));
      if (next.ok) void refreshViewer();
    });
  }

  if (shown.lines.length === 0) return <EmptyCart categories={categories} />;
  // An answer about a line that is not shown (a hand-made post) is shown above the lines.
  const aboutShownLine = shown.lines.some((line) => line.variantId === answer.data?.variantId);
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div>
        <p aria-live="polite" className="text-sm text-red-700">
          {answer.message && !aboutShownLine ? answer.message : null}
        </p>
        <ul aria-label="Items in your cart" className="divide-y divide-stone-200 border-y border-stone-200">
          {shown.lines.map((line) => (
            <CartLineItem
              key={line.variantId}
              line={line}
              action={formAction}
              onSubmit={submit}
              answer={answer.data?.variantId === line.variantId ? answer : undefined}
            />
          ))}
        </ul>
      </div>
      <CartSummary
        cart={shown}
        deliveryFees={deliveryFees}
        pickupFees={pickupFees}
        freeDeliveryThreshold={freeDeliveryThreshold}
        discount={discount?.ok ? discount : null}
      >
        <DiscountCodeForm discount={discount} />
      </CartSummary>
    </div>
  );
}
