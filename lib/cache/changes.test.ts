import { describe, expect, it } from "vitest";
import { cacheTags, listenForCacheChanges, parseLoopbackTags, productTag, sizeChartTag, type CacheTag } from "./changes";

/** A connection whose notifications and reconnections the test sends itself. */
function fakeConnection() {
  const handlers: { message?: (payload: string) => void; reconnect?: () => void } = {};
  return {
    handlers,
    listen(_channel: string, onMessage: (payload: string) => void, onReconnect: () => void) {
      handlers.message = onMessage;
      handlers.reconnect = onReconnect;
      return async () => {};
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("listening for cache changes", () => {
  it("expires an announced tag at once and again after renders in flight have finished", async () => {
    const connection = fakeConnection();
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags), { settleMs: 50 });
    connection.handlers.message!("catalog");
    connection.handlers.message!("not-a-tag");
    expect(heard).toEqual([["catalog"]]);
    await wait(120);
    expect(heard).toEqual([["catalog"], ["catalog"]]);
    await stop();
  });

  it("expires every tag after a reconnection, and nothing more once stopped", async () => {
    const connection = fakeConnection();
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags), { settleMs: 50 });
    connection.handlers.reconnect!();
    expect(heard).toEqual([Object.values(cacheTags)]);
    await stop();
    await wait(120);
    expect(heard).toHaveLength(1);
  });

  it("hears one product's page, and nothing that only looks like one", async () => {
    const connection = fakeConnection();
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags), { settleMs: 50 });
    for (const payload of ["product:glow-hoodie", "product:", "product:<x>", "products:glow-hoodie"])
      connection.handlers.message!(payload);
    expect(heard).toEqual([[productTag("glow-hoodie")]]);
    await stop();
  });
});

describe("the loopback route's body", () => {
  it("names known tags, product pages and size charts only", () => {
    expect(parseLoopbackTags({ tags: ["catalog", "product:glow-hoodie", "size-chart:hoodies"] })).toEqual([
      "catalog",
      productTag("glow-hoodie"),
      sizeChartTag("hoodies"),
    ]);
    for (const body of [
      null,
      {},
      { tags: [] },
      { tags: ["catalog", "sessions"] },
      { tags: ["product:../x"] },
      { tags: ["size-chart:"] },
      { tags: [1] },
    ])
      expect(parseLoopbackTags(body)).toBeNull();
  });
});
