import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** The storefront's frame: header, main content, footer. The shop's layout and every 'Not Found' use it. */
export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </>
  );
}
