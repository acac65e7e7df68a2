import type { Metadata } from "next";
import { ShopLink } from "@/components/ui/ShopLink";
import { PasswordForm } from "@/components/account/PasswordForm";
import { ProfileForm } from "@/components/account/ProfileForm";
import { MarketingConsentForm } from "@/components/account/MarketingConsentForm";
import { SmsPreferenceForm } from "@/components/account/SmsPreferenceForm";
import { findSmsPreference } from "@/lib/orders/order-texts";
import { getDb } from "@/lib/server/database";
import { requireUser } from "@/lib/server/session";
import { smsEnabled } from "@/lib/sms/client";
import { hasConsent } from "@/lib/winback/consents";
import { contactsOf } from "@/lib/winback/contact";

export const metadata: Metadata = {
  title: "My account",
  description: "Your Kijani Threads account: your details and your password.",
  robots: { index: false },
};

export default async function AccountPage() {
  const user = await requireUser("/account");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">My account</h1>
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
          <dd data-testid="account-email" className="break-words">
            {user.email}
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
          <SmsPreferenceForm on={await findSmsPreference(await getDb(), user.id)} />
        </section>
      )}
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <MarketingConsentForm
          on={await hasConsent(
            await getDb(),
            contactsOf(user).map(({ contact }) => contact),
          )}
        />
      </section>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <PasswordForm />
      </section>
    </div>
  );
}
