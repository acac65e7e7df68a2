import Link from "next/link";
import { Pagination } from "@/components/admin/Pagination";
import { TableHead } from "@/components/admin/TableHead";
import { cellClass, linkClass, tableClass } from "@/components/admin/styles";
import { buttonStyles } from "@/components/ui/button-styles";
import { controlClass } from "@/components/ui/Field";
import { SelectField } from "@/components/ui/SelectField";
import { categoryName, type Category } from "@/lib/catalog/categories";
import { formatKsh } from "@/lib/catalog/price";
import { productStatusLabels } from "@/lib/catalog/product-input";
import { importPagePath, sheetExportPath } from "@/lib/catalog/sheet-rules";
import {
  newProductPath,
  staffProductPath,
  staffProductsHref,
  type ProductFilters,
  type StaffProductList,
} from "@/lib/catalog/staff-products";
import { productStatuses } from "@/lib/db/values";
import { ProductStatusBadge } from "./ProductStatusBadge";

/** The back office's product list: a GET search form (name, category, status), the table and its pages. */
export function ProductList({
  filters,
  list,
  categories,
  canImport,
}: {
  filters: ProductFilters;
  list: StaffProductList;
  categories: Category[];
  /** Admins may import the catalog from a spreadsheet; every products role may export it. */
  canImport: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products</h1>
        <div className="flex flex-wrap gap-3">
          <a href={sheetExportPath} download className={buttonStyles.secondary}>
            Export CSV
          </a>
          {canImport && (
            <Link href={importPagePath()} className={buttonStyles.secondary}>
              Import CSV
            </Link>
          )}
          <Link href={newProductPath} className={buttonStyles.primary}>
            New product
          </Link>
        </div>
      </div>
      <ProductSearch filters={filters} categories={categories} />
      <p className="text-sm text-stone-700" data-testid="product-count">
        {list.total === 1 ? "1 product" : `${list.total.toLocaleString("en-KE")} products`}
        {list.pageCount > 1 && `, page ${list.page} of ${list.pageCount}`}
      </p>
      <ProductTable rows={list.rows} categories={categories} />
      <Pagination
        label="Pages of products"
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => staffProductsHref({ ...filters, page })}
      />
    </div>
  );
}

function ProductSearch({ filters, categories }: { filters: ProductFilters; categories: Category[] }) {
  return (
    <form
      role="search"
      aria-label="Find products"
      method="get"
      action={staffProductsHref()}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="product-search" className="text-sm font-medium text-stone-900">
          Name
        </label>
        <input id="product-search" name="q" type="search" defaultValue={filters.q} maxLength={80} className={controlClass} />
      </div>
      <SelectField
        id="product-category"
        name="category"
        label="Category"
        defaultValue={filters.category}
        options={[
          { value: "all", label: "All categories" },
          ...categories.map(({ slug, name }) => ({ value: slug, label: name })),
        ]}
      />
      <SelectField
        id="product-status"
        name="status"
        label="Status"
        defaultValue={filters.status}
        options={[
          { value: "all", label: "Any status" },
          ...productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] })),
        ]}
      />
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
    </form>
  );
}

function ProductTable({ rows, categories }: { rows: StaffProductList["rows"]; categories: Category[] }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white px-4 shadow-sm ring-1 ring-stone-200">
      <table className={tableClass}>
        <caption className="sr-only">Products, most recently changed first</caption>
        <TableHead
          columns={["Product", "Category", "From", "Stock", "Variants", "Status"]}
          right={["From", "Stock", "Variants"]}
        />
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6} className="py-6 text-center text-stone-700">
                No products match.
              </td>
            </tr>
          )}
          {rows.map((product) => (
            <tr key={product.id} data-testid="product-row">
              <th scope="row" className={`${cellClass} font-medium`}>
                <Link href={staffProductPath(product.id)} className={linkClass}>
                  {product.name}
                </Link>
              </th>
              <td className={cellClass}>{categoryName(categories, product.category)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right`}>{formatKsh(product.price)}</td>
              <td className={`${cellClass} text-right`}>{product.stock}</td>
              <td className={`${cellClass} text-right`}>{product.variantCount}</td>
              <td className={cellClass}>
                <ProductStatusBadge status={product.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
