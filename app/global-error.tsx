"use client";

import { PageError } from "@/components/ui/PageError";
import "./globals.css";

/**
 * The last resort, when the root layout itself failed: it replaces that layout, so it draws its own
 * document. Its JavaScript ships with every page, so it stays this small: no shop name, no next/link.
 */
export default function GlobalError({ retry }: { retry: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans">
        <title>Something went wrong</title>
        <main id="main" className="flex-1">
          <PageError retry={retry} />
        </main>
      </body>
    </html>
  );
}
