import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { insertProducts } from "@/lib/catalog/seed";
import type { Database } from "@/lib/db";
import type { County } from "@/lib/checkout/counties";
import type { CheckoutInput } from "@/lib/checkout/delivery-details";
import { orderLines, products, refunds, user, variants } from "@/lib/db/schema";
import { addToCart } from "@/lib/cart/lines";
import { newGuestToken } from "@/lib/cart/owner";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder, type PlaceOrderInput } from "@/lib/orders/place-order";
import { requestReturn } from "@/lib/returns/request-return";
import type { Category } from "@/lib/catalog/categories";
import { seedCategories } from "@/lib/catalog/seed-data";
import { approveReturn, markReturnReceived } from "@/lib/returns/staff-steps";

/** A product owned by one test, with one variant per entry (price in KSh, stock). */
export async function createProduct(db: Database, variantSpecs: { price?: number; stock: number }[]) {
  const slug = `test-product-${randomUUID()}`;
  await insertProducts(db, [
    {
      slug,
      name: `Test Hoodie ${slug.slice(-6)}`,
      description: "A hoodie that only tests buy.",
      category: "hoodies",
      images: [`/images/products/${slug}.svg`],
      variants: variantSpecs.map((spec, index) => ({
        size: ["S", "M", "L", "XL"][index % 4],
        colour: "Black",
        price: spec.price ?? 1000,
        stock: spec.stock,
      })),
    },
  ]);
  const [product] = await db.select().from(products).where(eq(products.slug, slug));
  const rows = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(variants.id);
  return { product, variants: rows, variantIds: rows.map((row) => row.id) };
}

export async function stockOf(db: Database, variantId: number): Promise<number> {
  const [row] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId));
  return row.stock;
}

/** A user row as Better Auth would create it; `emailVerified` as if its verification link had been opened. */
export async function createUser(db: Database, { emailVerified = false } = {}): Promise<string> {
  const id = randomUUID();
  await db
    .insert(user)
    .values({ id, name: "Test Shopper", email: `${id}@example.com`, firstName: "Test", lastName: "Shopper", emailVerified });
  return id;
}

export const guest = () => ({ guestToken: newGuestToken() });

/** Valid delivery details, outside Nairobi (the countrywide rate). */
export const testDelivery = {
  fullName: "Kamau Njoroge",
  phone: "0112345678",
  email: "kamau@example.com",
  county: "Nakuru" as County,
  town: "Naivasha",
  street: "Moi South Lake Road",
};

/**
 * A guest's order of `quantity` units of a new product of its own (delivered, unless `delivery` says
 * otherwise), paid on delivery unless `placed` names a payment, from `placed`'s client address if any;
 * the order as placed.
 */
export async function placeGuestOrder(
  db: Database,
  quantity = 1,
  delivery: CheckoutInput = testDelivery,
  placed: Pick<PlaceOrderInput, "payment" | "clientAddress"> = {},
) {
  const buyer = guest();
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity });
  const result = await placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: newIdempotencyKey(), ...placed });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order;
}

/** One unit of a delivered order's first line returned for a refund and received by `staff`: the refund now due. */
export async function receiveReturnOfOneUnit(db: Database, orderId: number, staff: Actor) {
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const asked = await requestReturn(db, {
    orderId,
    request: { reason: "wrong_size", note: "", lines: [{ lineId: line.id, quantity: 1, resolution: "refund" }] },
    actor: { id: null, label: "Shopper" },
    windowDays: 14,
    viaLink: false,
  });
  if (!asked.ok) throw new Error(asked.error);
  await approveReturn(db, { returnId: asked.returnId, actor: staff, arrivalDays: 14 });
  await markReturnReceived(db, { returnId: asked.returnId, actor: staff });
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "due")));
  return refund;
}

/** The launch categories as the database holds them after migration or seed, for rules that take the stored list. */
export const testCategories: Category[] = seedCategories.map((category) => ({ ...category, hidden: false }));
