"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { lazy, Suspense, type ReactNode } from "react";
import { iconButtonClass } from "@/components/layout/icon-button";
import { useViewer } from "@/components/layout/use-viewer";

/**
 * The header's account icon: a link to sign in, or the shopper's initials opening a small menu.
 * The header passes the icon, so its drawing comes with the page rather than in this island's code.
 */
export function AccountMenu({ icon }: { icon: ReactNode }) {
  const user = useViewer()?.user;
  const signIn = (
    <ShopLink href="/login" prefetch="intent" aria-label="Account" className={iconButtonClass}>
      {icon}
    </ShopLink>
  );
  if (!user) return signIn;
  return (
    <Suspense fallback={signIn}>
      <SignedInMenu initials={user.initials} firstName={user.firstName} />
    </Suspense>
  );
}

// Loaded once the visitor turns out to be signed in: guests, most visitors, never download it.
const SignedInMenu = lazy(() => import("./SignedInMenu").then(({ SignedInMenu }) => ({ default: SignedInMenu })));
