import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { etimsDevices, invoices } from "@/lib/db/schema";
import { queueInvoiceReport } from "@/lib/invoices/issue";
import { callEtims, etimsConfig } from "./client";

const initAnswer = z.object({
  info: z.object({ sdcId: z.string().min(1), cmcKey: z.string().min(1) }),
});

export type DeviceInitialisation = { ok: true; controlUnitId: string; queued: number } | { ok: false; error: string };

/**
 * `npm run etims -- init`: the device's one-time initialisation (selectInitOsdcInfo). eTIMS answers
 * 902 for a device installed before, with the same details, so running it again is harmless. The
 * communication key is stored for later calls and never printed. Invoices issued before eTIMS was
 * set up are queued for reporting now.
 */
export async function initialiseDevice(db: Database): Promise<DeviceInitialisation> {
  const config = etimsConfig();
  if (!config) return { ok: false, error: "eTIMS is not set up: set ETIMS_API_URL, ETIMS_DEVICE_SERIAL and SHOP_KRA_PIN." };
  const answer = await callEtims(
    config,
    "selectInitOsdcInfo",
    { tin: config.tin, bhfId: config.branchId, dvcSrlNo: config.deviceSerial },
    null,
  );
  const device = initAnswer.safeParse(answer.data);
  if (!["000", "902"].includes(answer.resultCd) || !device.success) {
    return { ok: false, error: `eTIMS refused the device: ${answer.resultCd} ${answer.resultMsg}` };
  }
  const values = {
    tin: config.tin,
    deviceSerial: config.deviceSerial,
    controlUnitId: device.data.info.sdcId,
    communicationKey: device.data.info.cmcKey,
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(etimsDevices)
      .values({ branchId: config.branchId, ...values })
      .onConflictDoUpdate({ target: etimsDevices.branchId, set: values });
    const waiting = await tx
      .select({ id: invoices.id, branchId: invoices.branchId, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.branchId, config.branchId), ne(invoices.reportState, "reported")));
    for (const invoice of waiting) await queueInvoiceReport(tx, invoice);
    return { ok: true as const, controlUnitId: values.controlUnitId, queued: waiting.length };
  });
}
