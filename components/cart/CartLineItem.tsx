"use client";

import { buttonStyles } from "@/components/ui/button-styles";
import { ShopLink } from "@/components/ui/ShopLink";
import { useId, useState, type FormEvent } from "react";
import type { CartLine } from "@/lib/cart/totals";
import { formatKsh } from "@/lib/catalog/price";
import { MAX_LINE_QUANTITY, cartMessages } from "@/lib/cart/rules";
import type { CartLineState } from "./actions";

type Props = {
  line: CartLine;
  /** The server action, for a post without JavaScript. */
  action: (formData: FormData) => void;
  /** With JavaScript: the optimistic submit. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's last answer about this line, if any. */
  answer?: CartLineState;
};

/** One cart line: picture, name, option, unit price, a quantity form with Update and Remove, and the line total. */
export function CartLineItem({ line, action, onSubmit, answer }: Props) {
  const messageId = useId();
  const [draft, setDraft] = useState(String(line.quantity));
  // The quantity changed (optimistically, by the server or by a rollback) or the server answered: show its value.
  const shownState = `${line.quantity}:${answer?.submission ?? 0}`;
  const [shown, setShown] = useState(shownState);
  if (shown !== shownState) {
    setShown(shownState);
    setDraft(String(line.quantity));
  }
  const product = `${line.name}${line.optionLabel ? ` (${line.optionLabel})` : ""}`;

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <img
        src={line.image.src}
        srcSet={line.image.srcSet}
        sizes="80px"
        alt=""
        width={80}
        height={80}
        className="h-20 w-20 shrink-0 rounded-md bg-stone-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 className="font-semibold text-stone-900">
            <ShopLink
              href={`/products/${line.slug}`}
              className="hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800"
            >
              {line.name}
            </ShopLink>
          </h2>
          <p className="font-semibold text-stone-900" data-testid="line-total">
            {formatKsh(line.lineTotal)}
          </p>
        </div>
        {line.optionLabel ? <p className="text-sm text-stone-700">{line.optionLabel}</p> : null}
        <p className="text-sm text-stone-700">{formatKsh(line.unitPrice)} each</p>
        {line.previousPrice !== null && (
          <p className="text-sm font-medium text-amber-900" data-testid="price-changed">
            {cartMessages.priceChanged(formatKsh(line.previousPrice))}
          </p>
        )}
        <form action={action} onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="variantId" value={line.variantId} />
          <label className="text-sm font-medium text-stone-900">
            Quantity<span className="sr-only"> of {product}</span>
            <input
              type="number"
              name="quantity"
              inputMode="numeric"
              required
              min={1}
              max={Math.max(1, Math.min(line.stock, MAX_LINE_QUANTITY))}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby={messageId}
              className="mt-1 block w-20 rounded-md border border-stone-400 px-2 py-1.5 text-base"
            />
          </label>
          <button type="submit" name="intent" value="update" className={buttonStyles.secondary}>
            Update<span className="sr-only"> {product}</span>
          </button>
          <button type="submit" name="intent" value="remove" formNoValidate className={buttonStyles.secondary}>
            Remove<span className="sr-only"> {product}</span>
          </button>
        </form>
        <p
          id={messageId}
          aria-live="polite"
          className={`mt-1 text-sm ${answer?.ok === false ? "text-red-700" : "text-stone-700"}`}
        >
          {answer?.message ? <span key={answer.submission}>{answer.message}</span> : null}
        </p>
      </div>
    </li>
  );
}
