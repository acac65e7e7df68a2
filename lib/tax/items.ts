// How the shop's goods are described to KRA. The item classes are KRA's (UNSPSC-based) codes for
// the shop's three kinds of goods and for delivery; check them against selectItemClsList for the
// shop's own account before going live. Each category names its goods' class (staff choose it).

import type { TaxClass } from "@/lib/db/values";

/** What eTIMS knows an item by: its code, class, units and type. */
export type TaxItem = {
  itemCode: string;
  classCode: string;
  /** 1 raw material, 2 finished product, 3 service. */
  itemTypeCode: "2" | "3";
  packagingUnitCode: string;
  quantityUnitCode: string;
};

const itemClasses: Record<TaxClass | "delivery", string> = {
  tshirts: "5310300100",
  hoodies: "5310180000",
  trashbags: "4712170100",
  delivery: "7810220300",
};

type ItemKind = keyof typeof itemClasses;

/** The classes as the category form offers them. */
export const taxClassLabels: Record<TaxClass, string> = {
  tshirts: `T-shirts and tops (KRA class ${itemClasses.tshirts})`,
  hoodies: `Hoodies and sweatshirts (KRA class ${itemClasses.hoodies})`,
  trashbags: `Plastic bags (KRA class ${itemClasses.trashbags})`,
};

/**
 * An item's code as KRA builds it: country of origin, item type, packaging unit, quantity unit, then
 * a sequence (the variant's id; 0 for delivery). KE2NTU0000042 is variant 42, made in Kenya.
 */
export function taxItem(kind: ItemKind, sequence: number): TaxItem {
  const itemTypeCode = kind === "delivery" ? "3" : "2";
  const packagingUnitCode = "NT";
  const quantityUnitCode = "U";
  return {
    itemCode: `KE${itemTypeCode}${packagingUnitCode}${quantityUnitCode}${String(sequence).padStart(7, "0")}`,
    classCode: itemClasses[kind],
    itemTypeCode,
    packagingUnitCode,
    quantityUnitCode,
  };
}
