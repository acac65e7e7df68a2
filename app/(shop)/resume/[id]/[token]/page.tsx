import type { Metadata } from "next";
import { FormMessage } from "@/components/ui/FormMessage";
import { ResumeCart } from "@/components/winback/ResumeCart";
import { getDb } from "@/lib/server/database";
import { checkReminderLink } from "@/lib/winback/checkout-reminders";
import { reminderCopy } from "@/lib/winback/reminder-copy";

export const metadata: Metadata = { title: reminderCopy.resumeTitle, robots: { index: false } };

type Props = { params: Promise<{ id: string; token: string }> };

/** An unfinished-checkout reminder's link: a button that restores its cart (a GET changes nothing). */
export default async function ResumePage({ params }: Props) {
  const { id, token } = await params;
  const link = await checkReminderLink(await getDb(), { id, token });
  if (!link.ok) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-8">
        <FormMessage message={link.reason === "expired" ? reminderCopy.expiredLink : reminderCopy.badLink} />
      </div>
    );
  }
  return <ResumeCart id={id} token={token} />;
}
