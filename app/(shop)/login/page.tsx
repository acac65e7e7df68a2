import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { AuthPrompt } from "@/components/auth/AuthPrompt";
import { SignInForm } from "@/components/auth/SignInForm";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
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
      {/* The header's account icon leads guests here: an order placed without an account is found by its number. */}
      <AuthPrompt question="Ordered without an account?" href={findOrderPath} action={findOrderTitle} />
    </AuthLayout>
  );
}
