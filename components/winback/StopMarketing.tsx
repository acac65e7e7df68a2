import { SubmitButton } from "@/components/ui/SubmitButton";
import { FormMessage } from "@/components/ui/FormMessage";
import { consentCopy } from "@/lib/winback/consent-copy";
import { stopMarketingAction } from "./actions";

/** A marketing message's stop link: one button (a plain form, so no script is needed), then its confirmation. */
export function StopMarketing({ id, token, withdrawn }: { id: string; token: string; withdrawn: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">{consentCopy.stopTitle}</h1>
      {withdrawn ? (
        <FormMessage ok message={consentCopy.stopped} />
      ) : (
        <form action={stopMarketingAction} className="flex flex-col gap-4">
          <p className="text-stone-700">{consentCopy.stopIntro}</p>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton className="self-start" pendingText={consentCopy.stopping}>
            {consentCopy.stopButton}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
