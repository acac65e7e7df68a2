import Link from "next/link";
import { ShoppingCart } from "lucide-react";
import { iconButtonClass } from "@/components/layout/icon-button";

/** Placeholder until the cart lands: a link to the cart page. */
export function CartLink() {
  return (
    <Link href="/cart" aria-label="Cart" className={iconButtonClass}>
      <ShoppingCart aria-hidden="true" size={24} />
    </Link>
  );
}
