import { describe, expect, it } from "vitest";
import { receiptPayment } from "./payment-copy";

describe("receiptPayment (issue 55: the receipt names the method and the M-Pesa code)", () => {
  it("gives the method and the codes of the payments that paid, in order", () => {
    const payments = [
      { status: "failed", receipt: null },
      { status: "paid", receipt: "TKR4B2X9QZ" },
      { status: "paid", receipt: "TKR4B2X9R0" },
    ] as const;
    expect(receiptPayment({ fulfilment: "delivery", payment: { method: "mpesa" }, payments })).toEqual({
      method: "M-Pesa",
      codes: ["TKR4B2X9QZ", "TKR4B2X9R0"],
    });
  });

  it("names paying on arrival by how the order reaches the buyer, with no code when none was given", () => {
    const payments = [{ status: "paid", receipt: null }] as const;
    expect(receiptPayment({ fulfilment: "pickup", payment: { method: "pay_on_delivery" }, payments })).toEqual({
      method: "Pay at pickup",
      codes: [],
    });
  });
});
