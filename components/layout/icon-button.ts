/** Shared look of the header's round icon links and buttons (44 px touch targets). */
export const iconButtonClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-green-800";
