import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/db";
import { defaultPromotion } from "@/lib/marketing/promotion-rules";
import { publishDraft, saveDraft } from "@/lib/marketing/promotions";
import { withTestDb } from "@/lib/testing/db";
import { readPublishedPromotion } from "./promotion-cache";

let db: Database;
withTestDb((opened) => (db = opened));

const serverUrl = "postgres://shop@db.example/shop";

describe(`the home page's promotion across a deploy (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("a build on the embedded database renders the default without opening it", async () => {
    const openDb = vi.fn(async () => db);
    expect(await readPublishedPromotion(PHASE_PRODUCTION_BUILD, undefined, openDb)).toEqual(defaultPromotion);
    expect(openDb).not.toHaveBeenCalled();
  });

  it("a build with a PostgreSQL server, like the server itself, bakes in the published promotion", async () => {
    const published = { ...defaultPromotion, banner: { ...defaultPromotion.banner, heading: "Published before the deploy" } };
    await saveDraft(db, published, { id: null, label: "test" });
    expect(await publishDraft(db, { id: null, label: "test" })).toBe(true);
    expect(await readPublishedPromotion(PHASE_PRODUCTION_BUILD, serverUrl, async () => db)).toEqual(published);
    expect(await readPublishedPromotion(PHASE_PRODUCTION_SERVER, undefined, async () => db)).toEqual(published);
  });
});
