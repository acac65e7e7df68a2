import type { Metadata } from "next";
import { FormMessage } from "@/components/ui/FormMessage";
import { ShopLink } from "@/components/ui/ShopLink";
import { addressMessages } from "@/lib/auth/verify-mail";
import { PasswordForm } from "@/components/account/PasswordForm";
import { ProfileForm } from "@/components/account/ProfileForm";
import { updateMarketingConsent, updateSmsPreference, updateWhatsappPreference } from "@/components/account/actions";
import { PreferenceForm } from "@/components/account/PreferenceForm";
import { consentCopy } from "@/lib/winback/consent-copy";
import { smsLabels } from "@/lib/orders/sms-labels";
import { findSmsPreference, findWhatsappPreference } from "@/lib/orders/order-texts";
import { getDb } from "@/lib/server/database";
import { requireUser } from "@/lib/server/session";
import { smsEnabled } from "@/lib/sms/client";
import { whatsappEnabled } from "@/lib/whatsapp/client";
import { whatsappChoiceCopy } from "@/lib/whatsapp/choice-copy";
import { hasConsent, provenContacts } from "@/lib/winback/consents";

export const metadata: Metadata = {
  title: "My account",
  description: "Your Kijani Threads account: your details and your password.",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountPage({ searchParams }: Props) {
  const [user, query] = await Promise.all([requireUser("/account"), searchParams]);
  // Landed from the verification link (lib/auth/verify-mail.ts): Better Auth adds ?error= when it failed.
  const confirmation = query.confirmed === undefined ? undefined : query.error === undefined ? "confirmed" : "linkFailed";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">My account</h1>
      {confirmation && <FormMessage message={addressMessages[confirmation]} ok={confirmation === "confirmed"} />}
      <ShopLink href="/account/orders" className="self-start font-medium text-green-800 underline">
        My orders
      </ShopLink>
      <section aria-labelledby="details-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h2 id="details-title" className="text-lg font-semibold text-stone-900">
          Your details
        </h2>
        <dl className="mt-3 grid gap-2 text-stone-900 sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-stone-700">Name</dt>
          <dd data-testid="account-name" className="break-words">{`${user.firstName} ${user.lastName}`}</dd>
          <dt className="font-medium text-stone-700">Email</dt>
          <dd className="break-words">
            <span data-testid="account-email">{user.email}</span>
            {!user.emailVerified && <span className="block text-sm text-stone-700">{addressMessages.unconfirmed}</span>}
          </dd>
          <dt className="font-medium text-stone-700">Phone</dt>
          <dd data-testid="account-phone" className="break-words">
            {user.phone}
          </dd>
        </dl>
      </section>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <ProfileForm profile={{ firstname: user.firstName, lastname: user.lastName, phone: user.phone }} />
      </section>
      {smsEnabled() && (
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <PreferenceForm
            save={updateSmsPreference}
            name="smsUpdates"
            title={smsLabels.orderTitle}
            label={smsLabels.account}
            hint={smsLabels.accountHint}
            on={await findSmsPreference(await getDb(), user.id)}
          />
        </section>
      )}
      {whatsappEnabled() && (
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <PreferenceForm
            save={updateWhatsappPreference}
            name="whatsappUpdates"
            title={whatsappChoiceCopy.accountTitle}
            label={whatsappChoiceCopy.label}
            hint={whatsappChoiceCopy.accountHint}
            on={await findWhatsappPreference(await getDb(), user.id)}
          />
        </section>
      )}
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <PreferenceForm
          save={updateMarketingConsent}
          name="marketingConsent"
          title={consentCopy.accountTitle}
          label={consentCopy.account}
          hint={consentCopy.accountHint}
          on={await hasConsent(
            await getDb(),
            (await provenContacts(await getDb(), user)).map(({ contact }) => contact),
          )}
        />
      </section>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <PasswordForm />
      </section>
    </div>
  );
}
