import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Journal = { entries: { when: number; tag: string }[] };

describe("the migrations' journal", () => {
  // drizzle's migrator runs only the migrations stamped later than the last one a database applied:
  // one stamped earlier is skipped on every database already migrated, and only fresh ones get it.
  it("stamps each migration later than the one before", () => {
    const journal = JSON.parse(readFileSync(path.join("drizzle", "meta", "_journal.json"), "utf8")) as Journal;
    journal.entries.slice(1).forEach((entry, index) => {
      const previous = journal.entries[index];
      expect(entry.when, `${entry.tag} after ${previous.tag}`).toBeGreaterThan(previous.when);
    });
  });
});
