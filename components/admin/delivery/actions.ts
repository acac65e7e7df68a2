"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseFormValues } from "@/lib/core/form-schema";
import { zoneRateSchema, type ZoneRateField, type ZoneRateUpdate } from "@/lib/checkout/delivery-zone-rules";
import { setDeliveryRates } from "@/lib/checkout/delivery-zones";
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
    return formAnswer(previous, { ok: true, message: `New rate set for ${count} ${count === 1 ? "county" : "counties"}.` });
  },
  failedAnswer,
);
