import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { SignInForm } from "@/components/auth/SignInForm";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Sign in",
  description: "Sign in to your Kijani Threads account to check out faster and follow your orders.",
  path: "/login",
});

export default function LoginPage() {
  return (
    <AuthLayout title="Welcome Back" intro="Sign in to continue to the shop.">
      <SignInForm />
    </AuthLayout>
  );
}
