import { describe, expect, it } from "vitest";
import { isKraPin, kraPinMessage, normaliseKraPin, optionalKraPinSchema } from "./kra-pin";

describe("KRA PIN", () => {
  it.each(["P051234567X", "a123456789z", "  p051234567x  "])("accepts %j", (typed) => {
    expect(isKraPin(typed)).toBe(true);
    expect(optionalKraPinSchema.parse(typed)).toBe(normaliseKraPin(typed));
  });

  it("writes a PIN upper-cased and trimmed", () => {
    expect(optionalKraPinSchema.parse(" p051234567x ")).toBe("P051234567X");
  });

  it.each([
    "P05123456X",
    "P0512345678X",
    "1051234567X",
    "P051234567",
    "P05123 4567X",
    "P05123456７X",
    "PP51234567X",
    "P051234567X;",
  ])("refuses %j with the message", (typed) => {
    expect(isKraPin(typed)).toBe(false);
    const result = optionalKraPinSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(kraPinMessage);
  });

  it.each(["", "   ", undefined, null, 42])("reads %j as no PIN", (typed) => {
    expect(optionalKraPinSchema.parse(typed)).toBeNull();
  });
});
