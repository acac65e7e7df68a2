import { describe, expect, it } from "vitest";
import { clampWholeNumber, parseWholeNumber } from "./whole-number";

describe("parseWholeNumber", () => {
  const limits = { min: 1, max: 999 };

  it.each([
    ["1", 1],
    ["999", 999],
    ["007", 7],
    [42, 42],
  ])("reads %j as %i", (value, expected) => {
    expect(parseWholeNumber(value, limits)).toBe(expected);
  });

  it.each(["0", "1000", "9".repeat(40), "", " 5", "5 ", "+5", "-5", "2.5", "1e3", "0x10", "５", 2.5, NaN, null, undefined, {}])(
    "refuses %j",
    (value) => {
      expect(parseWholeNumber(value, limits)).toBeNull();
    },
  );

  it("takes a sign only when the limits allow a negative number", () => {
    const signed = { min: -10, max: 10 };
    expect(parseWholeNumber("-10", signed)).toBe(-10);
    expect(parseWholeNumber("+3", signed)).toBe(3);
    expect(parseWholeNumber("-11", signed)).toBeNull();
    expect(parseWholeNumber("--1", signed)).toBeNull();
  });
});

describe("clampWholeNumber", () => {
  const limits = { min: 1, max: 50 };

  it.each([
    ["7", 7],
    ["0", 1],
    ["99999999999999999999", 50],
    ["9".repeat(400), 50],
    ["-1", 1],
    ["abc", 1],
    ["2.5", 1],
  ])("reads %j as %i", (value, expected) => {
    expect(clampWholeNumber(value, limits, 1)).toBe(expected);
  });
});
