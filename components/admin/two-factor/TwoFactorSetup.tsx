"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SubmitButton } from "@/components/ui/SubmitButton";
import { initialFormState, startingFormState } from "@/components/ui/form-state";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "./actions";

/** Setting up the second factor: password, then the QR code, the secret as text and the backup codes (shown once), then a first code. */
export function TwoFactorSetup() {
  const [started, start] = useActionState(startTwoFactorSetup, startingFormState());
  const [confirmed, confirm] = useActionState(confirmTwoFactorSetup, initialFormState);
  const setup = started.data;

  if (!setup) {
    return (
      <form action={start} className="flex max-w-sm flex-col gap-3">
        <FormMessage message={started.message} />
        <Field name="password" label="Your password" type="password" autoComplete="current-password" />
        <SubmitButton pendingText="Preparing…">Set up my second factor</SubmitButton>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="scan-title" className="space-y-3">
        <h2 id="scan-title" className="text-lg font-semibold">
          1. Add the shop to your authenticator app
        </h2>
        <svg
          role="img"
          aria-label="QR code for your authenticator app"
          viewBox={`-4 -4 ${setup.qr.size + 8} ${setup.qr.size + 8}`}
          className="h-52 w-52 bg-white"
          shapeRendering="crispEdges"
        >
          <path d={setup.qr.path} fill="#000" />
        </svg>
        <p>
          Or type this key into the app:{" "}
          <code data-testid="totp-secret" className="font-mono text-base font-semibold">
            {setup.secret}
          </code>
        </p>
      </section>
      <section aria-labelledby="backup-title" className="space-y-2">
        <h2 id="backup-title" className="text-lg font-semibold">
          2. Keep these backup codes somewhere safe
        </h2>
        <p className="text-stone-700">Each works once if you lose your phone. They are shown only now.</p>
        <ul data-testid="backup-codes" className="grid max-w-sm grid-cols-2 gap-1 font-mono">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </section>
      <form action={confirm} className="flex max-w-sm flex-col gap-3">
        <h2 className="text-lg font-semibold">3. Enter the code the app shows</h2>
        <FormMessage message={confirmed.message} />
        <Field name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" />
        <SubmitButton pendingText="Checking…">Turn on my second factor</SubmitButton>
      </form>
    </div>
  );
}
