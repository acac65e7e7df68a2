import { describe, expect, it } from "vitest";
import { isHostilePath } from "./path";

describe("hostile request paths", () => {
  it("are malformed percent-escapes and NUL bytes, encoded or not", () => {
    for (const path of ["/orders/%E0%A4%A", "/products/%", "/products/%ZZ", "/o/x/%C0", "/products/%00", "/a\0b", "/go/%E0%A4%A"])
      expect(isHostilePath(path), path).toBe(true);
  });

  it("leave every path a shopper may send alone, escaped letters included", () => {
    for (const path of [
      "/",
      "/products/maasai-mara-sunrise-tee",
      "/orders/KT-7F3K9QM",
      "/products/caf%C3%A9",
      "/search",
      "/a%20b",
    ])
      expect(isHostilePath(path), path).toBe(false);
  });
});
