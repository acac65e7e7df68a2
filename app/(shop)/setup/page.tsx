import type { Metadata } from "next";
import * as z from "zod/mini";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { SignUpForm } from "@/components/auth/SignUpForm";
import { FormMessage } from "@/components/ui/FormMessage";
import { ShopLink } from "@/components/ui/ShopLink";
import { getDb } from "@/lib/server/database";
import { firstAdminToken } from "@/lib/server/first-admin";
import { checkSetupToken, setupMessages } from "@/lib/staff/first-admin";

export const metadata: Metadata = { title: "Set up the shop", robots: { index: false } };

/** ?token= as the printed link carries it; anything else is an empty (wrong) token. */
const searchSchema = z.object({ token: z.catch(z.string(), "") });

/** The first admin's account, from the setup link the server prints while the shop has no admin. */
export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = searchSchema.parse(await searchParams);
  const check = await checkSetupToken(await getDb(), { presented: token, expected: firstAdminToken() });
  return (
    <AuthLayout
      title="Set up the shop"
      intro="Create the admin's account: it runs the back office. Next you set up a second factor for it."
    >
      {check.ok ? (
        <SignUpForm setupToken={token} />
      ) : (
        <FormMessage message={setupMessages[check.reason]}>
          {" "}
          <ShopLink href="/login" prefetch={false} className="font-semibold underline">
            Sign in
          </ShopLink>
        </FormMessage>
      )}
    </AuthLayout>
  );
}
