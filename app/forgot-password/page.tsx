import type { Metadata } from "next";
import Link from "next/link";
import { AuthLayout } from "@/components/auth/AuthLayout";
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
      <p className="text-center text-sm text-gray-700">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-green-900 underline">
          Log In
        </Link>
      </p>
    </AuthLayout>
  );
}
