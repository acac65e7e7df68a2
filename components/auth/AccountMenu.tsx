import Link from "next/link";
import { CircleUserRound } from "lucide-react";
import { iconButtonClass } from "@/components/layout/icon-button";

/** Placeholder until accounts land: signed out, the avatar leads to sign-in. */
export function AccountMenu() {
  return (
    <Link href="/login" aria-label="Account" className={iconButtonClass}>
      <CircleUserRound aria-hidden="true" size={24} />
    </Link>
  );
}
