import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { AuthPrompt } from "@/components/auth/AuthPrompt";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Forgot password",
  description: "Get an e-mail with a link to choose a new password for your Kijani Threads account.",
  path: "/forgot-password",
});

export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password?" intro="Enter your account's email and we'll send you a link to choose a new one.">
      <ForgotPasswordForm />
      <AuthPrompt question="Remembered it?" href="/login" action="Log In" />
    </AuthLayout>
  );
}
