import type { ReactNode } from "react";
import type { SearchQuery } from "@/lib/catalog/search-params";
import { CheckEmailNotice } from "@/components/auth/CheckEmailNotice";
import { Footer } from "./Footer";
import { Header } from "./Header";

/**
 * The storefront's frame: header, main content, footer. The shop's layout, the 'Not Found' pages outside it and
 * the search page (with its query, for the header's form) use it.
 */
export function ShopFrame({ children, search }: { children: ReactNode; search?: SearchQuery }) {
  return (
    <>
      <Header search={search} />
      <CheckEmailNotice />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </>
  );
}
