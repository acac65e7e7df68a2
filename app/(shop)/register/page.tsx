import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/AuthLayout";
import { SignUpForm } from "@/components/auth/SignUpForm";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Create an account",
  description: "Create your Kijani Threads account so your next shop is faster at checkout.",
  path: "/register",
});

export default function RegisterPage() {
  return (
    <AuthLayout title="Welcome to the shop" intro="Sign up so your next shop is faster at checkout.">
      <SignUpForm />
    </AuthLayout>
  );
}
