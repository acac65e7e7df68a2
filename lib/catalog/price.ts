const shillings = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

/** Whole Kenyan shillings as the shop shows them: "KSh 2,499". */
export function formatKsh(amount: number): string {
  return `KSh ${shillings.format(amount)}`;
}
