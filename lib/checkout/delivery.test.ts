import { describe, expect, it } from "vitest";
import { COUNTIES, NAIROBI, type County } from "./counties";
import { deliveryPromise, formatDeliveryWindow, type DeliveryRate } from "./delivery";

// The home page's delivery sentence is the rates staff set, never a fixed promise.

const ratesOf = (nairobi: DeliveryRate, elsewhere: (county: County) => DeliveryRate) =>
  Object.fromEntries(COUNTIES.map((county) => [county, county === NAIROBI ? nairobi : elsewhere(county)]));

describe("deliveryPromise", () => {
  it("names Nairobi's days and the widest span of the other counties' days", () => {
    const rates = ratesOf({ fee: 200, minDays: 1, maxDays: 2 }, (county) =>
      county === "Turkana" ? { fee: 450, minDays: 3, maxDays: 5 } : { fee: 350, minDays: 2, maxDays: 4 },
    );
    expect(deliveryPromise(rates)).toBe("We deliver to all 47 counties, in 1–2 days in Nairobi and 2–5 days elsewhere.");
  });

  it("says one span when every county takes the same, and one day in the singular", () => {
    expect(deliveryPromise(ratesOf({ fee: 200, minDays: 3, maxDays: 3 }, () => ({ fee: 300, minDays: 3, maxDays: 3 })))).toBe(
      "We deliver to all 47 counties, in 3 days everywhere.",
    );
    expect(deliveryPromise(ratesOf({ fee: 200, minDays: 0, maxDays: 1 }, () => ({ fee: 300, minDays: 2, maxDays: 2 })))).toBe(
      "We deliver to all 47 counties, in 0–1 day in Nairobi and 2 days elsewhere.",
    );
  });

  it("promises no days before any rate is known", () => {
    expect(deliveryPromise({})).toBe("We deliver across Kenya.");
  });
});

describe("formatDeliveryWindow", () => {
  it("gives both dates of a window, and one date when they are the same day (issue 55)", () => {
    expect(formatDeliveryWindow({ earliest: "2026-11-29", latest: "2026-11-30" })).toBe("Sun, 29 Nov – Mon, 30 Nov");
    expect(formatDeliveryWindow({ earliest: "2026-11-30", latest: "2026-11-30" })).toBe("Mon, 30 Nov");
  });
});
