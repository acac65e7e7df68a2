// A badge stays readable at phone size; the icon's accessible name keeps the exact count.
const MAX_SHOWN = 99;

/** The count on a header icon (cart items, unread notifications); nothing when zero. */
export function CountBadge({ count, colour, testId }: { count: number; colour: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`absolute right-0 top-0 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold leading-none text-white ${colour}`}
    >
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
    </span>
  );
}
