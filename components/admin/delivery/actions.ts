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
import { carriageSchema, type CarriageField, type CarriageUpdate } from "@/lib/couriers/county-rules";
import { setCountyCarriage } from "@/lib/couriers/county-carriage";
import { courierFields, courierSchema, type CourierField, type CourierInput } from "@/lib/couriers/courier-rules";
import { removeCourier, restoreCourier, saveCourier } from "@/lib/couriers/couriers";

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

/** Who carries the ticked counties' orders and whether they may pay on delivery there (admins only); placed orders keep theirs. */
export const setCarriageAction = staffAction(
  "setCarriage",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const input = {
      counties: formData.getAll("counties"),
      carrier: formData.get("carrier"),
      payOnDelivery: formData.get("payOnDelivery"),
    };
    const values = {
      counties: input.counties.map(String).join("\n"),
      carrier: String(input.carrier ?? "").slice(0, 10),
      payOnDelivery: input.payOnDelivery === "on" ? "on" : "",
    };
    const parsed = parseFormValues<CarriageUpdate, CarriageField>(carriageSchema, input);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const count = await setCountyCarriage(await getDb(), parsed.data, actorOf(admin));
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: `Set for ${count} ${count === 1 ? "county" : "counties"}.` });
  },
  failedAnswer,
);

/** Adds a courier, or (with its `id`) changes one (admins only). */
export const saveCourierAction = staffAction(
  "saveCourier",
  section,
  async (admin, previous: FormState, formData: FormData) => {
    const input = Object.fromEntries(courierFields.map((field) => [field, formData.get(field)]));
    const values = Object.fromEntries(courierFields.map((field) => [field, String(input[field] ?? "").slice(0, 301)]));
    const parsed = parseFormValues<CourierInput, CourierField>(courierSchema, input);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const idField = formData.get("id");
    const id = idField === null ? undefined : (parseId(idField) ?? 0);
    const saved = await saveCourier(await getDb(), parsed.data, actorOf(admin), id);
    if (!saved.ok)
      return "field" in saved
        ? formAnswer(previous, { errors: { name: saved.error }, values })
        : formAnswer(previous, { message: saved.error, values });
    revalidatePath(section.path);
    return formAnswer(previous, {
      ok: true,
      message: `${saved.courier.name} saved.`,
      values: id === undefined ? { handover: "office" } : values,
    });
  },
  failedAnswer,
);

/** A courier's 'Remove' (deleted if no order used it, else archived) or 'Offer again' button (`id:remove` or `id:restore`; admins only). */
export const removeCourierAction = staffAction(
  "removeCourier",
  section,
  async (admin, formData: FormData) => {
    const [idText, change] = String(formData.get("change") ?? "").split(":");
    const id = parseId(idText);
    if (id === null) return;
    const db = await getDb();
    if (change === "remove") await removeCourier(db, id, actorOf(admin));
    if (change === "restore") await restoreCourier(db, id, actorOf(admin));
    revalidatePath(section.path);
  },
  // The table shows each courier as it is, so a failed change shows as unchanged.
  () => undefined,
);
