import type { StaffRole } from "@/lib/auth/roles";

/**
 * The back office's sections: where each lives, its name in the navigation, and the roles that may
 * open it (an admin may open all). Pages, actions, routes and the navigation all read this.
 */
export const backOfficeSections = {
  dashboard: { path: "/admin", label: "Dashboard", roles: ["staff", "marketing"] },
  orders: { path: "/admin/orders", label: "Orders", roles: ["staff"] },
  returns: { path: "/admin/returns", label: "Returns", roles: ["staff"] },
  // Paybill/Till payments no order claimed (lib/payments/mpesa/c2b.ts); the path avoids 'mpesa' like the C2B routes'.
  unmatchedPayments: { path: "/admin/payments", label: "Unmatched M-Pesa payments", roles: ["staff"] },
  reviews: { path: "/admin/reviews", label: "Reviews", roles: ["staff"] },
  invoices: { path: "/admin/invoices", label: "Invoices", roles: ["staff"] },
  products: { path: "/admin/products", label: "Products", roles: ["staff"] },
  categories: { path: "/admin/categories", label: "Categories", roles: ["admin"] },
  // Product copy, so the same roles as products.
  sizeGuide: { path: "/admin/size-guide", label: "Size guide", roles: ["staff"] },
  promotions: { path: "/admin/promotions", label: "Promotions", roles: ["marketing"] },
  campaigns: { path: "/admin/campaigns", label: "Campaigns", roles: ["marketing"] },
  discounts: { path: "/admin/discounts", label: "Discounts", roles: ["marketing"] },
  staff: { path: "/admin/staff", label: "Staff", roles: ["admin"] },
  delivery: { path: "/admin/delivery", label: "Delivery", roles: ["admin"] },
  shopDetails: { path: "/admin/shop-details", label: "Shop details", roles: ["admin"] },
  notifications: { path: "/admin/notifications", label: "Notifications", roles: ["staff"] },
  settings: { path: "/admin/settings", label: "Settings", roles: ["admin"] },
} as const satisfies Record<string, { path: string; label: string; roles: readonly StaffRole[] }>;

/** The catalog spreadsheet's import: admins only, reached from the products page rather than the navigation. */
export const catalogImportSection = {
  path: "/admin/products/import",
  label: "Import products",
  roles: ["admin"],
} as const satisfies { path: string; label: string; roles: readonly StaffRole[] };

export type BackOfficeSection = (typeof backOfficeSections)[keyof typeof backOfficeSections] | typeof catalogImportSection;

/** Where a member of staff without a second factor sets one up, before any other back-office page. */
export const twoFactorSetupPath = "/admin/two-factor";
