"use client";

import Link from "next/link";
import { useActionState } from "react";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/FormMessage";
import { initialFormState } from "@/components/ui/form-state";
import type { StaffCategory } from "@/lib/catalog/category-queries";
import { taxClassLabels } from "@/lib/tax/items";
import { categoryRowAction } from "./actions";

/**
 * The categories in the shop's order, each with its buttons: move up or down, hide or show, and
 * delete while it is empty. One form, so its message outlives the row it removed.
 */
export function CategoryTable({ categories, path }: { categories: StaffCategory[]; path: string }) {
  const [state, action, pending] = useActionState(categoryRowAction, initialFormState);
  const button = (verb: string, category: StaffCategory, label: string, text: string) => (
    <button
      type="submit"
      name="do"
      value={`${verb}:${category.id}`}
      disabled={pending}
      aria-label={`${label} ${category.name}`}
      className={buttonStyles.secondary}
    >
      {text}
    </button>
  );
  return (
    <form action={action} className="flex flex-col gap-3">
      <FormMessage message={state.message} ok={state.ok} />
      <table className={tableClass}>
        <caption className="sr-only">Categories in the shop&apos;s order</caption>
        <TableHead
          columns={["Category", "Address", "On tax invoices", "Products", "In the shop", "Actions"]}
          right={["Products"]}
        />
        <tbody>
          {categories.map((category, index) => (
            <tr key={category.id}>
              <td className={cellClass}>
                <Link href={`${path}/${category.id}`} className={linkClass}>
                  {category.name}
                </Link>
              </td>
              <td className={cellClass}>/categories/{category.slug}</td>
              <td className={cellClass}>{taxClassLabels[category.taxClass]}</td>
              <td className={`${cellClass} text-right`}>{category.productCount}</td>
              <td className={cellClass}>{category.hidden ? "Hidden" : "Shown"}</td>
              <td className={`${cellClass} flex flex-wrap gap-2`}>
                {index > 0 && button("up", category, "Move up", "↑ Up")}
                {index < categories.length - 1 && button("down", category, "Move down", "↓ Down")}
                {category.hidden ? button("show", category, "Show", "Show") : button("hide", category, "Hide", "Hide")}
                {category.productCount === 0 ? (
                  button("delete", category, "Delete", "Delete")
                ) : (
                  <span className="self-center text-xs text-stone-700">Holds products: hide it instead of deleting</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
