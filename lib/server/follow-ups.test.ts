import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { followUpEachRequest } from "@/lib/after-response";
import { announceCacheChange, cacheTags, exactTag } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import { enqueueMail } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { followUpsFor } from "./follow-ups";

// Next's request-bound functions, recorded instead of run: after() needs a request, revalidateTag a cache.
const scheduled: (() => Promise<void>)[] = [];
vi.mock("next/server", () => ({ after: (work: () => Promise<void>) => void scheduled.push(work) }));
const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", () => ({ revalidateTag }));

let db: Database;
withTestDb((opened) => (db = opened));

afterEach(() => {
  followUpEachRequest(undefined);
  scheduled.length = 0;
  revalidateTag.mockClear();
});

/** A change as a request makes it: a catalog announcement and an e-mail, in one transaction. */
async function change(key: string) {
  await db.transaction(async (tx) => {
    await announceCacheChange(tx, cacheTags.catalog);
    await enqueueMail(tx, key, { to: "follow-up@example.com", subject: "Karibu", text: "Asante" });
  });
}

const sentAt = async (key: string) => (await db.select().from(outbox).where(eq(outbox.key, key)))[0].sentAt;

describe(`a request's follow-up of its own changes (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("on a Node host leaves both to the server's background work", async () => {
    followUpEachRequest(followUpsFor("node", db));
    const key = `test:${randomUUID()}`;
    await change(key);
    expect(scheduled).toHaveLength(0);
    expect(await sentAt(key)).toBeNull();
  });

  it("on Vercel expires the announced tag and delivers the outbox after the response", async () => {
    followUpEachRequest(followUpsFor("vercel", db));
    const key = `test:${randomUUID()}`;
    await change(key);
    // Nothing happens before the response: only scheduled.
    expect(revalidateTag).not.toHaveBeenCalled();
    expect(await sentAt(key)).toBeNull();
    for (const work of scheduled) await work();
    expect(revalidateTag).toHaveBeenCalledWith(exactTag(cacheTags.catalog), { expire: 0 });
    expect(await sentAt(key)).not.toBeNull();
  });
});
