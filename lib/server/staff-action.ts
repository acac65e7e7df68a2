import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { BackOfficeSection } from "@/lib/admin/sections";
import type { ShopUser } from "@/lib/auth/user";
import { requireRole } from "./session";

/**
 * A back-office server action: the section's role is checked before `handler` runs (a layout
 * protects nothing once a form is posted), so no action can forget it. An unexpected error is logged
 * once with the action's name and answered with `failed`, rather than an error page; Next's own
 * signals (redirect, forbidden, not found) pass through.
 */
export function staffAction<Args extends unknown[], Result>(
  name: string,
  section: BackOfficeSection,
  handler: (user: ShopUser, ...args: Args) => Promise<Result>,
  /** The answer after an unexpected error, from the action's first argument (a form's previous state). */
  failed: (first: NoInfer<Args[0]>) => NoInfer<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const user = await requireRole(section);
    try {
      return await handler(user, ...args);
    } catch (error) {
      unstable_rethrow(error);
      console.error(`[${name}]`, error);
      return failed(args[0]);
    }
  };
}
