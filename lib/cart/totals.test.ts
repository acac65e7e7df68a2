import { describe, expect, it } from "vitest";
import { drawnImage } from "@/lib/catalog/images";
import { cartOf, withLineQuantity, type CartLine } from "./totals";

const line = (variantId: number, unitPrice: number, quantity: number): CartLine => ({
  variantId,
  productId: 1,
  slug: "tee",
  name: "Tee",
  image: drawnImage("/tee.svg"),
  optionLabel: "M · White",
  unitPrice,
  stock: 10,
  quantity,
  lineTotal: unitPrice * quantity,
});

describe("cart totals", () => {
  const cart = cartOf([line(1, 1199, 1), line(2, 549, 2)]);

  it("sums items and line totals", () => {
    expect(cart).toMatchObject({ itemCount: 3, subtotal: 2297 });
  });

  it("sets one line's quantity and recomputes its total and the cart's", () => {
    const changed = withLineQuantity(cart, { variantId: 1, quantity: 3 });
    expect(changed.lines[0]).toMatchObject({ quantity: 3, lineTotal: 3597 });
    expect(changed).toMatchObject({ itemCount: 5, subtotal: 4695 });
    expect(cart.itemCount).toBe(3);
  });

  it("removes a line at quantity 0 and ignores an unknown line", () => {
    expect(withLineQuantity(cart, { variantId: 2, quantity: 0 })).toEqual(cartOf([line(1, 1199, 1)]));
    expect(withLineQuantity(cart, { variantId: 9, quantity: 4 })).toEqual(cart);
  });
});
