"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { parseId } from "@/lib/core/ids";
import { saveShopDetails } from "@/lib/shop-details/details";
import { movePickupPointToShop } from "@/lib/shop-details/pickup-addresses";
import { shopDetailsFields, shopDetailsSchema, type ShopDetailsField } from "@/lib/shop-details/rules";
import type { ShopDetails } from "@/lib/site";
import { getDb } from "@/lib/server/database";
import { revalidateShopDetails } from "@/lib/server/shop-details-cache";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.shopDetails;

/**
 * Saves the shop's details (admins only), recording who did it. The footer and the Contact page
 * show them from the next visit; issued invoices keep the address they printed.
 */
export const saveShopDetailsAction = staffAction(
  "saveShopDetails",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const input = Object.fromEntries(shopDetailsFields.map((field) => [field, formData.get(field)]));
    // Kept as typed for the form to show again, cut to a little past the longest a field accepts.
    const values = Object.fromEntries(shopDetailsFields.map((field) => [field, String(input[field] ?? "").slice(0, 201)]));
    const parsed = parseFormValues<ShopDetails, ShopDetailsField>(shopDetailsSchema, input);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    await saveShopDetails(await getDb(), parsed.data, actorOf(admin));
    revalidateShopDetails();
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: "Shop details saved. The shop shows them now.", values });
  },
  failedAnswer,
);

/** 'Use the shop's address' beside a pickup point with its own (admins only); the list shows the result. */
export const movePickupPointToShopAction = staffAction(
  "movePickupPointToShop",
  section,
  async (admin, formData: FormData) => {
    const id = parseId(formData.get("point"));
    if (id === null) return;
    await movePickupPointToShop(await getDb(), id, actorOf(admin));
    revalidatePath(section.path);
  },
  () => undefined,
);
