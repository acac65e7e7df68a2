// How the shop's goods are described to KRA. The item classes are KRA's (UNSPSC-based) codes for
// the shop's three kinds of goods and for delivery; check them against selectItemClsList for the
// shop's own account before going live.

/** What eTIMS knows an item by: its code, class, units and type. */
export type TaxItem = {
  itemCode: string;
  classCode: string;
  /** 1 raw material, 2 finished product, 3 service. */
  itemTypeCode: "2" | "3";
  packagingUnitCode: string;
  quantityUnitCode: string;
};

const itemClasses = {
  tshirts: "5310300100",
  hoodies: "5310180000",
  trashbags: "4712170100",
  delivery: "7810220300",
} as const;

type ItemKind = keyof typeof itemClasses;

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

/** The kind of goods a product of a category is (an unknown category sells as t-shirts do). */
export const goodsKindOf = (category: string): Exclude<ItemKind, "delivery"> =>
  category === "hoodies" || category === "trashbags" ? category : "tshirts";
