/** The shop's button looks, one per role, shared by the storefront and the back office. */
const focusRing = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800";

export const buttonStyles = {
  /** The one main action of a form or page. */
  primary: `rounded-md bg-green-800 px-6 py-2.5 font-semibold text-white hover:bg-green-900 disabled:opacity-70 ${focusRing}`,
  /** Secondary actions beside it (update, remove, filter). */
  secondary: `rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 ${focusRing}`,
} as const;
