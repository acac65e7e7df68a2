import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogCacheControl } from "@/lib/http/cache-control";
import { startNginx } from "./nginx";
import { freePort } from "./ports";

const hasNginx = spawnSync(process.env.NGINX ?? "/usr/sbin/nginx", ["-v"]).status === 0;

/**
 * The page cache of the cluster's nginx (the deployment's, which deploy-files.test.ts keeps equal) in
 * front of a stand-in for the shop: each answer names its render and echoes the cookies it was
 * rendered for, as a page rendered for a signed-in visitor would show their name.
 */
describe.skipIf(!hasNginx)("the page cache in front of the shop", () => {
  const renders = new Map<string, number>();
  let upstream: Server;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let dir: string;

  beforeAll(async () => {
    upstream = createServer(answer);
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as { port: number };
    dir = mkdtempSync(path.join(tmpdir(), "shop-nginx-"));
    nginx = await startNginx(await freePort(), [`127.0.0.1:${port}`], dir);
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url!, "http://shop");
    const render = (renders.get(url.pathname) ?? 0) + 1;
    renders.set(url.pathname, render);
    const headers: Record<string, string> = { "Content-Type": "text/plain", "Cache-Control": catalogCacheControl };
    if (url.pathname.endsWith("/private")) headers["Cache-Control"] = "private, no-cache, no-store, max-age=0, must-revalidate";
    if (url.pathname.endsWith("/sets-cookie")) headers["Set-Cookie"] = "kt_cart=new; Path=/; HttpOnly";
    if (url.pathname.endsWith("/stale")) headers["x-nextjs-cache"] = "STALE";
    const delay = url.pathname.endsWith("/slow") ? 300 : 0;
    setTimeout(() => response.writeHead(200, headers).end(`render ${render} for [${request.headers.cookie ?? ""}]`), delay);
  }

  const get = async (pathname: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await fetch(`${nginx.url}${pathname}`, { method, headers });
    return { body: await response.text(), cache: response.headers.get("x-cache-status") };
  };

  it("keeps a catalog page for every visitor without a session or a cart, a campaign's too", async () => {
    expect(await get("/products/tee")).toEqual({ body: "render 1 for []", cache: "MISS" });
    expect(await get("/products/tee")).toEqual({ body: "render 1 for []", cache: "HIT" });
    expect(await get("/products/tee", { cookie: "kt_campaign=ABC.1.h.s" })).toEqual({ body: "render 1 for []", cache: "HIT" });
    // The cookie banner's answer and the tags' own cookies after 'Accept': the same page for everyone.
    for (const cookie of ["kt_consent=r.0b6f8f4e", "kt_consent=a.0b6f8f4e; _ga=GA1.1.1.2; _ga_ABC123=GS1.1.2; _fbp=fb.1.2.3"])
      expect(await get("/products/tee", { cookie }), cookie).toEqual({ body: "render 1 for []", cache: "HIT" });
    for (const pathname of [
      "/",
      "/products",
      "/categories/tshirts",
      "/search?q=tee",
      "/sitemap.xml",
      "/feeds/google.xml",
      "/media/a-640.webp",
    ]) {
      await get(pathname);
      expect((await get(pathname)).cache, pathname).toBe("HIT");
    }
  });

  it("never serves or keeps a page asked for with a session, a cart or any other cookie", async () => {
    for (const cookie of [
      "better-auth.session_token=s3cret",
      "__Secure-better-auth.session_token=s3cret",
      "kt_cart=c4rt",
      "kt_campaign=ABC.1.h.s; kt_cart=c4rt",
      "kt_consent=a.0b6f8f4e; _ga=GA1.1.1.2; kt_cart=c4rt",
      "other=1",
    ]) {
      const personal = await get("/categories/personal", { cookie });
      expect(personal).toEqual({ body: expect.stringContaining(cookie), cache: "BYPASS" });
      const anonymous = await get("/categories/personal");
      expect(anonymous.body, cookie).not.toContain(cookie);
    }
  });

  it("never serves or keeps the router's RSC requests", async () => {
    for (const headers of [
      { rsc: "1" },
      { "next-router-state-tree": "%5B%5D" },
      { "next-router-prefetch": "1" },
      { "next-url": "/" },
    ] as Record<string, string>[]) {
      await get("/categories/rsc", headers);
      expect((await get("/categories/rsc", headers)).cache).toBe("BYPASS");
    }
    await get("/categories/rsc?_rsc=abc");
    expect((await get("/categories/rsc?_rsc=abc")).cache).toBe("BYPASS");
    expect((await get("/categories/rsc")).cache).toBe("MISS");
  });

  it("never keeps an answer that sets a cookie, is private, or is the shop's own stale copy", async () => {
    for (const pathname of ["/products/sets-cookie", "/products/private", "/products/stale"]) {
      await get(pathname);
      expect(await get(pathname), pathname).toEqual({ body: "render 2 for []", cache: "MISS" });
    }
  });

  it("never caches what is not the catalog's, nor a post, even when the answer says it may", async () => {
    for (const pathname of [
      "/checkout",
      "/cart",
      "/account",
      "/orders/KT-1",
      "/admin",
      "/api/viewer",
      "/go/ABC",
      "/login",
      "/productsx",
    ]) {
      await get(pathname);
      expect(await get(pathname), pathname).toEqual({ body: "render 2 for []", cache: null });
    }
    await get("/products/posted", {}, "POST");
    expect((await get("/products/posted", {}, "POST")).body).toBe("render 2 for []");
  });

  it("fills a missing page with one request while the others wait for it", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/products/slow")));
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set(["render 1 for []"]));
    expect(renders.get("/products/slow")).toBe(1);
  });
});
