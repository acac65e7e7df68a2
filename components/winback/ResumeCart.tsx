import { SubmitButton } from "@/components/ui/SubmitButton";
import { reminderCopy } from "@/lib/winback/reminder-copy";
import { resumeCartAction } from "./actions";

/** A reminder's link: one button (a plain form, so no script is needed) that puts its cart's lines in this browser's cart. */
export function ResumeCart({ id, token }: { id: string; token: string }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">{reminderCopy.resumeTitle}</h1>
      <form action={resumeCartAction} className="flex flex-col gap-4">
        <p className="text-stone-700">{reminderCopy.resumeIntro}</p>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="token" value={token} />
        <SubmitButton className="self-start" pendingText={reminderCopy.resuming}>
          {reminderCopy.resumeButton}
        </SubmitButton>
      </form>
    </div>
  );
}
