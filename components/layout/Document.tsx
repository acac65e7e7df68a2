import type { ReactNode } from "react";

/** The page's <html> and <body>: the root layout's, and the global 404's, which renders without it. */
export function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans">{children}</body>
    </html>
  );
}
