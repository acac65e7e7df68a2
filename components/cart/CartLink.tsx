import { ShoppingCart } from "@/components/ui/icon-data";
import { Icon } from "@/components/ui/Icon";
import { CartCount } from "@/components/cart/CartCount";
import { iconButtonClass } from "@/components/layout/icon-button";
import { ShopLink } from "@/components/ui/ShopLink";

/** The header's cart link. The icon is drawn on the server; only the count waits for the browser. */
export function CartLink() {
  return (
    <ShopLink href="/cart" className={`relative ${iconButtonClass}`}>
      <Icon icon={ShoppingCart} />
      <CartCount />
    </ShopLink>
  );
}
