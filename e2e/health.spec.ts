import { expect, test } from "@playwright/test";

test("the server is ready with a migrated database", { tag: "@embedded" }, async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
