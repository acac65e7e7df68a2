import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { SignInForm } from "@/components/auth/SignInForm";

export const metadata: Metadata = {
  title: "Sign in",
  description: "Sign in to your Kijani Threads account to check out faster and follow your orders.",
  alternates: { canonical: "/login" },
};

export default function LoginPage() {
  return (
    <AuthLayout title="Welcome Back" intro="Sign in to continue to the shop.">
      <SignInForm />
    </AuthLayout>
  );
}
