import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnTo("/account")).toBe("/account");
    expect(safeReturnTo("/search?q=hoodie&category=all")).toBe("/search?q=hoodie&category=all");
    expect(safeReturnTo("/products/glow-in-the-dark-hoodie#reviews")).toBe("/products/glow-in-the-dark-hoodie#reviews");
    expect(safeReturnTo("/search?q=a%2Fb")).toBe("/search?q=a%2Fb");
  });

  it("returns a path in its resolved form", () => {
    expect(safeReturnTo("/a/../account")).toBe("/account");
    expect(safeReturnTo("/./account")).toBe("/account");
  });

  it.each([
    "//evil.com",
    "//evil.com/account",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "https://evil.com",
    "http://localhost:3000/account",
    "javascript:alert(1)",
    "evil.com",
    "/\tevil.com",
    "/\n/evil.com",
    "",
    "/%0a",
    // Forms that pass a check of the raw input but resolve to //evil.example.
    "/.//evil.example",
    "/./ /evil",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/%2e%2e//evil.example",
    "/./\\evil.example",
    // Encoded slashes and backslashes, which a server that decodes them reads as //evil.example.
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%5c%5cevil.example",
    "/%5Cevil.example",
    // Absolute URLs in other spellings.
    "HTTPS://evil.example",
    "/\u0000//evil.example",
  ])("refuses %j", (value) => {
    const result = safeReturnTo(value);
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    expect(new URL(result, "http://shop.test").origin).toBe("http://shop.test");
    if (value !== "/./ /evil") expect(result).toBe("/");
  });

  it("refuses what is not a string", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(["/account"])).toBe("/");
  });
});
