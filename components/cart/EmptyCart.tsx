import { ShopLink } from "@/components/ui/ShopLink";
import type { Category } from "@/lib/catalog/categories";

/** An empty cart: say so, and lead back to the shop and its shown `categories`. */
export function EmptyCart({ categories }: { categories: Pick<Category, "slug" | "name">[] }) {
  return (
    <div className="mt-6 rounded-lg border border-stone-200 bg-white p-6">
      <p className="text-lg text-stone-900">Your cart is empty.</p>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <ShopLink href="/products" className={linkClass}>
            Shop all products
          </ShopLink>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <ShopLink href={`/categories/${category.slug}`} className={linkClass}>
              {category.name}
            </ShopLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

const linkClass =
  "inline-block rounded-md border border-stone-400 px-4 py-2 font-medium text-green-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800";
