"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { formAnswer, type FormState } from "@/components/ui/form-state";
import { clientAddress } from "@/lib/auth/form-values";
import { parseId } from "@/lib/core/ids";
import { smsEnabled } from "@/lib/sms/client";
import { requestBackInStock } from "@/lib/stock/back-in-stock";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import { parseContact } from "@/lib/winback/contact";
import { CONTACT_MAX_LENGTH } from "@/lib/winback/contact-rules";
import { consentStopPath, stopByLink } from "@/lib/winback/consents";
import { cartOwnerForWrite } from "@/lib/server/cart-owner";
import { getDb } from "@/lib/server/database";
import { reminderLinkPath, restoreCart } from "@/lib/winback/checkout-reminders";

/** The stop page's button: withdraws the link's consent at once, without signing in, then shows the page again. */
export async function stopMarketingAction(formData: FormData): Promise<void> {
  const id = formData.get("id");
  const token = formData.get("token");
  const stopped = await stopByLink(await getDb(), id, token);
  if (stopped.ok) redirect(`${consentStopPath}/${id}/${token}`);
}

/**
 * A reminder's page's button: puts the lines the reminder named into this browser's cart and opens
 * it. A POST from the shop's own page (Next.js checks the action's origin), so another site cannot
 * fill a visitor's cart; a wrong or expired link shows its page again, with its message.
 */
export async function resumeCartAction(formData: FormData): Promise<void> {
  const id = formData.get("id");
  const token = formData.get("token");
  const restored = await restoreCart(await getDb(), { id, token, owner: await cartOwnerForWrite() });
  redirect(restored.ok ? "/cart" : `${reminderLinkPath}/${id}/${token}`);
}

/** 'Tell me when it's back': the variant and phone or e-mail address as posted, checked here. */
export async function requestBackInStockAction(previous: FormState, formData: FormData): Promise<FormState> {
  const typed = formData.get("contact");
  const values = {
    contact: typeof typed === "string" ? typed.slice(0, CONTACT_MAX_LENGTH) : "",
    variantId: String(formData.get("variantId")),
  };
  const contact = parseContact(typed);
  if (!contact || (contact.channel === "sms" && !smsEnabled())) {
    const error = smsEnabled() ? backInStockCopy.invalidContact : backInStockCopy.invalidEmail;
    return formAnswer(previous, { errors: { contact: error }, values });
  }
  const variantId = parseId(formData.get("variantId"));
  if (variantId === null) return formAnswer(previous, { ok: false, message: backInStockCopy.unknownVariant, values });
  const result = await requestBackInStock(await getDb(), { variantId, contact, clientAddress: clientAddress(await headers()) });
  if (!result.ok) return formAnswer(previous, { ok: false, message: result.error, values });
  return formAnswer(previous, { ok: true, message: backInStockCopy.saved });
}
