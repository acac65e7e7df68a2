import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnTo("/account")).toBe("/account");
    expect(safeReturnTo("/search?q=hoodie&category=all")).toBe("/search?q=hoodie&category=all");
    expect(safeReturnTo("/products/glow-in-the-dark-hoodie#reviews")).toBe("/products/glow-in-the-dark-hoodie#reviews");
  });

  it.each([
    "//evil.com",
    "//evil.com/account",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "http://localhost:3000/account",
    "javascript:alert(1)",
    "evil.com",
    "/\tevil.com",
    "/\n/evil.com",
    "",
    "/%0a",
  ])("refuses %j", (value) => {
    const result = safeReturnTo(value);
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    expect(new URL(result, "http://shop.test").origin).toBe("http://shop.test");
    if (value !== "/%0a") expect(result).toBe("/");
  });

  it("refuses what is not a string", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(["/account"])).toBe("/");
  });
});
