import { ReturnList } from "@/components/admin/returns/ReturnList";
import { backOfficeSections } from "@/lib/admin/sections";
import { listReturns } from "@/lib/returns/order-returns";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.returns.label);

/** Shoppers' return requests, for staff to approve, decline and receive. */
export default async function ReturnsPage() {
  await requireRole(backOfficeSections.returns);
  return <ReturnList returns={await listReturns(await getDb())} />;
}
