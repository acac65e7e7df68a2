import { describe, expect, it } from "vitest";
import { discountCodeSchema, discountFieldMessages } from "./code-input";

// Issue 55: a code's start defaults to now and its end may be left empty (an open-ended code).

const form = { code: "karibu10", kind: "percent", value: "10", scope: "all" };
const parse = (fields: Record<string, string>) => discountCodeSchema([]).safeParse({ ...form, ...fields });

describe("the discount code form's period", () => {
  it("starts an empty start now and leaves an empty end open", () => {
    const before = Date.now();
    const result = parse({ startsAt: "", endsAt: "" });
    expect(result.success).toBe(true);
    const { startsAt, endsAt } = result.data!;
    expect(startsAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(startsAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(endsAt).toBeNull();
  });

  it("reads a given period in Nairobi time, and refuses an end before the start", () => {
    const result = parse({ startsAt: "2026-12-01T09:00", endsAt: "2026-12-31T23:59" });
    expect(result.data).toMatchObject({
      startsAt: new Date("2026-12-01T06:00:00Z"),
      endsAt: new Date("2026-12-31T20:59:00Z"),
    });
    const backwards = parse({ startsAt: "2026-12-31T09:00", endsAt: "2026-12-01T09:00" });
    expect(backwards.error?.issues.map((issue) => issue.message)).toEqual([discountFieldMessages.endsAt]);
  });

  it("refuses an end already past when the start is left empty", () => {
    const result = parse({ startsAt: "", endsAt: "2020-01-01T00:00" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["endsAt"], discountFieldMessages.endsAt],
    ]);
  });
});
