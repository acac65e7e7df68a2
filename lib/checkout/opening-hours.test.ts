import { describe, expect, it } from "vitest";
import { defaultOpeningHours, formatOpeningHours, pickupReadyWindow, type OpeningHours } from "./opening-hours";

// A pickup point's hours are data: the words and the ready dates both come from them (Nairobi time).

const nineToFive = { open: "09:00", close: "17:00" };
const everyDay: OpeningHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: nineToFive,
  sunday: nineToFive,
};
const pickupDays = { fee: 0, minDays: 1, maxDays: 2 };
/** Friday 27 November 2026, 10:00 in Nairobi. */
const friday = new Date("2026-11-27T07:00:00Z");

describe("formatOpeningHours", () => {
  it("runs days with the same hours together and names closed days", () => {
    expect(formatOpeningHours(defaultOpeningHours)).toBe("Monday to Saturday, 08:00–18:00; Sunday closed");
    expect(formatOpeningHours(everyDay)).toBe("Every day, 09:00–17:00");
    expect(formatOpeningHours({ ...everyDay, wednesday: null, saturday: { open: "10:00", close: "14:00" }, sunday: null })).toBe(
      "Monday to Tuesday, 09:00–17:00; Wednesday closed; Thursday to Friday, 09:00–17:00; Saturday, 10:00–14:00; Sunday closed",
    );
  });
});

describe("pickupReadyWindow", () => {
  it("skips the point's closed days: a studio open Monday to Saturday is never ready on Sunday", () => {
    expect(pickupReadyWindow(pickupDays, defaultOpeningHours, friday)).toEqual({ earliest: "2026-11-28", latest: "2026-11-30" });
    expect(pickupReadyWindow(pickupDays, everyDay, friday)).toEqual({ earliest: "2026-11-28", latest: "2026-11-29" });
  });

  it("moves both dates on past a run of closed days", () => {
    const weekdaysOnly = { ...defaultOpeningHours, saturday: null };
    expect(pickupReadyWindow(pickupDays, weekdaysOnly, friday)).toEqual({ earliest: "2026-11-30", latest: "2026-11-30" });
  });

  it("counts days from the Nairobi date: 22:00 UTC on Friday is already Saturday there", () => {
    const lateFriday = new Date("2026-11-27T22:00:00Z");
    expect(pickupReadyWindow(pickupDays, defaultOpeningHours, lateFriday)).toEqual({
      earliest: "2026-11-30",
      latest: "2026-11-30",
    });
  });
});
