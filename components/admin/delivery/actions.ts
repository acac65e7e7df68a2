"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { zoneRateSchema, type ZoneRateField, type ZoneRateUpdate } from "@/lib/checkout/delivery-zone-rules";
import { revalidateDeliveryPromise } from "@/lib/server/delivery-cache";
import { setDeliveryRates } from "@/lib/checkout/delivery-zones";
import {
  pickupPointFields,
  pickupPointSchema,
  thresholdSchema,
  type PickupPointField,
  type PickupPointInput,
} from "@/lib/checkout/pickup-point-rules";
import {
  createPickupPoint,
  setFreeDeliveryThreshold,
  setPickupPointActive,
  updatePickupPoint,
} from "@/lib/checkout/pickup-points";
import { parseId } from "@/lib/core/ids";
import { formatKsh } from "@/lib/catalog/price";
import { getDb } from "@/lib/server/database";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.delivery;

/**
 * Gives the ticked counties one fee and delivery window (admins only), recording who did it. The
 * checkout reads the rates fresh, so the next order pays the new one; placed orders keep theirs.
 */
export const setZoneRates = staffAction(
  "setZoneRates",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const input = {
      counties: formData.getAll("counties"),
      fee: formData.get("fee"),
      minDays: formData.get("minDays"),
      maxDays: formData.get("maxDays"),
    };
    // Kept as typed for the form to show again; the ticked counties one per line (no county's name has one).
    const values = {
      counties: input.counties.map(String).join("\n"),
      fee: String(input.fee ?? ""),
      minDays: String(input.minDays ?? ""),
      maxDays: String(input.maxDays ?? ""),
    };
    const parsed = parseFormValues<ZoneRateUpdate, ZoneRateField>(zoneRateSchema, input);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const count = await setDeliveryRates(await getDb(), parsed.data, actorOf(admin));
    revalidatePath(section.path);
    revalidateDeliveryPromise();
    return formAnswer(previous, { ok: true, message: `New rate set for ${count} ${count === 1 ? "county" : "counties"}.` });
  },
  failedAnswer,
);

/** The free-delivery threshold (admins only): whole KSh of goods after the discount, empty for none. */
export const setFreeDeliveryThresholdAction = staffAction(
  "setFreeDeliveryThreshold",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const raw = formData.get("threshold");
    const parsed = parseFormValues<{ threshold: number | null }, "threshold">(thresholdSchema, { threshold: raw });
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values: { threshold: String(raw ?? "").slice(0, 20) } });
    const { threshold } = parsed.data;
    await setFreeDeliveryThreshold(await getDb(), threshold, actorOf(admin));
    revalidatePath(section.path);
    const message = threshold === null ? "No free delivery." : `Delivery is free from ${formatKsh(threshold)}.`;
    return formAnswer(previous, { ok: true, message, values: { threshold: threshold === null ? "" : String(threshold) } });
  },
  failedAnswer,
);

/** Adds a pickup point, or (with its `id`) changes one (admins only); placed orders keep their copy. */
export const savePickupPointAction = staffAction(
  "savePickupPoint",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const input = Object.fromEntries(pickupPointFields.map((field) => [field, formData.get(field)]));
    const values = Object.fromEntries(pickupPointFields.map((field) => [field, String(input[field] ?? "").slice(0, 201)]));
    const parsed = parseFormValues<PickupPointInput, PickupPointField>(pickupPointSchema, input);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const db = await getDb();
    const idField = formData.get("id");
    if (idField === null) await createPickupPoint(db, parsed.data, actorOf(admin));
    else {
      const id = parseId(idField);
      if (id === null || !(await updatePickupPoint(db, id, parsed.data, actorOf(admin))))
        return formAnswer(previous, { message: "This pickup point no longer exists. Reload the page.", values });
    }
    revalidatePath(section.path);
    // A new point's form starts empty again; an edited one shows what was saved.
    return formAnswer(previous, {
      ok: true,
      message: `${parsed.data.name} saved.`,
      values: idField === null ? {} : values,
    });
  },
  failedAnswer,
);

/** A pickup point's 'Disable' or 'Enable' button (`id:on` or `id:off`; admins only); works without JavaScript. */
export const togglePickupPointAction = staffAction(
  "togglePickupPoint",
  section,
  async (admin, formData: FormData) => {
    const [idText, state] = String(formData.get("toggle") ?? "").split(":");
    const id = parseId(idText);
    if (id === null || (state !== "on" && state !== "off")) return;
    await setPickupPointActive(await getDb(), id, state === "on", actorOf(admin));
    revalidatePath(section.path);
  },
  // The list shows each point as it is, so a failed toggle shows as unchanged.
  () => undefined,
);
