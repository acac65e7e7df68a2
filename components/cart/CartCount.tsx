"use client";

import { CountBadge } from "@/components/layout/CountBadge";
import { useViewer } from "@/components/layout/use-viewer";

/** The cart link's name and badge: the items in the cart once /api/viewer has answered. */
export function CartCount() {
  const count = useViewer()?.cartCount ?? 0;
  return (
    <>
      <span className="sr-only">{count === 0 ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`}</span>
      <CountBadge count={count} colour="bg-green-800" testId="cart-count" />
    </>
  );
}
