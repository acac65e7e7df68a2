"use server";

import { revalidatePath } from "next/cache";
import { findOrderAccess } from "@/lib/orders/order-link";
import { stopOrderTexts } from "@/lib/orders/order-texts";
import { orderLinkParam, orderPath } from "@/lib/orders/status";
import { orderOwnerCredentials } from "@/lib/server/cart-owner";
import { getDb } from "@/lib/server/database";

/** 'Stop SMS updates' on an order's page: for its owner or the holder of its signed link (a text's link), no sign-in needed. */
export async function stopOrderTextsAction(formData: FormData): Promise<void> {
  const db = await getDb();
  const access = await findOrderAccess(db, formData.get("number"), await orderOwnerCredentials(), formData.get(orderLinkParam));
  if (access.kind === "none") return;
  await stopOrderTexts(db, access.order.id);
  revalidatePath(orderPath(access.order.number));
}
