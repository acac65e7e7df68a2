import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { COUNTIES, NAIROBI, type County } from "@/lib/checkout/counties";
import type { Database } from "@/lib/db";
import { deliveryZones, orderHistory } from "@/lib/db/schema";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { smsLength } from "@/lib/sms/gsm";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder, testDelivery } from "@/lib/testing/fixtures";
import { carriageTerms } from "./carriage-words";
import { listCountyCarriage, setCountyCarriage } from "./county-carriage";
import { carriageErrors, carriageSchema } from "./county-rules";
import { courierErrors, courierMessages, trackingLink } from "./courier-rules";
import { listCouriers, removeCourier, saveCourier } from "./couriers";
import { correctShipment, findShipment } from "./shipments";
import { courierDispatchText, type ShipmentView } from "./shipment-words";

let db: Database;
withTestDb((opened) => (db = opened));

const admin = { id: null, label: "admin@example.com" };
/** The tests' database offers pay on delivery everywhere (lib/testing/global-setup.ts): the migration's rule back, pay on delivery only where the rider goes. */
const migratedPayOnDelivery = () => db.update(deliveryZones).set({ payOnDelivery: sql`${deliveryZones.carrier} = 'rider'` });
const offersPayOnDelivery = async (county: County) => (await listCountyCarriage(db))[county]?.payOnDelivery;

describe(`who carries each county (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  afterEach(() => db.update(deliveryZones).set({ payOnDelivery: true }));

  it("is seeded as the rider with pay on delivery in Nairobi City, and a courier without it everywhere else", async () => {
    await migratedPayOnDelivery();
    const carriage = await listCountyCarriage(db);
    expect(Object.keys(carriage).sort()).toEqual([...COUNTIES].sort());
    for (const county of COUNTIES) {
      const rider = county === NAIROBI;
      expect(carriage[county], county).toEqual({ carrier: rider ? "rider" : "courier", payOnDelivery: rider });
    }
    expect(carriageTerms(carriage)).toBe(
      "In Nairobi City, our rider brings it to your door. Elsewhere, an order is sent by courier: you collect it at the courier's office in your town with your ID, and we text you the waybill number.",
    );
  });

  it("offers pay on delivery only where the rider goes, until the owner offers it elsewhere", async () => {
    await migratedPayOnDelivery();
    expect(await offersPayOnDelivery("Kisumu")).toBe(false);
    expect(await offersPayOnDelivery(NAIROBI)).toBe(true);

    const update = carriageSchema.parse({ counties: ["Kisumu", "Kiambu"], carrier: "courier", payOnDelivery: "on" });
    expect(await setCountyCarriage(db, update, admin)).toBe(2);
    expect(await offersPayOnDelivery("Kisumu")).toBe(true);
    // The owner may give a county to the rider too, without pay on delivery.
    await setCountyCarriage(db, carriageSchema.parse({ counties: NAIROBI, carrier: "rider" }), admin);
    expect(await offersPayOnDelivery(NAIROBI)).toBe(false);
    const carriage = await listCountyCarriage(db);
    expect(carriage.Kiambu).toEqual({ carrier: "courier", payOnDelivery: true });
    expect(carriage.Mombasa).toEqual({ carrier: "courier", payOnDelivery: false });
  });

  it("copies the county's carrier onto each order, so a later change leaves it alone", async () => {
    const nakuru = await placeGuestOrder(db, 1, { ...testDelivery, collectAt: "Easy Coach Naivasha" });
    expect(nakuru).toMatchObject({ carrier: "courier", collectAt: "Easy Coach Naivasha" });
    const nairobi = await placeGuestOrder(db, 1, { ...testDelivery, county: NAIROBI });
    expect(nairobi.carrier).toBe("rider");
  });

  it("checks the owner's form: counties and who carries them", () => {
    expect(carriageErrors({ counties: [], carrier: "rider" })).toEqual({ counties: "Tick at least one county." });
    expect(carriageErrors({ counties: ["Lamu", "Atlantis"], carrier: "courier" })).toHaveProperty("counties");
    expect(carriageErrors({ counties: ["Lamu"], carrier: "drone" })).toEqual({ carrier: "Choose who carries their orders." });
  });
});

describe(`couriers and their parcels (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("are seeded, the rider first; one no order used is deleted, one an order used is archived", async () => {
    const names = (await listCouriers(db)).map((courier) => courier.name);
    expect(names).toEqual(["Our rider", "Easy Coach", "Fargo Courier", "G4S", "Modern Coast", "Pickup Mtaani", "Wells Fargo"]);
    const added = await saveCourier(db, { name: "Mash Parcels", handover: "office", phone: "", trackingUrl: "" }, admin);
    if (!added.ok) throw new Error(added.error);
    expect(await saveCourier(db, { name: "g4s", handover: "door", phone: "", trackingUrl: "" }, admin)).toEqual({
      ok: false,
      field: "name",
      error: courierMessages.nameTaken,
    });
    expect(await removeCourier(db, added.courier.id, admin)).toBe("deleted");

    const fargo = (await listCouriers(db)).find((courier) => courier.name === "Fargo Courier")!;
    const order = await placeGuestOrder(db);
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: admin });
    const sent = await updateOrderStatus(db, {
      number: order.number,
      status: "dispatched",
      shipment: { courierId: String(fargo.id), waybill: "fgo12345678", office: "Fargo Naivasha" },
      actor: admin,
    });
    expect(sent.ok).toBe(true);
    expect(await removeCourier(db, fargo.id, admin)).toBe("archived");
    expect((await listCouriers(db, { offered: true })).map((courier) => courier.name)).not.toContain("Fargo Courier");
    expect((await findShipment(db, order.id))?.courier.name).toBe("Fargo Courier");
    const rider = (await listCouriers(db))[0];
    expect(await removeCourier(db, rider.id, admin)).toBeNull();
  });

  it("dispatches a courier's parcel only with its waybill, a rider's with none; corrections keep the old values in the history", async () => {
    const g4s = (await listCouriers(db)).find((courier) => courier.name === "G4S")!;
    const order = await placeGuestOrder(db);
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: admin });
    const dispatch = (shipment: Record<string, string>) =>
      updateOrderStatus(db, { number: order.number, status: "dispatched", expectedStatus: "confirmed", shipment, actor: admin });

    // The staff form's plain button posts no courier: a courier's county is refused, nothing changes.
    expect(await dispatch({ courierId: "", waybill: "", office: "" })).toMatchObject({ ok: false, reason: "invalid_shipment" });
    expect(await dispatch({ courierId: String(g4s.id), waybill: "", office: "" })).toMatchObject({
      ok: false,
      reason: "invalid_shipment",
      errors: { waybill: courierMessages.waybill },
    });
    expect(await findShipment(db, order.id)).toBeNull();
    const sent = await dispatch({ courierId: String(g4s.id), waybill: " g4s-778899 ", office: "G4S Naivasha" });
    expect(sent).toMatchObject({ ok: true, order: { status: "dispatched" } });
    expect(await findShipment(db, order.id)).toMatchObject({
      waybill: "G4S-778899",
      office: "G4S Naivasha",
      recordedBy: admin.label,
    });

    const fixed = await correctShipment(db, {
      number: order.number,
      posted: { courierId: String(g4s.id), waybill: "G4S-778800", office: "" },
      actor: admin,
    });
    expect(fixed).toEqual({ ok: true });
    const notes = (await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))).map((entry) => entry.note);
    expect(notes).toContain("Sent with G4S, waybill G4S-778899, to collect at G4S Naivasha.");
    expect(notes).toContain(
      "Courier corrected: G4S, waybill G4S-778800. (was G4S, waybill G4S-778899, to collect at G4S Naivasha.)",
    );

    // Nairobi's rider: the plain button sends it with the rider, no waybill.
    const nairobi = await placeGuestOrder(db, 1, { ...testDelivery, county: NAIROBI });
    await updateOrderStatus(db, { number: nairobi.number, status: "confirmed", actor: admin });
    const riderSent = await updateOrderStatus(db, {
      number: nairobi.number,
      status: "dispatched",
      shipment: { courierId: null, waybill: null, office: null },
      actor: admin,
    });
    expect(riderSent.ok).toBe(true);
    expect(await findShipment(db, nairobi.id)).toMatchObject({ courier: { name: "Our rider", kind: "rider" }, waybill: "" });
  });
});

describe("a courier's words", () => {
  const shipment = (courier: Partial<ShipmentView["courier"]>, waybill: string, office: string): ShipmentView => ({
    courierId: 1,
    courier: { name: "Fargo Courier", kind: "courier", handover: "office", phone: "", trackingUrl: "", ...courier },
    waybill,
    office,
    recordedAt: new Date(),
    recordedBy: "staff",
  });
  const link = "https://shop.kijanithreads-online.co.ke/o/KT-WWWWWWW/abcdefghijk";

  it("sends the dispatch SMS as one GSM-7 message, as short as the issue's example when names run long", () => {
    expect(courierDispatchText("Kijani Threads", "KT-7Q2M4RX", shipment({}, "FGO12345678", "Fargo Kisumu"), "L")).toBe(
      "Kijani Threads: KT-7Q2M4RX sent with Fargo Courier, waybill FGO12345678. Collect at Fargo Kisumu with your ID. Stop SMS or see it: L",
    );
    const longest = shipment({ name: "C".repeat(30) }, "W".repeat(30), "O".repeat(40));
    const text = courierDispatchText("Kijani Threads", "KT-WWWWWWW", longest, link);
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", parts: 1 });
    expect(text).toContain(`waybill ${"W".repeat(30)}. Collect at ${"O".repeat(40)} with your ID.`);
  });

  it("links a tracking page only where the courier has one, with the waybill in it", () => {
    expect(trackingLink("https://track.example/?wb={waybill}", "FGO 1")).toBe("https://track.example/?wb=FGO%201");
    expect(trackingLink("", "FGO1")).toBeNull();
    const valid = { name: "Sendit", handover: "office", phone: "", trackingUrl: "" };
    expect(courierErrors(valid)).toEqual({});
    expect(courierErrors({ ...valid, trackingUrl: "https://track.example/" })).toHaveProperty("trackingUrl");
    expect(courierErrors({ ...valid, trackingUrl: "http://track.example/{waybill}" })).toHaveProperty("trackingUrl");
    expect(courierErrors({ ...valid, name: "Sendit’s" })).toHaveProperty("name");
  });
});
