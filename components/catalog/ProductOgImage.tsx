import { formatKsh } from "@/lib/catalog/price";
import type { Product } from "@/lib/catalog/queries";
import { site } from "@/lib/site";

export const ogImageSize = { width: 1200, height: 630 };

/**
 * A product's social-media card, drawn for next/og (flexbox only, its bundled font, so it
 * renders offline). Unknown products get the brand card; a product with photos shows its main one
 * (`photo`, a data URL) on the right.
 */
export function ProductOgImage({ product, photo }: { product: Product | null; photo?: string | null }) {
  return (
    <div style={{ display: "flex", width: "100%", height: "100%", background: "#14532d", color: "#f7fee7", padding: 72 }}>
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", flex: 1 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 40 }}>
          <svg width="72" height="72" viewBox="0 0 36 36">
            <circle cx="18" cy="18" r="17" fill="#f7fee7" />
            <path d="M11 24c0-8 5-13 14-14-1 9-6 14-14 14Z" fill="#16a34a" />
          </svg>
          {site.name}
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          {product ? <div style={{ fontSize: 32, color: "#86efac" }}>{product.categoryName}</div> : null}
          <div style={{ fontSize: 72, lineHeight: 1.1 }}>{product?.name ?? site.tagline}</div>
          {product ? <div style={{ fontSize: 48, color: "#fde68a" }}>{formatKsh(product.price)}</div> : null}
        </div>
      </div>
      {photo ? (
        <img src={photo} alt="" width={486} height={486} style={{ alignSelf: "center", objectFit: "cover", borderRadius: 24 }} />
      ) : null}
    </div>
  );
}
