import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { TwoFactorForm } from "@/components/auth/TwoFactorForm";

export const metadata: Metadata = { title: "Verify it's you", robots: { index: false } };

export default function TwoFactorSignInPage() {
  return (
    <AuthLayout title="Verify it's you" intro="Your account has a second factor. Enter the code your authenticator app shows.">
      <TwoFactorForm />
    </AuthLayout>
  );
}
