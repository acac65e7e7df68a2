import type { ShopImage } from "@/lib/catalog/images";

export type CartLine = {
  variantId: number;
  productId: number;
  slug: string;
  name: string;
  image: ShopImage;
  optionLabel: string;
  unitPrice: number;
  /** Stock now; the quantity may exceed it when stock fell after the line was added. */
  stock: number;
  quantity: number;
  lineTotal: number;
};

export type Cart = { lines: CartLine[]; itemCount: number; subtotal: number };

/** A cart's item count and subtotal from its lines: the server's reads and the page's optimistic updates agree. */
export function cartOf(lines: CartLine[]): Cart {
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
  };
}

/** The cart with one line set to `quantity` (0 removes it), as the shopper expects it to become. */
export function withLineQuantity(cart: Cart, change: { variantId: number; quantity: number }): Cart {
  return cartOf(
    cart.lines.flatMap((line) =>
      line.variantId !== change.variantId
        ? [line]
        : change.quantity === 0
          ? []
          : [{ ...line, quantity: change.quantity, lineTotal: line.unitPrice * change.quantity }],
    ),
  );
}
