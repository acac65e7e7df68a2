import { afterEach, describe, expect, it, vi } from "vitest";

/** The rules as a build for `platform` fixes them (next.config.ts sets VERCEL in every bundle). */
async function rulesBuiltFor(vercel: "1" | "") {
  vi.stubEnv("VERCEL", vercel);
  vi.resetModules();
  return import("./rules");
}

afterEach(() => vi.unstubAllEnvs());

describe("the photo cap", () => {
  it("stays 10 MB on a Node host", async () => {
    const rules = await rulesBuiltFor("");
    expect(rules.MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect(rules.photoMessages.tooLarge).toBe("The photo is larger than 10 MB. Export a smaller one and try again.");
  });

  it("is 4 MB on Vercel, with the shop's own message, and the whole request fits under Vercel's 4.5 MB", async () => {
    const rules = await rulesBuiltFor("1");
    expect(rules.MAX_PHOTO_BYTES).toBe(4 * 1024 * 1024);
    expect(rules.photoMessages.tooLarge).toBe("The photo is larger than 4 MB. Export a smaller one and try again.");
    expect(rules.MAX_UPLOAD_REQUEST_BYTES).toBeLessThan(4_500_000);
  });
});
