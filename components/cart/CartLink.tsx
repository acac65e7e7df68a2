"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { ShoppingCart } from "lucide-react";
import { CountBadge } from "@/components/layout/CountBadge";
import { iconButtonClass } from "@/components/layout/icon-button";
import { useViewer } from "@/components/layout/use-viewer";

/** The header's cart link, with a badge of the items in the cart once /api/viewer has answered. */
export function CartLink() {
  const count = useViewer()?.cartCount ?? 0;
  const label = count === 0 ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  return (
    <ShopLink href="/cart" aria-label={label} className={`relative ${iconButtonClass}`}>
      <ShoppingCart aria-hidden="true" size={24} />
      <CountBadge count={count} colour="bg-green-800" testId="cart-count" />
    </ShopLink>
  );
}
