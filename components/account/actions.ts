"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { getAuth } from "@/lib/server/auth";
import { clientAddress, formValues } from "@/lib/auth/form-values";
import { passwordCheckSucceeded, reservePasswordCheck } from "@/lib/auth/password-guard";
import { deleteResetTokens } from "@/lib/auth/reset-tokens";
import { getDb } from "@/lib/server/database";
import { requireUser } from "@/lib/server/session";
import { serverMessages, tooManyAttempts } from "@/lib/auth/account-rules";
import { validatePasswordChange, validateProfile } from "@/lib/auth/account-schemas";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { setSmsPreference, setWhatsappPreference } from "@/lib/orders/order-texts";
import { whatsappChoiceCopy } from "@/lib/whatsapp/choice-copy";
import { smsLabels } from "@/lib/orders/sms-labels";
import { consentCopy } from "@/lib/winback/consent-copy";
import { giveConsent, provenContacts, withdrawConsent } from "@/lib/winback/consents";

export async function updateProfile(previous: FormState, formData: FormData): Promise<FormState> {
  const requestHeaders = await signedInHeaders();
  const values = formValues(formData, ["firstname", "lastname", "phone"]);
  const errors = validateProfile(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors, values });
  const firstName = values.firstname.trim();
  const lastName = values.lastname.trim();
  const auth = await getAuth();
  await auth.api.updateUser({
    body: { firstName, lastName, phone: values.phone.trim(), name: `${firstName} ${lastName}` },
    headers: requestHeaders,
  });
  return formAnswer(previous, {
    values: { firstname: firstName, lastname: lastName, phone: values.phone.trim() },
    ok: true,
    message: serverMessages.profileSaved,
  });
}

export async function changePassword(previous: FormState, formData: FormData): Promise<FormState> {
  const requestHeaders = await headers();
  const user = await requireUser("/account");
  const values = formValues(formData, ["currentpassword", "password", "confirmpassword"]);
  const errors = validatePasswordChange(values);
  if (Object.keys(errors).length) return formAnswer(previous, { errors });
  // The current password is checked like a sign-in's, against the same budget.
  const db = await getDb();
  const address = clientAddress(requestHeaders);
  const wait = await reservePasswordCheck(db, user.email, address);
  if (wait) return formAnswer(previous, { message: tooManyAttempts(wait) });
  const auth = await getAuth();
  try {
    // Other devices are signed out: whoever knew the old password is locked out.
    await auth.api.changePassword({
      body: { currentPassword: values.currentpassword, newPassword: values.password, revokeOtherSessions: true },
      headers: requestHeaders,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return formAnswer(previous, { errors: { currentpassword: serverMessages.currentPasswordWrong } });
  }
  await passwordCheckSucceeded(db, user.email, address);
  // An older reset link must not change the new password again.
  await deleteResetTokens(db, user.id);
  return formAnswer(previous, { ok: true, message: serverMessages.passwordChanged });
}

/** The request's headers, once it is known to come from a signed-in shopper. */
async function signedInHeaders(): Promise<Headers> {
  const requestHeaders = await headers();
  await requireUser("/account");
  return requestHeaders;
}

/** The account's SMS setting: whether the shopper's next orders start with texts on. */
export async function updateSmsPreference(previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireUser("/account");
  const on = formData.get("smsUpdates") === "on";
  await setSmsPreference(await getDb(), user.id, on);
  return formAnswer(previous, { ok: true, message: smsLabels.accountSaved, values: on ? { smsUpdates: "on" } : {} });
}

/** The account's WhatsApp choice: whether the shopper's next orders' updates go there, recorded with its time and words. */
export async function updateWhatsappPreference(previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireUser("/account");
  const on = formData.get("whatsappUpdates") === "on";
  await setWhatsappPreference(await getDb(), user.id, on);
  return formAnswer(previous, {
    ok: true,
    message: whatsappChoiceCopy.accountSaved,
    values: on ? { whatsappUpdates: "on" } : {},
  });
}

/** The account's marketing consent: given or withdrawn for its phone and e-mail address at once, those it has proven. */
export async function updateMarketingConsent(previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireUser("/account");
  const on = formData.get("marketingConsent") === "on";
  const db = await getDb();
  const contacts = await provenContacts(db, user);
  if (on) await giveConsent(db, contacts, "account");
  else
    await withdrawConsent(
      db,
      contacts.map(({ contact }) => contact),
    );
  return formAnswer(previous, { ok: true, message: consentCopy.accountSaved, values: on ? { marketingConsent: "on" } : {} });
}
