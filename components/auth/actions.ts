"use server";

import { isAPIError } from "better-auth/api";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { adoptGuestCart } from "@/lib/server/cart-owner";
import { getAuth } from "@/lib/server/auth";
import { clientAddress, formValues } from "@/lib/auth/form-values";
import { safeReturnTo } from "@/lib/auth/return-to";
import { normaliseCode } from "@/lib/auth/two-factor";
import { twoFactorSignInPath } from "@/lib/auth/user";
import { passwordCheckSucceeded, reservePasswordCheck } from "@/lib/auth/password-guard";
import { reserveAttempt, resetMailThrottle, signUpThrottle, throttleKeys } from "@/lib/auth/throttle";
import { cookieDefaults, signedUpCookie } from "@/lib/server/cookies";
import { getDb } from "@/lib/server/database";
import { acceptInvitation } from "@/lib/staff/invitations";
import { checkSetupToken, claimFirstAdmin, setupMessages } from "@/lib/staff/first-admin";
import { firstAdminToken } from "@/lib/server/first-admin";
import { twoFactorSetupPath } from "@/lib/admin/sections";
import { serverMessages, signUpFields, tooManyAttempts } from "@/lib/auth/account-rules";
import { validateEmailOnly, validateNewPassword, validateSignIn, validateSignUp } from "@/lib/auth/account-schemas";
import { formAnswer, type FormState } from "@/components/ui/form-state";

/** Sign-up's answer; `emailTaken` makes the e-mail's message link to sign-in. */
export type SignUpState = FormState<{ emailTaken: true }>;

// Each action re-checks the form's rules with the same messages, so a client that skips the
// browser's checks gets the same errors beside the same fields, and nothing is stored.

export async function signIn(previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["email", "password"]);
  const kept = { email: values.email };
  const errors = validateSignIn(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors, values: kept });

  const requestHeaders = await headers();
  const db = await getDb();
  const address = clientAddress(requestHeaders);
  const wait = await reservePasswordCheck(db, values.email, address);
  if (wait) return formAnswer(previous, { values: kept, message: tooManyAttempts(wait) });

  const auth = await getAuth();
  let signedIn: Awaited<ReturnType<typeof auth.api.signInEmail>> | { twoFactorRedirect: true };
  try {
    signedIn = await auth.api.signInEmail({
      body: { email: values.email, password: values.password, rememberMe: formData.get("rememberMe") === "on" },
      headers: requestHeaders,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return formAnswer(previous, { values: kept, message: serverMessages.invalidCredentials });
  }
  // Only failures count.
  await passwordCheckSucceeded(db, values.email, address);
  const returnTo = returnToOf(formData, requestHeaders);
  // Staff sign in with a second factor: the password alone starts no session.
  if ("twoFactorRedirect" in signedIn && signedIn.twoFactorRedirect) redirect(twoFactorSignInPath(returnTo));
  await adoptGuestCart();
  redirect(returnTo);
}

/** The sign-in's second step: a code from the authenticator app, or a backup code. */
export async function verifySignInCode(previous: FormState, formData: FormData): Promise<FormState> {
  const code = normaliseCode(formData.get("code"));
  if (!code) return formAnswer(previous, { errors: { code: serverMessages.codeMalformed } });
  const requestHeaders = await headers();
  const auth = await getAuth();
  try {
    if (code.kind === "totp") await auth.api.verifyTOTP({ body: { code: code.code }, headers: requestHeaders });
    else await auth.api.verifyBackupCode({ body: { code: code.code }, headers: requestHeaders });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const reason = (error.body as { code?: string } | undefined)?.code;
    if (reason === "INVALID_TWO_FACTOR_COOKIE") return formAnswer(previous, { message: serverMessages.codeExpired });
    if (reason === "ACCOUNT_TEMPORARILY_LOCKED") return formAnswer(previous, { message: serverMessages.codeLocked });
    return formAnswer(previous, { errors: { code: serverMessages.codeWrong } });
  }
  await adoptGuestCart();
  redirect(returnToOf(formData, requestHeaders));
}

export async function signUp(previous: SignUpState, formData: FormData): Promise<SignUpState> {
  const values = formValues(formData, signUpFields);
  const { password: _password, confirmpassword: _confirmation, ...kept } = values;
  const errors = validateSignUp(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors, values: kept });

  const requestHeaders = await headers();
  const db = await getDb();
  const setup = setupOf(formData);
  // From the first admin's setup link (app/(shop)/setup): a stale or wrong link creates nothing.
  const setupCheck = setup && (await checkSetupToken(db, setup));
  if (setupCheck && !setupCheck.ok) return formAnswer(previous, { values: kept, message: setupMessages[setupCheck.reason] });
  const wait = await reserveAttempt(db, throttleKeys(signUpThrottle(), values.email, clientAddress(requestHeaders)));
  if (wait) return formAnswer(previous, { values: kept, message: tooManyAttempts(wait) });
  const auth = await getAuth();
  const firstName = values.firstname.trim();
  const lastName = values.lastname.trim();
  let created: Awaited<ReturnType<typeof auth.api.signUpEmail>>;
  try {
    created = await auth.api.signUpEmail({
      body: {
        name: `${firstName} ${lastName}`,
        email: values.email,
        password: values.password,
        firstName,
        lastName,
        phone: values.phone.trim(),
      },
      headers: requestHeaders,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // Addresses are stored in lower case, so this also catches the same address in other letters.
    const taken = await (await auth.$context).internalAdapter.findUserByEmail(values.email.toLowerCase());
    if (!taken) return formAnswer(previous, { values: kept, message: serverMessages.unexpected });
    return formAnswer(previous, { errors: { email: serverMessages.emailTaken }, values: kept, data: { emailTaken: true } });
  }
  // Wherever the shopper lands next, the header says where the confirmation link went (CheckEmailNotice).
  (await cookies()).set(signedUpCookie.name, "1", { ...cookieDefaults(), maxAge: signedUpCookie.maxAge });
  if (setup) {
    const claimed = await claimFirstAdmin(db, { ...setup, userId: created.user.id });
    // Another setup won the race: this account stays a shopper's, and says why.
    if (!claimed.ok) return formAnswer(previous, { values: kept, message: setupMessages[claimed.reason] });
    redirect(twoFactorSetupPath);
  }
  await adoptGuestCart();
  // From a back-office invitation's link: the role applies, and its owner goes on to set up a second factor.
  const invitation = fromFormOrReferer(formData, requestHeaders, "invitation");
  if (invitation && (await acceptInvitation(db, { token: invitation, userId: created.user.id })).ok) redirect("/admin");
  redirect(returnToOf(formData, requestHeaders));
}

/** Ends the session. The account menu reloads the page afterwards. */
export async function signOut(): Promise<void> {
  const auth = await getAuth();
  await auth.api.signOut({ headers: await headers() });
}

export async function requestPasswordReset(previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["email"]);
  const errors = validateEmailOnly(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors, values });
  const requestHeaders = await headers();
  const db = await getDb();
  // Counted whether or not the account exists, so the limit tells nobody who has one either.
  const keys = throttleKeys(resetMailThrottle, values.email, clientAddress(requestHeaders));
  const wait = await reserveAttempt(db, keys);
  if (wait) return formAnswer(previous, { values, message: tooManyAttempts(wait) });
  const auth = await getAuth();
  // The same answer whether or not the account exists, so the form tells nobody who has one.
  await auth.api.requestPasswordReset({ body: { email: values.email.toLowerCase() }, headers: requestHeaders });
  return formAnswer(previous, { ok: true, message: serverMessages.resetRequested });
}

export async function resetPassword(previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["token", "password", "confirmpassword"]);
  const errors = validateNewPassword(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors });
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token: values.token, newPassword: values.password }, headers: await headers() });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return formAnswer(previous, { message: serverMessages.resetLinkInvalid });
  }
  return formAnswer(previous, { ok: true, message: serverMessages.passwordReset });
}

/** The first admin's setup token the form carries, with the one it must equal; undefined on other sign-ups. */
function setupOf(formData: FormData) {
  const presented = formData.get("setup");
  return typeof presented === "string" && presented ? { presented, expected: firstAdminToken() } : undefined;
}

/** Where to go after signing in: the page's returnTo, only ever a path on this site. */
function returnToOf(formData: FormData, requestHeaders: Headers): string {
  return safeReturnTo(fromFormOrReferer(formData, requestHeaders, "returnTo"));
}

/**
 * A query parameter of the page the form was posted from: the form's hidden field (filled in by
 * the page's script), else the page's address (without JavaScript); "" when there is none.
 */
function fromFormOrReferer(formData: FormData, requestHeaders: Headers, name: string): string {
  const posted = formData.get(name);
  if (typeof posted === "string" && posted) return posted;
  const referer = requestHeaders.get("referer");
  if (!referer) return "";
  try {
    const url = new URL(referer);
    return url.host === requestHeaders.get("host") ? (url.searchParams.get(name) ?? "") : "";
  } catch {
    return "";
  }
}
