"use client";

import { buttonStyles } from "@/components/ui/button-styles";
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import type { Variant } from "@/lib/catalog/queries";
import { commerceEvent, submitEventAttribute, type AnalyticsItem } from "@/lib/analytics/browser-events";
import { formatKsh } from "@/lib/catalog/price";
import { quantityLimit } from "@/lib/cart/rules";
import { stockState } from "@/lib/stock/labels";

type Props = {
  variants: Variant[];
  /** The product for analytics: 'Add to cart' sends add_to_cart with the chosen price and quantity (with consent). */
  item?: AnalyticsItem;
  /** CART: wire `addToCart` here (it receives the form's `variantId` and `quantity`). */
  action?: (formData: FormData) => void | Promise<void>;
  /** CART: with JavaScript, handles the submit itself (the action stays for posts without it). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** CART: the action's outcome (added, or what went wrong), shown under the button. */
  status?: ReactNode;
};

/**
 * The buying part of a product page: option pickers, price, stock, quantity and 'Add to cart',
 * in one form that posts the chosen `variantId` and `quantity`.
 */
export function ProductPurchase({ variants, item, action, onSubmit, status }: Props) {
  const linked = useSyncExternalStore(neverChanges, linkedVariantId, () => null);
  const [picked, setChosen] = useState<Variant | null>(null);
  const chosen =
    picked ??
    variants.find((variant) => String(variant.id) === linked) ??
    variants.find((variant) => variant.stock > 0) ??
    variants[0];
  const [quantity, setQuantity] = useState(1);
  const stock = stockState(chosen.stock);
  const soldOut = stock.kind === "sold-out";

  const choose = (change: Partial<Variant>) => {
    const next = variantFor(variants, chosen, change);
    setChosen(next);
    setQuantity((current) => Math.max(1, Math.min(current, quantityLimit(next.stock))));
  };

  return (
    <form
      action={action}
      onSubmit={onSubmit}
      className="mt-4 space-y-5"
      {...(item && {
        [submitEventAttribute]: JSON.stringify(commerceEvent("add_to_cart", [{ ...item, price: chosen.price, quantity }])),
      })}
    >
      <p className="text-2xl font-semibold text-stone-900">{formatKsh(chosen.price)}</p>
      {optionKeys.map((key) => (
        <OptionPicker key={key} optionKey={key} variants={variants} chosen={chosen} choose={choose} />
      ))}

      <p
        aria-live="polite"
        className={`font-medium ${soldOut ? "text-stone-700" : stock.kind === "low" ? "text-amber-800" : "text-green-800"}`}
      >
        {stock.label}
      </p>

      <input type="hidden" name="variantId" value={chosen.id} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-stone-900">
          Quantity
          <input
            type="number"
            name="quantity"
            min={1}
            max={quantityLimit(chosen.stock)}
            value={quantity}
            disabled={soldOut}
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="mt-1 block w-20 rounded-md border border-stone-400 px-2 py-2 text-base"
          />
        </label>
        <button
          type="submit"
          disabled={soldOut}
          className={`${buttonStyles.primary} disabled:cursor-not-allowed disabled:bg-stone-400 disabled:text-stone-900 disabled:opacity-100`}
        >
          Add to cart
        </button>
      </div>
      {status}
    </form>
  );
}

/**
 * A link to one variant (the shopping feeds', `?variant=<id>`) opens with it chosen. The page is
 * cached whatever the query, so the browser reads it; without JavaScript, the first in stock shows.
 */
const linkedVariantId = () => new URLSearchParams(window.location.search).get("variant");
const neverChanges = () => () => {};

const optionKeys = ["colour", "size", "packSize"] as const;
const optionLabels = { colour: "Colour", size: "Size", packSize: "Pack" };

function optionText(key: OptionKey, value: string | number) {
  return key === "packSize" ? `${value} bags` : String(value);
}

type OptionKey = (typeof optionKeys)[number];

/** The variant with the options just picked; with none in that combination, keep the option just picked and change the others. */
function variantFor(variants: Variant[], chosen: Variant, change: Partial<Variant>): Variant {
  const wanted = { ...chosen, ...change };
  return (
    variants.find((variant) => optionKeys.every((key) => variant[key] === wanted[key])) ??
    variants.find((variant) => optionKeys.every((key) => !(key in change) || variant[key] === wanted[key]))!
  );
}

/** One option's choices as radio buttons; a choice with no stock alongside the other chosen options is struck through. */
function OptionPicker({
  optionKey: key,
  variants,
  chosen,
  choose,
}: {
  optionKey: OptionKey;
  variants: Variant[];
  chosen: Variant;
  choose: (change: Partial<Variant>) => void;
}) {
  const values = [...new Set(variants.map((variant) => variant[key]))].filter((value) => value !== null);
  if (values.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-900">{optionLabels[key]}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => {
          const available = variants.some(
            (variant) =>
              variant[key] === value &&
              variant.stock > 0 &&
              optionKeys.every((other) => other === key || variant[other] === chosen[other]),
          );
          return (
            <label
              key={String(value)}
              className="cursor-pointer rounded-md border border-stone-400 px-3 py-1.5 text-sm text-stone-900 has-[:checked]:border-green-800 has-[:checked]:bg-green-800 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-800"
            >
              <input
                type="radio"
                name={key}
                value={String(value)}
                checked={chosen[key] === value}
                onChange={() => choose({ [key]: value })}
                className="sr-only"
              />
              <span className={available ? undefined : "line-through"}>{optionText(key, value)}</span>
              {available ? null : <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
