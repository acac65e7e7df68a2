import type { ReactNode } from "react";
import { AccountMenu } from "@/components/auth/AccountMenu";
import { Logo } from "@/components/layout/Logo";
import "./globals.css";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="bg-gray-50">
        {/* Stand-in header until the storefront's header is merged: it renders <AccountMenu />. */}
        <header className="flex items-center justify-between border-b border-gray-200 bg-white px-4 py-2">
          <Logo />
          <AccountMenu />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
