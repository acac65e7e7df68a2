"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { serverMessages, tooManyAttempts } from "@/lib/auth/account-rules";
import { clientAddress } from "@/lib/auth/form-values";
import { passwordCheckSucceeded, reservePasswordCheck } from "@/lib/auth/password-guard";
import { getDb } from "@/lib/db";
import { normaliseCode, qrCodeOf, totpSecretOf } from "@/lib/auth/two-factor";
import { getAuth } from "@/lib/server/auth";
import { requireUser } from "@/lib/server/session";
import { backOfficeSections, twoFactorSetupPath } from "@/lib/admin/sections";

/** The setup's answer: the new secret (QR code and text) and the backup codes, shown once; or an error. */
export type TwoFactorSetupState = {
  error?: string;
  setup?: { qr: { size: number; path: string }; secret: string; backupCodes: string[] };
};

/** Step 1: the password again, then a new TOTP secret and backup codes (not active until step 2). */
export async function startTwoFactorSetup(_previous: TwoFactorSetupState, formData: FormData): Promise<TwoFactorSetupState> {
  const user = await requireStaffWithoutSecondFactor();
  const password = formData.get("password");
  if (typeof password !== "string" || password === "") return { error: "Enter your password." };
  // The password is checked like a sign-in's, against the same budget.
  const requestHeaders = await headers();
  const db = await getDb();
  const address = clientAddress(requestHeaders);
  const wait = await reservePasswordCheck(db, user.email, address);
  if (wait) return { error: tooManyAttempts(wait) };
  const auth = await getAuth();
  let enabled: Awaited<ReturnType<typeof auth.api.enableTwoFactor>>;
  try {
    enabled = await auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: requestHeaders });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { error: serverMessages.currentPasswordWrong };
  }
  await passwordCheckSucceeded(db, user.email, address);
  if (enabled.method !== "totp") throw new Error("Better Auth set up a second factor other than TOTP");
  return { setup: { qr: qrCodeOf(enabled.totpURI), secret: totpSecretOf(enabled.totpURI), backupCodes: enabled.backupCodes } };
}

/** Step 2: the first code from the app proves it is set up; the second factor is on from then. */
export async function confirmTwoFactorSetup(previous: TwoFactorSetupState, formData: FormData): Promise<TwoFactorSetupState> {
  await requireStaffWithoutSecondFactor();
  const code = normaliseCode(formData.get("code"));
  if (code?.kind !== "totp") return { ...previous, error: serverMessages.codeMalformed };
  const auth = await getAuth();
  try {
    await auth.api.verifyTOTP({ body: { code: code.code }, headers: await headers() });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ...previous, error: serverMessages.codeWrong };
  }
  redirect(backOfficeSections.dashboard.path);
}

async function requireStaffWithoutSecondFactor() {
  const user = await requireUser(twoFactorSetupPath);
  if (user.roles.length === 0) redirect("/");
  if (user.twoFactorEnabled) redirect(backOfficeSections.dashboard.path);
  return user;
}
