import { readFileSync } from "node:fs";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { StaffRole } from "../../lib/auth/roles";
import { PASSWORD } from "./auth";

/**
 * The back office's test accounts, one per role, made by e2e/fixtures/seed.ts before the shop
 * starts. e2e/staff.setup.ts signs each in once, sets up its second factor through the real
 * pages, and saves the browser state that specs reuse with `test.use({ storageState: … })`.
 */
export const staffAccounts: Record<StaffRole, { email: string; password: string; firstName: string }> = {
  admin: { email: "admin@kijanithreads.test", password: PASSWORD, firstName: "Amani" },
  staff: { email: "staff@kijanithreads.test", password: PASSWORD, firstName: "Baraka" },
  marketing: { email: "marketing@kijanithreads.test", password: PASSWORD, firstName: "Chebet" },
};

const authDir = path.resolve(".data", "e2e-auth");

/** The saved, signed-in browser state of a role's test account. */
export const staffState = (role: StaffRole) => path.join(authDir, `${role}.json`);

/** Where the setup keeps a role's TOTP secret (as the setup page shows it, base32). */
export const totpSecretFile = (role: StaffRole) => path.join(authDir, `${role}.totp`);

/** The current six-digit code for a base32 TOTP secret, as an authenticator app shows it. */
export async function totpCode(secretBase32: string): Promise<string> {
  return createOTP(base32.decode(secretBase32.replace(/\s+/g, ""))).totp();
}

/** The current code of a role's test account (after the setup has run). */
export async function totpCodeFor(role: StaffRole): Promise<string> {
  return totpCode(readFileSync(totpSecretFile(role), "utf8").trim());
}
