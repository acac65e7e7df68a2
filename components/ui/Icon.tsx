import { createElement } from "react";
import type { IconNode } from "./icon-data";

/**
 * A lucide-react icon drawn by a server component (`<Icon icon={Bell} />`, with `Bell` from
 * ./icon-data, which `npm run icons` writes from lucide-react): markup only. lucide-react's own
 * components are client components (they read a context), so a single one on a page would make every
 * shopper download its renderer. Always decorative: the link or the text beside it carries the meaning.
 */
export function Icon({ icon, size = 24, className }: { icon: IconNode; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className ? `lucide ${className}` : "lucide"}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
