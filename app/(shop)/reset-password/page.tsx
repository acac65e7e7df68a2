import type { Metadata } from "next";
import { ShopLink } from "@/components/ui/ShopLink";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";

export const metadata: Metadata = {
  title: "Choose a new password",
  description: "Choose a new password for your Kijani Threads account.",
  // The link carries a one-time token: keep it out of search engines and other sites' logs.
  robots: { index: false },
  referrer: "no-referrer",
};

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <AuthLayout title="Choose a new password" intro="Your new password works from now on; you are signed out everywhere else.">
      {typeof token === "string" && token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="text-stone-800">
          This page needs the link from your e-mail.{" "}
          <ShopLink href="/forgot-password" className="font-semibold text-green-900 underline">
            Ask for a new link
          </ShopLink>
        </p>
      )}
    </AuthLayout>
  );
}
