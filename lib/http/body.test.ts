import { describe, expect, it } from "vitest";
import { readBodyAtMost, withBodyAtMost } from "./body";

/** A POST whose body never ends, counting the bytes handed out: a reader that does not stop hangs. */
function endlessPost() {
  const sent = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent.bytes += 1024;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  const request = new Request("http://shop.test/api/auth/sign-out", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, sent };
}

describe("reading a body up to a limit", () => {
  it("stops reading a body without a length soon after the limit", async () => {
    const { request, sent } = endlessPost();
    expect(await readBodyAtMost(request, 16_384)).toBeNull();
    expect(sent.bytes).toBeLessThan(64 * 1024);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    const request = new Request("http://shop.test/", { method: "POST", body: "x", headers: { "content-length": "16385" } });
    expect(await readBodyAtMost(request, 16_384)).toBeNull();
  });

  it("reads a body of exactly the limit, and passes it on in a new request", async () => {
    const text = "a".repeat(16_384);
    const request = new Request("http://shop.test/api/auth/sign-out", { method: "POST", body: text, headers: { "x-test": "1" } });
    const capped = await withBodyAtMost(request, 16_384);
    expect(await capped?.text()).toBe(text);
    expect(capped?.headers.get("x-test")).toBe("1");
    expect(await withBodyAtMost(new Request("http://shop.test/", { method: "POST", body: `${text}a` }), 16_384)).toBeNull();
    const get = new Request("http://shop.test/api/auth/get-session");
    expect(await withBodyAtMost(get, 16_384)).toBe(get);
  });
});
