import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_REQUEST_BYTES } from "@/lib/photos/rules";
import { POST_BODY_MAX_BYTES, postBodyFit } from "./post-limits";

describe("a POST's body, judged from its headers (proxy.ts)", () => {
  const over = String(POST_BODY_MAX_BYTES + 1);

  it("fits up to a server action's limit anywhere, and without a Content-Length (the body's reader caps it)", () => {
    for (const path of ["/", "/products/hoodie", "/checkout", "/admin/products/3/photos"]) {
      expect(postBodyFit(path, String(POST_BODY_MAX_BYTES)), path).toBe("fits");
      expect(postBodyFit(path, null), path).toBe("fits");
    }
  });

  it("is too large beyond it, except on an upload route, where a session decides", () => {
    for (const path of ["/", "/products/hoodie", "/register", "/reviews", "/admin/products", "/admin/products/3/photos/x"])
      expect(postBodyFit(path, over), path).toBe("too large");
    for (const path of ["/admin/products/3/photos", "/admin/promotions/slides", "/admin/products/import/preview"]) {
      expect(postBodyFit(path, over), path).toBe("upload");
      expect(postBodyFit(path, String(MAX_UPLOAD_REQUEST_BYTES * 2)), path).toBe("upload");
    }
  });

  it("reads a Content-Length that is not a length as too large", () => {
    for (const length of ["abc", "-1", "1e9", "9".repeat(20)]) expect(postBodyFit("/", length), length).toBe("too large");
  });
});
