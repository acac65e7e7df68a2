import "server-only";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

/** What every invoice prints and how it is taxed, from the settings. */
export function taxSettings() {
  const settings = env();
  return {
    legalName: settings.SHOP_LEGAL_NAME ?? site.name,
    kraPin: settings.SHOP_KRA_PIN ?? null,
    vatRegistered: settings.VAT_REGISTERED,
    branchId: settings.ETIMS_BRANCH_ID,
    /** Whether sales are reported to KRA: eTIMS is set up (its device is initialised separately). */
    reportsToKra: settings.ETIMS_API_URL !== undefined,
  };
}
