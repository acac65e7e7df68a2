import { ServiceList } from "@/components/admin/settings/ServiceList";
import { backOfficeSections } from "@/lib/admin/sections";
import { findServiceStates } from "@/lib/admin/services";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.settings.label);

export default async function SettingsPage() {
  await requireRole(backOfficeSections.settings);
  const services = await findServiceStates(await getDb());
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <p className="max-w-2xl text-stone-700">
        The outside services the shop uses, and whether each is set up. Their settings, passwords and keys among them, live in the
        server&apos;s environment, never here.
      </p>
      <ServiceList services={services} />
    </div>
  );
}
