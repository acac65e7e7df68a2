import "server-only";
import { authBaseURL } from "@/lib/auth/config";
import type { Database } from "@/lib/db";
import { deriveSecret } from "@/lib/secrets";
import { setupLink } from "@/lib/staff/first-admin";
import { countAdmins } from "@/lib/staff/role-changes";

/** The setup link's token: derived from the shop's secret, so every instance and restart prints the same link. */
export const firstAdminToken = () => deriveSecret("first-admin-setup");

/** The setup link while the shop has no admin; undefined once it has one. */
export async function firstAdminSetupLink(db: Database): Promise<string | undefined> {
  if ((await countAdmins(db)) > 0) return undefined;
  return setupLink(authBaseURL(), firstAdminToken());
}

/** At start: the words that tell the owner where to make the first admin, while there is none. */
export async function announceFirstAdminSetup(db: Database): Promise<void> {
  const link = await firstAdminSetupLink(db);
  if (link)
    console.log(
      `\nThe shop has no admin yet. Create the first admin's account here (the link works until one exists):\n  ${link}\n`,
    );
}
