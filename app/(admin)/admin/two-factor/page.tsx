import { notFound, redirect } from "next/navigation";
import { TwoFactorSetup } from "@/components/admin/two-factor/TwoFactorSetup";
import { backOfficeSections, twoFactorSetupPath } from "@/lib/admin/sections";
import { requireUser } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata("Set up your second factor");

/** Everyone with a back-office role sets up a second factor before any other back-office page opens. */
export default async function TwoFactorSetupPage() {
  const user = await requireUser(twoFactorSetupPath);
  if (user.roles.length === 0) notFound();
  if (user.twoFactorEnabled) redirect(backOfficeSections.dashboard.path);
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Set up your second factor</h1>
      <p className="text-stone-700">
        The back office asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, Authy…) each
        time you sign in, on top of your password.
      </p>
      <TwoFactorSetup />
    </main>
  );
}
