import { describe, expect, it } from "vitest";
import {
  PICKUP_READY_DAYS,
  amountToFreeDelivery,
  chargedRate,
  formatFee,
  formatPickupFees,
  freeDeliveryNudge,
  fulfilmentQuote,
  isFreeDelivery,
  pickupPlace,
  type FulfilmentOption,
} from "./fulfilment-fee";
import { deliveryQuote, feeRange } from "./delivery";
import { defaultOpeningHours, formatOpeningHours } from "./opening-hours";
import {
  pickupPointErrors,
  pickupPointMessages,
  openingHoursValues,
  pickupPointSchema,
  thresholdErrors,
  thresholdSchema,
} from "./pickup-point-rules";
import { parseCheckout, pickupPointMessage, validateCheckout, deliveryMessages } from "./delivery-details";

const kisumu: FulfilmentOption = { kind: "delivery", county: "Kisumu", rate: { fee: 450, minDays: 2, maxDays: 5 } };
const studio = {
  id: 1,
  name: "Kijani Threads studio",
  address: "Kimathi Street, Nairobi",
  openingHours: defaultOpeningHours,
  fee: 0,
};
const mall: FulfilmentOption = { kind: "pickup", point: { ...studio, id: 2, name: "Mall kiosk", fee: 150 } };

describe("the fee charged for delivery or pickup", () => {
  it("is the county's rate, or the pickup point's fee with pickup's days, without a threshold", () => {
    expect(chargedRate(kisumu, 10_000, null)).toEqual({ fee: 450, minDays: 2, maxDays: 5 });
    expect(chargedRate(mall, 10_000, null)).toEqual({ fee: 150, ...PICKUP_READY_DAYS });
    expect(chargedRate({ kind: "pickup", point: studio }, 100, null).fee).toBe(0);
  });

  it("is free from the threshold on (the goods after the discount reach it), for delivery and a paid pickup point alike", () => {
    expect(isFreeDelivery(4_999, 5_000)).toBe(false);
    expect(isFreeDelivery(5_000, 5_000)).toBe(true);
    expect(isFreeDelivery(1_000_000, null)).toBe(false);
    expect(chargedRate(kisumu, 4_999, 5_000)).toEqual({ fee: 450, minDays: 2, maxDays: 5 });
    expect(chargedRate(kisumu, 5_000, 5_000)).toEqual({ fee: 0, minDays: 2, maxDays: 5 });
    expect(chargedRate(mall, 5_000, 5_000).fee).toBe(0);
  });

  it("says how much more to spend for free delivery, only while there is more to spend", () => {
    expect(amountToFreeDelivery(3_800, 5_000)).toBe(1_200);
    expect(amountToFreeDelivery(5_000, 5_000)).toBeNull();
    expect(amountToFreeDelivery(3_800, null)).toBeNull();
    expect(freeDeliveryNudge(1_200)).toBe("Spend KSh 1,200 more for free delivery.");
    expect(formatFee(0)).toBe("Free");
    expect(formatFee(450)).toBe("KSh 450");
  });

  it("names the pickup points' fees for the cart, before one is chosen", () => {
    expect(formatPickupFees(feeRange([{ fee: 0 }]))).toBe("Free");
    expect(formatPickupFees(feeRange([{ fee: 150 }, { fee: 150 }]))).toBe("KSh 150");
    expect(formatPickupFees(feeRange([{ fee: 150 }, { fee: 0 }, { fee: 100 }]))).toBe("Free to KSh 150");
    expect(formatPickupFees(feeRange([{ fee: 100 }, { fee: 300 }]))).toBe("KSh 100 to KSh 300");
  });

  it("quotes what is charged, so that a change of fee, days, point or threshold gives another quote", () => {
    expect(fulfilmentQuote(kisumu, chargedRate(kisumu, 100, null))).toBe(deliveryQuote(kisumu.rate));
    const quotes = [
      fulfilmentQuote(kisumu, chargedRate(kisumu, 100, null)),
      fulfilmentQuote(kisumu, chargedRate(kisumu, 100, 100)),
      fulfilmentQuote(mall, chargedRate(mall, 100, null)),
      fulfilmentQuote(mall, chargedRate(mall, 100, 100)),
      fulfilmentQuote({ kind: "pickup", point: studio }, chargedRate({ kind: "pickup", point: studio }, 100, 100)),
    ];
    expect(new Set(quotes).size).toBe(quotes.length);
  });

  it("names a pickup point in one phrase", () => {
    const place = { name: studio.name, address: studio.address, hours: formatOpeningHours(studio.openingHours) };
    expect(pickupPlace(place)).toBe(
      "Pick up at Kijani Threads studio, Kimathi Street, Nairobi (Monday to Saturday, 08:00–18:00; Sunday closed)",
    );
  });
});

describe("the checkout's choice of delivery or pickup", () => {
  const contact = { fullName: "Wanjiku Kamau", phone: "0712345678", email: "wanjiku@example.co.ke", notes: "" };
  const address = { county: "Nairobi City", town: "Nairobi", street: "Kimathi Street" };

  it("is delivery unless pickup is chosen, and delivery needs the address", () => {
    expect(parseCheckout({ ...contact, ...address })).toMatchObject({ ok: true, fulfilment: { kind: "delivery", address } });
    expect(validateCheckout({ ...contact, fulfilment: "anything" })).toEqual({
      county: deliveryMessages.county,
      town: deliveryMessages.town,
      street: deliveryMessages.street,
    });
  });

  it("needs no address for pickup, only a pickup point, and keeps none", () => {
    expect(
      parseCheckout({ ...contact, fulfilment: "pickup", pickupPoint: "3", county: "Atlantis", town: "x".repeat(500) }),
    ).toEqual({
      ok: true,
      contact: { ...contact, phone: "+254712345678" },
      fulfilment: { kind: "pickup", pointId: 3 },
      buyerPin: null,
    });
    for (const pickupPoint of [undefined, "", "0", "-1", "1.5", "abc", "99999999999"]) {
      expect(validateCheckout({ ...contact, fulfilment: "pickup", pickupPoint })).toEqual({ pickupPoint: pickupPointMessage });
    }
    expect(validateCheckout({ fulfilment: "pickup", pickupPoint: "1", phone: "nope" })).toMatchObject({
      fullName: deliveryMessages.fullName,
      phone: deliveryMessages.phone,
    });
  });
});

describe("the back office's pickup point and threshold forms", () => {
  const point = {
    name: " Westgate kiosk ",
    address: "Westgate Mall, Nairobi",
    fee: "150",
    ...openingHoursValues(defaultOpeningHours),
  };

  it("takes a pickup point trimmed, a fee of 0 included, and says what is wrong", () => {
    expect(pickupPointSchema.parse(point)).toEqual({
      name: "Westgate kiosk",
      address: point.address,
      fee: 150,
      openingHours: defaultOpeningHours,
    });
    expect(pickupPointSchema.parse({ ...point, fee: " 0 " }).fee).toBe(0);
    expect(pickupPointErrors({ ...point, name: " ", address: "a\u0000b", fee: "-5" })).toEqual({
      name: pickupPointMessages.name,
      address: pickupPointMessages.address,
      fee: pickupPointMessages.fee,
    });
    expect(pickupPointErrors({ ...point, fee: "1.5" })).toEqual({ fee: pickupPointMessages.fee });
  });

  it("takes each day's hours as two times or none (closed), closing after opening, and at least one day open", () => {
    const sundays = { sundayOpens: " 10:00 ", sundayCloses: "16:00" };
    expect(pickupPointSchema.parse({ ...point, ...sundays }).openingHours.sunday).toEqual({ open: "10:00", close: "16:00" });
    expect(pickupPointSchema.parse({ ...point, mondayOpens: "", mondayCloses: "" }).openingHours.monday).toBeNull();
    expect(pickupPointErrors({ ...point, sundayOpens: "10:00" })).toEqual({
      sundayCloses: pickupPointMessages.dayTimes("sunday"),
    });
    expect(pickupPointErrors({ ...point, tuesdayOpens: "25:00" })).toEqual({
      tuesdayOpens: pickupPointMessages.dayTimes("tuesday"),
    });
    expect(pickupPointErrors({ ...point, fridayCloses: "08:00" })).toEqual({
      fridayCloses: pickupPointMessages.closesAfterOpens("friday"),
    });
    const neverOpen = Object.fromEntries(Object.keys(openingHoursValues(defaultOpeningHours)).map((field) => [field, ""]));
    expect(pickupPointErrors({ ...point, ...neverOpen })).toEqual({ mondayOpens: pickupPointMessages.noOpenDay });
  });

  it("takes a threshold in whole shillings, or none when left empty", () => {
    expect(thresholdSchema.parse({ threshold: " 5000 " })).toEqual({ threshold: 5000 });
    expect(thresholdSchema.parse({ threshold: "" })).toEqual({ threshold: null });
    expect(thresholdSchema.parse({})).toEqual({ threshold: null });
    for (const threshold of ["0", "-1", "5,000", "1e4", "abc"])
      expect(thresholdErrors({ threshold })).toEqual({ threshold: pickupPointMessages.threshold });
  });
});
