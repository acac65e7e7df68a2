"use client";

import Link from "next/link";
import { ShoppingCart } from "lucide-react";
import { iconButtonClass } from "@/components/layout/icon-button";
import { useViewer } from "@/components/layout/use-viewer";

/** The header's cart link, with a badge of the items in the cart once /api/viewer has answered. */
export function CartLink() {
  const count = useViewer()?.cartCount ?? 0;
  const label = count === 0 ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  return (
    <Link href="/cart" aria-label={label} className={`relative ${iconButtonClass}`}>
      <ShoppingCart aria-hidden="true" size={24} />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute right-0 top-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-green-800 px-1 text-xs font-semibold leading-none text-white"
        >
          {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
        </span>
      ) : null}
    </Link>
  );
}

// A badge stays readable at phone size; the accessible name keeps the exact count.
const MAX_SHOWN = 99;
