import "server-only";
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { isOnSale, productImage } from "@/lib/catalog/queries";
import { cartLines, carts, products, variants } from "@/lib/db/schema";
import { limitMessages, orderLimits, type OrderLimits } from "@/lib/checkout/limits";
import { isGuestToken, ownerKey, type CartOwner } from "./owner";
import { parseId } from "@/lib/core/ids";
import { cartMessages, parseQuantity } from "./rules";
import { cartOf, type Cart } from "./totals";
import { variantLabel } from "@/lib/core/variant-label";

/** A change's outcome: the line's quantity now (0 once removed), with a notice when it was limited. */
export type CartChange = { ok: true; quantity: number; notice?: string } | { ok: false; error: string };

export const emptyCart: Cart = { lines: [], itemCount: 0, subtotal: 0 };

/** What the cart page and checkout read of a line: the variant, its product, and the quantity. */
export const cartLineColumns = {
  variantId: variants.id,
  productId: products.id,
  slug: products.slug,
  name: products.name,
  size: variants.size,
  colour: variants.colour,
  packSize: variants.packSize,
  unitPrice: variants.price,
  addedPrice: cartLines.unitPrice,
  stock: variants.stock,
  quantity: cartLines.quantity,
};

/** The owner's cart with its lines, oldest first; empty when they have none. */
export async function getCart(db: Database, owner: CartOwner): Promise<Cart> {
  const condition = ownerCondition(owner);
  if (!condition) return emptyCart;
  const rows = await db
    .select({ ...cartLineColumns, image: productImage() })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(condition)
    .orderBy(asc(cartLines.addedAt), asc(variants.id));
  const lines = rows.map(({ size, colour, packSize, addedPrice, ...row }) => ({
    ...row,
    previousPrice: addedPrice === row.unitPrice ? null : addedPrice,
    optionLabel: variantLabel({ size, colour, packSize }),
    lineTotal: row.unitPrice * row.quantity,
  }));
  return cartOf(lines);
}

/** The number of items (the sum of quantities) in the owner's cart: one cheap query, for the header. */
export async function getCartCount(db: Database, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) return 0;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(condition);
  return row.count;
}

/**
 * Adds `quantity` of a variant (creating the cart if needed). The line never exceeds the stock or
 * the order's limits (units per line and per order): it is limited, with a notice saying so.
 */
export async function addToCart(
  db: Database,
  owner: CartOwner,
  input: { variantId: unknown; quantity: unknown },
  limits: OrderLimits = orderLimits(),
): Promise<CartChange> {
  const quantity = parseQuantity(input.quantity);
  if (quantity === null) return { ok: false, error: cartMessages.quantity };
  return changeLine(db, owner, input.variantId, (current) => current + quantity, limits);
}

/** Sets a line's quantity (limited to the stock and the order's limits); the line must exist. */
export async function setCartQuantity(
  db: Database,
  owner: CartOwner,
  input: { variantId: unknown; quantity: unknown },
  limits: OrderLimits = orderLimits(),
): Promise<CartChange> {
  const quantity = parseQuantity(input.quantity);
  if (quantity === null) return { ok: false, error: cartMessages.quantity };
  return changeLine(db, owner, input.variantId, (current) => (current === 0 ? null : quantity), limits);
}

/** Removes a line; removing a line that is not there changes nothing and succeeds. */
export async function removeFromCart(db: Database, owner: CartOwner, variantIdInput: unknown): Promise<CartChange> {
  const variantId = parseId(variantIdInput);
  const condition = ownerCondition(owner);
  if (variantId === null || !condition) return { ok: false, error: cartMessages.notInCart };
  await db
    .delete(cartLines)
    .where(
      and(eq(cartLines.variantId, variantId), sql`${cartLines.cartId} in (select ${carts.id} from ${carts} where ${condition})`),
    );
  return { ok: true, quantity: 0 };
}

/**
 * On sign-in: moves the guest's lines into the user's cart (quantities summed, limited to
 * stock and the units per line, sold-out lines dropped) and deletes the guest cart. Checkout
 * still refuses an order over the units per order.
 */
export async function mergeGuestCart(
  db: Database,
  input: { guestToken: unknown; userId: string },
  limits: OrderLimits = orderLimits(),
): Promise<void> {
  if (!isGuestToken(input.guestToken)) return;
  const guestOwner = { guestToken: input.guestToken };
  await db.transaction(async (tx) => {
    const guestCartId = await findCartId(tx, guestOwner, { forUpdate: true });
    if (guestCartId === null) return;
    const userCartId = await getOrCreateCartId(tx, { userId: input.userId }, { forUpdate: true });
    if (userCartId === null) return;
    await tx.execute(sql`
      insert into cart_lines (cart_id, variant_id, quantity, unit_price, added_at)
      select ${userCartId}, g.variant_id, least(g.quantity, v.stock, ${limits.unitsPerLine}), g.unit_price, g.added_at
      from cart_lines g join variants v on v.id = g.variant_id
      where g.cart_id = ${guestCartId} and v.stock > 0
      on conflict (cart_id, variant_id) do update set quantity = least(
        cart_lines.quantity + excluded.quantity,
        (select stock from variants where id = excluded.variant_id),
        ${limits.unitsPerLine}
      )`);
    await tx.delete(carts).where(eq(carts.id, guestCartId));
  });
}

/** The owner's cart id, creating the cart when missing; null for a malformed guest token. */
export async function getOrCreateCartId(
  db: Database,
  owner: CartOwner,
  options: { forUpdate?: boolean } = {},
): Promise<number | null> {
  const key = ownerKey(owner);
  if (!key) return null;
  await db.insert(carts).values(key).onConflictDoNothing();
  return findCartId(db, owner, options);
}

/** The owner's cart id, or null when they have none; `forUpdate` locks it until the transaction ends. */
export async function findCartId(db: Database, owner: CartOwner, options: { forUpdate?: boolean } = {}): Promise<number | null> {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const query = db.select({ id: carts.id }).from(carts).where(condition);
  const [cart] = options.forUpdate ? await query.for("update") : await query;
  return cart?.id ?? null;
}

/** The SQL that selects exactly the owner's cart, or null for a malformed guest token. */
function ownerCondition(owner: CartOwner): SQL | null {
  const key = ownerKey(owner);
  if (!key) return null;
  return key.userId !== null ? eq(carts.userId, key.userId) : eq(carts.guestTokenHash, key.guestTokenHash);
}

/**
 * Sets a line to `target(current)` (null: refuse, the line is missing), limited to stock and the
 * order's limits, inside a transaction that locks the cart so concurrent changes never lose one another.
 */
async function changeLine(
  db: Database,
  owner: CartOwner,
  variantIdInput: unknown,
  target: (current: number) => number | null,
  limits: OrderLimits,
): Promise<CartChange> {
  const variantId = parseId(variantIdInput);
  if (variantId === null) return { ok: false, error: cartMessages.unavailable };
  const [variant] = await db
    .select({ stock: variants.stock, price: variants.price })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), isOnSale));
  if (!variant) return { ok: false, error: cartMessages.unavailable };
  // A new line of a sold-out variant is refused before any cart is created or locked: in a rush, most adds are.
  if (variant.stock === 0 && target(0) !== null) return { ok: false, error: cartMessages.soldOut };

  return db.transaction(async (tx) => {
    const cartId = await getOrCreateCartId(tx, owner, { forUpdate: true });
    if (cartId === null) return { ok: false, error: cartMessages.noCart };
    const [line] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
    const wanted = target(line?.quantity ?? 0);
    if (wanted === null) return { ok: false, error: cartMessages.notInCart };
    if (variant.stock === 0) return { ok: false, error: cartMessages.soldOut };
    const room = limits.unitsPerOrder - (await otherUnits(tx, cartId, variantId));
    if (room <= 0) return { ok: false, error: limitMessages.orderUnits(limits.unitsPerOrder) };
    const quantity = Math.min(wanted, variant.stock, limits.unitsPerLine, room);
    await tx
      .insert(cartLines)
      .values({ cartId, variantId, quantity, unitPrice: variant.price })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity } });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    if (quantity === wanted) return { ok: true, quantity };
    return { ok: true, quantity, notice: limitNotice(quantity, variant.stock, limits) };
  });
}

/** The units in a cart's other lines, which count towards the order's limit. */
async function otherUnits(tx: Database, cartId: number, variantId: number): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), ne(cartLines.variantId, variantId)));
  return row.units;
}

/** Why a line holds fewer than wanted: the stock, the units per line, or the order's room. */
function limitNotice(quantity: number, stock: number, limits: OrderLimits): string {
  if (quantity === stock) return cartMessages.clamped(stock);
  if (quantity === limits.unitsPerLine) return limitMessages.lineUnits(limits.unitsPerLine);
  return limitMessages.orderUnits(limits.unitsPerOrder);
}
