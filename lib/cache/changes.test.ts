import { describe, expect, it } from "vitest";
import { cacheTags, listenForCacheChanges, type CacheTag } from "./changes";

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
});
