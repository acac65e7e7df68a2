"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { serverMessages, tooManyAttempts } from "@/lib/auth/account-rules";
import { clientAddress } from "@/lib/auth/form-values";
import { passwordCheckSucceeded, reservePasswordCheck } from "@/lib/auth/password-guard";
import { getDb } from "@/lib/server/database";
import { turnOnTotp } from "@/lib/auth/second-factor";
import { normaliseCode, totpSecretOf } from "@/lib/auth/two-factor";
import { qrCodeOf } from "@/lib/core/qr-code";
import { getAuth } from "@/lib/server/auth";
import { requireUser } from "@/lib/server/session";
import { backOfficeSections, twoFactorSetupPath } from "@/lib/admin/sections";

/** The setup's answer: the new secret (QR code and text) and the backup codes, shown once; or an error. */
export type TwoFactorSetupState = FormState<TwoFactorSecret>;
type TwoFactorSecret = { qr: { size: number; path: string }; secret: string; backupCodes: string[] };

/** Step 1: the password again, then a new TOTP secret and backup codes (not active until step 2). */
export async function startTwoFactorSetup(previous: TwoFactorSetupState, formData: FormData): Promise<TwoFactorSetupState> {
  const user = await requireStaffWithoutSecondFactor();
  const password = formData.get("password");
  if (typeof password !== "string" || password === "") return formAnswer(previous, { message: "Enter your password." });
  // The password is checked like a sign-in's, against the same budget.
  const requestHeaders = await headers();
  const db = await getDb();
  const address = clientAddress(requestHeaders);
  const wait = await reservePasswordCheck(db, user.email, address);
  if (wait) return formAnswer(previous, { message: tooManyAttempts(wait) });
  const auth = await getAuth();
  let enabled: Awaited<ReturnType<typeof auth.api.enableTwoFactor>>;
  try {
    enabled = await auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: requestHeaders });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return formAnswer(previous, { message: serverMessages.currentPasswordWrong });
  }
  await passwordCheckSucceeded(db, user.email, address);
  if (enabled.method !== "totp") throw new Error("Better Auth set up a second factor other than TOTP");
  const secret = { qr: qrCodeOf(enabled.totpURI), secret: totpSecretOf(enabled.totpURI), backupCodes: enabled.backupCodes };
  return formAnswer(previous, { data: secret });
}

/** Step 2: the first code from the app proves it is set up; the second factor is on from then. */
export async function confirmTwoFactorSetup(previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireStaffWithoutSecondFactor();
  const code = normaliseCode(formData.get("code"));
  if (code?.kind !== "totp") return formAnswer(previous, { message: serverMessages.codeMalformed });
  const turnedOn = await turnOnTotp(await getDb(), await getAuth(), {
    userId: user.id,
    code: code.code,
    headers: await headers(),
  });
  if (!turnedOn) return formAnswer(previous, { message: serverMessages.codeWrong });
  redirect(backOfficeSections.dashboard.path);
}

async function requireStaffWithoutSecondFactor() {
  const user = await requireUser(twoFactorSetupPath);
  if (user.roles.length === 0) redirect("/");
  if (user.twoFactorEnabled) redirect(backOfficeSections.dashboard.path);
  return user;
}
