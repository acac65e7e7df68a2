import { createElement } from "react";
import type { IconNode } from "lucide";

/**
 * A Lucide icon drawn by a server component (`<Icon icon={Bell} />`, with `Bell` from "lucide"):
 * markup only. lucide-react's icons are client components since its v1 (they read a context),
 * so a single one on a page made every shopper download its 1.2 kB renderer. Always decorative:
 * the link or the text beside it carries the meaning.
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
