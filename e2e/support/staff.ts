import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** The first admin's setup link, as `npm run staff -- setup-link` printed it for scripts/e2e-server.mjs. */
export const setupLink = () => readFileSync(path.resolve(".data", `setup-link-${process.env.PORT ?? 3000}`), "utf8").trim();

/** The saved, signed-in browser state of a role's test account. */
export const staffState = (role: StaffRole) => path.join(authDir, `${role}.json`);

/** Where the setup keeps a role's TOTP secret (as the setup page shows it, base32). */
export const totpSecretFile = (role: StaffRole) => path.join(authDir, `${role}.totp`);

/**
 * A six-digit code for a role's base32 TOTP secret that no test has used yet. The shop accepts
 * each code once, and only codes of steps later than the last one used, so the tests claim steps
 * in order, across workers, by creating a file per step: the current step, or the next one (which
 * the shop also accepts) when the current one is taken, else they wait for the next step.
 */
export async function totpCode(role: StaffRole, secretBase32: string): Promise<string> {
  const otp = createOTP(base32.decode(secretBase32.replace(/\s+/g, "")));
  mkdirSync(authDir, { recursive: true });
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    const step = Math.max(current, lastClaimedStep(role) + 1);
    if (step <= current + 1) {
      try {
        writeFileSync(path.join(authDir, `${role}.step-${step}`), "", { flag: "wx" });
        return otp.hotp(step);
      } catch {
        continue; // Another worker claimed it first.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50));
  }
}

/** A code of a role's test account that no test has used (after the setup has run). */
export async function totpCodeFor(role: StaffRole): Promise<string> {
  return totpCode(role, readFileSync(totpSecretFile(role), "utf8").trim());
}

function lastClaimedStep(role: StaffRole): number {
  const steps = readdirSync(authDir)
    .filter((name) => name.startsWith(`${role}.step-`))
    .map((name) => Number(name.slice(`${role}.step-`.length)));
  return Math.max(0, ...steps);
}
