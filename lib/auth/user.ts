import type { StaffRole } from "./roles";

/** The signed-in person as the shop's pages and actions see them; a shopper's `roles` is empty. */
export type ShopUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: StaffRole[];
  twoFactorEnabled: boolean;
  /** Whether they opened the link of their address-verification e-mail. */
  emailVerified: boolean;
};

/** 'Wanjiku Kamau' -> 'WK'. */
export function initials(user: Pick<ShopUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName]
    .map((name) => Array.from(name.trim())[0] ?? "")
    .join("")
    .toUpperCase();
}

/** Where a signed-out visitor signs in, coming back to `returnTo` afterwards. */
export const loginPath = (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`;

/** Where a member of staff enters their second factor after their password, then goes on to `returnTo`. */
export const twoFactorSignInPath = (returnTo: string) => `/login/two-factor?returnTo=${encodeURIComponent(returnTo)}`;
