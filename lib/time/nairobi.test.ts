import { describe, expect, it } from "vitest";
import { formatNairobiDateTime, isCalendarDate, nairobiDate, nairobiDay, nairobiTimestamp } from "./nairobi";

describe("Nairobi time", () => {
  it("gives an instant's Nairobi calendar date, which turns at 21:00 UTC", () => {
    expect(nairobiDate(new Date("2026-03-01T20:59:59.999Z"))).toBe("2026-03-01");
    expect(nairobiDate(new Date("2026-03-01T21:00:00Z"))).toBe("2026-03-02");
    expect(nairobiDate(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
  });

  it("spans a Nairobi day from its midnight to the next", () => {
    expect(nairobiDay("2026-03-02")).toEqual({
      start: new Date("2026-03-01T21:00:00Z"),
      end: new Date("2026-03-02T21:00:00Z"),
    });
    expect(nairobiDay("2028-02-29").end).toEqual(new Date("2028-02-29T21:00:00Z"));
  });

  it.each([
    "2026-02-30",
    "2026-13-01",
    "2026-1-01",
    "26-01-01",
    "1999-12-31",
    "2026-01-01T00:00",
    " 2026-01-01",
    "",
    null,
    20260101,
  ])("refuses %j as a calendar date", (value) => expect(isCalendarDate(value)).toBe(false));

  it("accepts real calendar dates", () => {
    expect(isCalendarDate("2026-01-01")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
  });

  it("shows times in Nairobi", () => {
    const instant = new Date("2026-11-21T11:05:00Z");
    expect(formatNairobiDateTime(instant)).toBe("21 Nov 2026, 14:05");
    expect(nairobiTimestamp(new Date("2026-11-21T22:05:00Z"))).toBe("2026-11-22 01:05");
  });
});
