import { describe, expect, it } from "vitest";
import { fitsOneGsmSms, smsLength } from "./gsm";

describe("SMS length", () => {
  it("counts GSM-7 text one unit a character, 160 to a part and 153 a part when split", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, parts: 1 });
    expect(smsLength("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, parts: 2 });
    expect(smsLength("a".repeat(306)).parts).toBe(2);
    expect(smsLength("a".repeat(307)).parts).toBe(3);
    expect(smsLength("Order KT-1 £5 @ è")).toMatchObject({ encoding: "GSM-7", units: 17 });
  });

  it("counts the extension table's characters twice", () => {
    expect(smsLength("€[]{}")).toEqual({ encoding: "GSM-7", units: 10, parts: 1 });
    expect(smsLength("€".repeat(80)).parts).toBe(1);
    expect(smsLength("€".repeat(81)).parts).toBe(2);
  });

  it("makes a text with any other character UCS-2: 70 to a part, 67 a part when split", () => {
    expect(smsLength("Thanks ’")).toMatchObject({ encoding: "UCS-2", parts: 1 });
    expect(smsLength("é".repeat(69) + "✓").parts).toBe(1);
    expect(smsLength("a".repeat(70) + "✓").parts).toBe(2);
    expect(smsLength("a".repeat(134) + "✓").parts).toBe(3);
    expect(fitsOneGsmSms("Hi 👋")).toBe(false);
    expect(fitsOneGsmSms("a".repeat(160))).toBe(true);
  });
});
