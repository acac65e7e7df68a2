import { describe, expect, it } from "vitest";
import { COUNTIES } from "./counties";
import { deliveryEstimate, deliveryQuote, deliveryWindow, feeRange, formatFeeRange } from "./delivery";
import { kraPinMessage } from "@/lib/tax/kra-pin";
import {
  DELIVERY_MAX_LENGTH,
  PHONE_PATTERN,
  deliveryMessages,
  parseCheckout,
  parseDelivery,
  validateCheckout,
  validateDelivery,
  validatePhoneFirstDelivery,
} from "./delivery-details";

const valid = {
  fullName: "Wanjiku Kamau",
  phone: "0712345678",
  email: "wanjiku@example.co.ke",
  county: "Nairobi City",
  town: "Nairobi",
  street: "Kimathi Street, Jubilee House",
  notes: "",
};

describe("counties", () => {
  it("lists Kenya's 47 counties once each, with their official names", () => {
    expect(COUNTIES).toHaveLength(47);
    expect(new Set(COUNTIES).size).toBe(47);
    for (const name of ["Nairobi City", "Mombasa", "Murang'a", "Tharaka-Nithi", "Elgeyo/Marakwet", "Taita/Taveta", "Homa Bay"]) {
      expect(COUNTIES).toContain(name);
    }
  });
});

describe("delivery rates", () => {
  const nairobi = { fee: 200, minDays: 1, maxDays: 2 };
  const kisumu = { fee: 450, minDays: 2, maxDays: 5 };

  it("gives a window of Nairobi calendar dates from the rate's days", () => {
    // 22:30 UTC is already the next day in Nairobi.
    const placedAt = new Date("2026-11-20T22:30:00Z");
    expect(deliveryWindow(nairobi, placedAt)).toEqual({ earliest: "2026-11-22", latest: "2026-11-23" });
    expect(deliveryWindow(kisumu, placedAt)).toEqual({ earliest: "2026-11-23", latest: "2026-11-26" });
  });

  it("says how long delivery takes", () => {
    expect(deliveryEstimate(nairobi)).toBe("Delivered in 1–2 days");
    expect(deliveryEstimate({ fee: 0, minDays: 3, maxDays: 3 })).toBe("Delivered in 3 days");
  });

  it("quotes a rate so that any change of fee or days gives another quote", () => {
    expect(deliveryQuote(nairobi)).toBe("200:1:2");
    const quotes = [nairobi, { ...nairobi, fee: 201 }, { ...nairobi, minDays: 0 }, { ...nairobi, maxDays: 3 }].map(deliveryQuote);
    expect(new Set(quotes).size).toBe(4);
  });

  it("gives the range of fees before a county is chosen", () => {
    expect(feeRange([kisumu, nairobi, kisumu])).toEqual({ lowest: 200, highest: 450 });
    expect(formatFeeRange(feeRange([kisumu, nairobi]))).toBe("KSh 200–KSh 450 by county");
    expect(formatFeeRange(feeRange([kisumu]))).toBe("KSh 450");
  });
});

describe("delivery details", () => {
  it("accepts valid details and cleans them", () => {
    expect(validateDelivery(valid)).toEqual({});
    const result = parseDelivery({ ...valid, fullName: "  Wanjiku Kamau ", notes: " Call at the gate\nThanks " });
    expect(result).toEqual({ ok: true, delivery: { ...valid, phone: "+254712345678", notes: "Call at the gate\nThanks" } });
  });

  it.each(["0712345678", "+254712345678", "254712345678", "0112345678", "0712 345 678", "+254 112 345 678"])(
    "accepts the Kenyan number %s",
    (phone) => {
      expect(validateDelivery({ ...valid, phone })).toEqual({});
      expect(new RegExp(`^(?:${PHONE_PATTERN})$`, "v").test(phone)).toBe(true);
    },
  );

  it("stores every accepted phone number in one form", () => {
    for (const phone of ["0712345678", "+254712345678", "254712345678", "0712 345 678"]) {
      const result = parseDelivery({ ...valid, phone });
      expect(result.ok && result.delivery.phone).toBe("+254712345678");
    }
  });

  it.each(["", "12345", "0812345678", "071234567", "07123456789", "+255712345678", "0712-345-678x", "phone"])(
    "refuses the phone number %j",
    (phone) => {
      expect(validateDelivery({ ...valid, phone })).toEqual({ phone: deliveryMessages.phone });
    },
  );

  it("refuses a bad e-mail with the account forms' message", () => {
    expect(validateDelivery({ ...valid, email: "not-an-email" })).toEqual({ email: "It should be a valid email." });
  });

  it("phone-first (SMS set up) lets the e-mail be left empty, but still refuses a bad one", () => {
    expect(validateDelivery({ ...valid, email: "" })).toEqual({ email: "It should be a valid email." });
    expect(validatePhoneFirstDelivery({ ...valid, email: " " })).toEqual({});
    expect(validatePhoneFirstDelivery({ ...valid, email: "not-an-email" })).toEqual({ email: "It should be a valid email." });
    expect(parseDelivery({ ...valid, email: "" }, { emailOptional: true })).toMatchObject({ ok: true, delivery: { email: "" } });
  });

  it.each(["Nairobi", "nairobi city", "Atlantis", ""])("refuses the county %j", (county) => {
    expect(validateDelivery({ ...valid, county })).toEqual({ county: deliveryMessages.county });
  });

  it("gives one message per missing field, and notes are optional", () => {
    expect(validateDelivery({})).toEqual({
      fullName: deliveryMessages.fullName,
      phone: deliveryMessages.phone,
      email: deliveryMessages.email,
      county: deliveryMessages.county,
      town: deliveryMessages.town,
      street: deliveryMessages.street,
    });
    expect(validateDelivery({ ...valid, fullName: "   ", town: " ", street: "\t" })).toEqual({
      fullName: deliveryMessages.fullName,
      town: deliveryMessages.town,
      street: deliveryMessages.street,
    });
  });

  it("refuses oversized fields, control characters and values that are not text", () => {
    const oversized = Object.fromEntries(Object.entries(DELIVERY_MAX_LENGTH).map(([field, max]) => [field, "a".repeat(max + 1)]));
    expect(Object.keys(validateDelivery(oversized)).sort()).toEqual(Object.keys(DELIVERY_MAX_LENGTH).sort());
    expect(validateDelivery({ ...valid, town: "Nai\u0000robi", notes: "bell\u0007" })).toEqual({
      town: deliveryMessages.town,
      notes: deliveryMessages.notes,
    });
    expect(validateDelivery({ ...valid, fullName: ["a", "b"], town: { toString: () => "x" }, street: 42 })).toEqual({
      fullName: deliveryMessages.fullName,
      town: deliveryMessages.town,
      street: deliveryMessages.street,
    });
    expect(parseDelivery({ ...valid, phone: "nope" })).toEqual({ ok: false, errors: { phone: deliveryMessages.phone } });
  });
});

describe("the checkout's buyer KRA PIN", () => {
  it("is optional, and comes out upper-cased and trimmed", () => {
    expect(parseCheckout(valid)).toMatchObject({ ok: true, buyerPin: null });
    expect(parseCheckout({ ...valid, buyerPin: "  " })).toMatchObject({ ok: true, buyerPin: null });
    const result = parseCheckout({ ...valid, buyerPin: " p051234567x " });
    expect(result).toMatchObject({ ok: true, buyerPin: "P051234567X", contact: { fullName: "Wanjiku Kamau" } });
    expect(result.ok && "buyerPin" in result.contact).toBe(false);
  });

  it("says what a PIN looks like, beside the delivery details' own messages", () => {
    expect(validateCheckout({ ...valid, buyerPin: "P05123X" })).toEqual({ buyerPin: kraPinMessage });
    expect(validateCheckout({ ...valid, phone: "nope", buyerPin: "12345678901" })).toEqual({
      phone: deliveryMessages.phone,
      buyerPin: kraPinMessage,
    });
  });
});
