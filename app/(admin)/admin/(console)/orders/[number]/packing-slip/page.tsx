import { notFound } from "next/navigation";
import { PackingSlip } from "@/components/admin/orders/PackingSlip";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { packingSlipPath } from "@/lib/orders/staff-filters";
import { findOrderForStaff } from "@/lib/orders/staff-order";
import { requireRole } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata("Packing slip");

type Props = { params: Promise<{ number: string }> };

export default async function PackingSlipPage({ params }: Props) {
  const { number } = await params;
  await requireRole(backOfficeSections.orders, packingSlipPath(number));
  const staffOrder = await findOrderForStaff(await getDb(), number);
  if (!staffOrder) notFound();
  return <PackingSlip order={staffOrder.order} />;
}
