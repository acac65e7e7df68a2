import { describe, expect, it } from "vitest";
import { site } from "@/lib/site";
import { shareLinks } from "./share";

describe("share links", () => {
  it("share the canonical URL only, whatever the page's address carried", () => {
    const { url, links } = shareLinks("/products/leaf-tee?utm_campaign=x&cart=abc#reviews", "Leaf Tee");
    expect(url).toBe(`${site.url}/products/leaf-tee`);
    for (const link of links) {
      expect(decodeURIComponent(link.href)).toContain(`${site.url}/products/leaf-tee`);
      expect(decodeURIComponent(link.href)).not.toMatch(/utm_|cart=|#reviews/);
    }
    expect(links.map((link) => new URL(link.href).host)).toEqual(["wa.me", "x.com", "www.facebook.com"]);
  });
});
