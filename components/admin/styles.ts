/** The back office's order and dashboard pages share these looks (stone greys, green links, as the shop does). */
export const cardClass = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";
export const sectionTitleClass = "mb-3 text-lg font-semibold text-stone-900";
export const linkClass = "font-medium text-green-800 underline hover:text-green-900";
export const tableClass = "w-full text-left text-sm";
export const headCellClass = "border-b border-stone-300 py-2 pr-4 font-semibold text-stone-900";
export const cellClass = "border-b border-stone-200 py-2 pr-4 align-top";
