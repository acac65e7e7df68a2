import type { Metadata } from "next";
import { FormMessage } from "@/components/ui/FormMessage";
import { StopMarketing } from "@/components/winback/StopMarketing";
import { getDb } from "@/lib/server/database";
import { consentCopy } from "@/lib/winback/consent-copy";
import { findStopLink } from "@/lib/winback/consents";

export const metadata: Metadata = { title: consentCopy.stopTitle, robots: { index: false } };

type Props = { params: Promise<{ id: string; token: string }> };

export default async function StopPage({ params }: Props) {
  const { id, token } = await params;
  const link = await findStopLink(await getDb(), id, token);
  if (!link) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-8">
        <FormMessage message={consentCopy.badLink} />
      </div>
    );
  }
  return <StopMarketing id={id} token={token} withdrawn={link.withdrawn} />;
}
