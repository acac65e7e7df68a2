import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { disabledPaths, isServedPath, servedPaths } from "./endpoints";
import { createAuth, type Auth } from "./index";

let auth: Auth;
beforeAll(() => {
  delete process.env.SMTP_HOST;
});
withTestDb((db: Database) => {
  auth = createAuth(db, {
    baseURL: "http://localhost:3000",
    secret: "unit-test-secret-unit-test-secret-0123456789",
    cookies: { httpOnly: true, sameSite: "lax", secure: false, path: "/" },
  });
});

/** Every path Better Auth's router serves (endpoints without one are callable on the server only). */
const routedPaths = () =>
  Object.values(auth.api)
    .map((endpoint) => (endpoint as { path?: string }).path)
    .filter((path): path is string => typeof path === "string");

describe("Better Auth's endpoints over HTTP", () => {
  it("are each either served on purpose or disabled", () => {
    const known = new Set<string>([...servedPaths, ...disabledPaths]);
    expect(routedPaths().filter((path) => !known.has(path))).toEqual([]);
    expect(servedPaths.filter((path) => (disabledPaths as string[]).includes(path))).toEqual([]);
  });

  it("answer 404 when disabled; the route handler serves only the served ones", async () => {
    for (const path of routedPaths()) {
      const served = (servedPaths as readonly string[]).includes(path);
      const concrete = path.replace(/:\w+/g, "x");
      expect(isServedPath(`/api/auth${concrete}`), path).toBe(served);
      if (served || path.includes(":")) continue;
      const url = `http://localhost:3000/api/auth${path}`;
      const post = await auth.handler(new Request(url, { method: "POST", headers: { origin: "http://localhost:3000" } }));
      const get = await auth.handler(new Request(url));
      expect([post.status, get.status], path).toEqual([404, 404]);
    }
    expect(isServedPath("/api/auth/get-session")).toBe(true);
    expect(isServedPath("/api/auth/verify-password")).toBe(false);
    expect((await auth.handler(new Request("http://localhost:3000/api/auth/get-session"))).status).toBe(200);
  });
});
