import { describe, expect, it } from "vitest";
import { orderStatuses } from "@/lib/db/values";
import { guestOrderHelp } from "./order-link";
import { payOnArrival, paymentLine, paymentMethodsSummary } from "./payment-copy";
import { orderStepDone, orderStepLabel } from "./staff-labels";
import { pickupDirections, statusCopyOf } from "./status-copy";
import { THANKS_MS, nextOrderStatuses, orderHeading, orderStatusLabel } from "./status";

// The words an order carries must be true of the shop's set-up and of the order itself.

describe("payment words follow what is set up", () => {
  it("promises M-Pesa at checkout only when M-Pesa is set up", () => {
    expect(paymentMethodsSummary(true)).toMatch(/^Pay by M-Pesa when you order/);
    expect(paymentMethodsSummary(false)).not.toMatch(/when you order,|PIN/);
    expect(paymentMethodsSummary(false)).toMatch(/^Pay on delivery/);
    for (const mpesa of [true, false]) expect(paymentMethodsSummary(mpesa)).toContain("pickup point");
  });

  it("tells a pickup order to pay at the point, never the rider", () => {
    expect(payOnArrival.pickup.note).toContain("pickup point");
    expect(Object.values(payOnArrival.pickup).join(" ")).not.toMatch(/rider|deliver/i);
    // Where the owner offers it, a courier's county pays on delivery too: the note promises no rider.
    expect(payOnArrival.delivery.note).not.toMatch(/rider/i);
    const unpaid = { method: "pay_on_delivery", status: "pending", amount: 1_500, receipt: null } as const;
    expect(paymentLine(unpaid, "pickup")).toBe(`${payOnArrival.pickup.label}. ${payOnArrival.pickup.note}`);
    expect(paymentLine(unpaid, "delivery")).toBe(`${payOnArrival.delivery.label}. ${payOnArrival.delivery.note}`);
  });
});

describe("every order status has its own sentence", () => {
  it("tells staff each step in words of its own, never 'is now' with a label", () => {
    const sentences = orderStatuses.map((status) => orderStepDone("KT-7F3K9QM", status));
    expect(new Set(sentences).size).toBe(orderStatuses.length);
    for (const sentence of sentences) expect(sentence).not.toMatch(/is now|delivery failed|returned to shop/i);
    expect(orderStepDone("KT-7F3K9QM", "delivery_failed")).toBe("Order KT-7F3K9QM could not be delivered.");
  });

  it("names a pickup order's steps, labels and sentences by collection, never delivery", () => {
    const sentences = orderStatuses.map((status) => orderStepDone("KT-7F3K9QM", status, "pickup"));
    expect(new Set(sentences).size).toBe(orderStatuses.length);
    const labels = orderStatuses.map((status) => orderStatusLabel("pickup", status));
    expect(new Set(labels).size).toBe(orderStatuses.length);
    for (const status of ["dispatched", "ready_for_pickup", "delivered", "delivery_failed"] as const) {
      const words = [orderStepDone("KT-7F3K9QM", status, "pickup"), orderStatusLabel("pickup", status)];
      if (status !== "dispatched") words.push(orderStepLabel("ready_for_pickup", status, "pickup"));
      expect(words.join(" ")).not.toMatch(/deliver|rider/i);
    }
    expect(orderStatusLabel("pickup", "delivered")).toBe("Collected");
    expect(orderStepLabel("ready_for_pickup", "delivered", "pickup")).toBe("Mark as collected");
    expect(orderStepLabel("dispatched", "delivered")).toBe("Mark as delivered");
  });

  it("lets only a pickup order wait at its point, and collects it only from there", () => {
    expect(nextOrderStatuses("pickup", "dispatched")).toEqual(["ready_for_pickup", "delivery_failed"]);
    expect(nextOrderStatuses("pickup", "ready_for_pickup")).toEqual(["delivered", "delivery_failed"]);
    for (const status of orderStatuses) {
      expect(nextOrderStatuses("delivery", status)).not.toContain("ready_for_pickup");
      if (status !== "ready_for_pickup") expect(nextOrderStatuses("pickup", status)).not.toContain("delivered");
    }
  });
});

describe("a ready pickup order's directions", () => {
  const place = { name: "Kijani Threads studio", address: "Kimathi Street, Nairobi", hours: "Monday to Saturday, 08:00–18:00" };

  it("say where, when it is open, what to bring, and how to pay there only when still unpaid", () => {
    const unpaid = pickupDirections(place, true);
    for (const part of [place.name, place.address, place.hours, "order number", "cash or by M-Pesa"])
      expect(unpaid).toContain(part);
    expect(pickupDirections(place, false)).toContain("paid already");
    expect(pickupDirections(place, false)).not.toMatch(/cash/);
  });
});

describe("the order page's sentence for its status", () => {
  it("is its own for every status, and a parcel no longer coming never reads as coming", () => {
    for (const fulfilment of ["delivery", "pickup"] as const) {
      const bodies = orderStatuses.map((status) => statusCopyOf(fulfilment, status).body);
      expect(new Set(bodies).size).toBe(orderStatuses.length);
    }
    expect(statusCopyOf("delivery", "returned").body).not.toMatch(/on its way|will call|brings/);
    expect(statusCopyOf("pickup", "delivered").body).toMatch(/collected/);
  });
});

describe("the order page's heading and a guest's help", () => {
  const placedAt = new Date("2026-11-27T08:00:00Z");
  const later = (ms: number) => new Date(placedAt.getTime() + ms);

  it("thanks the buyer just after placing only, and never once cancelled", () => {
    expect(orderHeading({ status: "placed", createdAt: placedAt }, later(60_000))).toBe("Thank you for your order");
    expect(orderHeading({ status: "confirmed", createdAt: placedAt }, later(60_000))).toBe("Thank you for your order");
    expect(orderHeading({ status: "placed", createdAt: placedAt }, later(THANKS_MS))).toBe("Your order");
    expect(orderHeading({ status: "cancelled", createdAt: placedAt }, later(60_000))).toBe("Your order");
  });

  it("names the message that really links to the order: the e-mail, else the text", () => {
    expect(guestOrderHelp.before({ delivery: { email: "a@example.com" }, smsUpdates: true })).toContain("The e-mail we sent");
    const phoneOnly = guestOrderHelp.before({ delivery: { email: "" }, smsUpdates: true });
    expect(phoneOnly).toContain("The text message we sent");
    expect(phoneOnly).not.toMatch(/e-mail/);
    expect(guestOrderHelp.before({ delivery: { email: "" }, smsUpdates: false })).toBe("Keep your order number. Or use");
  });
});
