import { Document } from "@/components/layout/Document";
import { NotFoundPage } from "@/components/layout/NotFoundPage";
import { ShopFrame } from "@/components/layout/ShopFrame";
import "./globals.css";

// Next renders this for a URL that matches no route, without the root layout. Unlike a root
// not-found.tsx, it is not sent along with every page.
export { globalNotFoundMetadata as metadata } from "@/lib/seo";

export default function GlobalNotFound() {
  return (
    <Document>
      <ShopFrame>
        <NotFoundPage />
      </ShopFrame>
    </Document>
  );
}
