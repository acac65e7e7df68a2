import { describe, expect, it } from "vitest";
import { createUser } from "@/lib/testing/fixtures";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { countUnreadNotifications, listNotifications, markAllNotificationsRead, notify } from "./notifications";

let db: Database;
withTestDb((opened) => (db = opened));

const note = (userId: string, title: string) => ({
  userId,
  kind: "order_placed" as const,
  title,
  body: "…",
  link: "/orders/KT-2345678",
});

describe(`notifications (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("lists a user's notifications newest first and counts the unread ones", async () => {
    const userId = await createUser(db);
    const other = await createUser(db);
    await notify(db, note(userId, "first"));
    await notify(db, note(userId, "second"));
    await notify(db, note(other, "not yours"));

    expect((await listNotifications(db, userId)).map((n) => n.title)).toEqual(["second", "first"]);
    expect(await countUnreadNotifications(db, userId)).toBe(2);
  });

  it("marks all of a user's notifications read, and only theirs", async () => {
    const userId = await createUser(db);
    const other = await createUser(db);
    await notify(db, note(userId, "one"));
    await notify(db, note(other, "other's"));

    await markAllNotificationsRead(db, userId);

    expect(await countUnreadNotifications(db, userId)).toBe(0);
    expect((await listNotifications(db, userId))[0].readAt).toBeInstanceOf(Date);
    expect(await countUnreadNotifications(db, other)).toBe(1);
  });

  it("has nothing for a user without notifications", async () => {
    const userId = await createUser(db);
    expect(await listNotifications(db, userId)).toEqual([]);
    expect(await countUnreadNotifications(db, userId)).toBe(0);
  });
});
