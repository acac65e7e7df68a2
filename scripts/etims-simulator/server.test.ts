import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultEtimsOptions, startEtimsSimulator, type EtimsSimulator } from "./server";

// Written from the OSCU interface, like the simulator, so the two check each other.
const { tin, bhfId, dvcSrlNo } = defaultEtimsOptions;
let simulator: EtimsSimulator;

beforeAll(async () => {
  simulator = await startEtimsSimulator();
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.reset({ all: true });
});

type Answer = { resultCd: string; resultMsg: string; resultDt: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(method: string, body: unknown, headers: Record<string, string> = deviceHeaders(), on = simulator) {
  return fetch(`${on.apiUrl}${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function call(method: string, body: unknown, headers?: Record<string, string>): Promise<Answer> {
  const response = await post(method, body, headers);
  expect(response.status).toBe(200);
  return response.json();
}

function deviceHeaders(cmcKey = simulator.cmcKey): Record<string, string> {
  return { tin, bhfId, cmcKey };
}

const initBody = { tin, bhfId, dvcSrlNo };

function item(itemCd: string, overrides: Record<string, unknown> = {}) {
  return {
    itemCd,
    itemClsCd: "5059690800",
    itemTyCd: "2",
    itemNm: `Item ${itemCd}`,
    orgnNatCd: "KE",
    pkgUnitCd: "NT",
    qtyUnitCd: "U",
    taxTyCd: "B",
    dftPrc: 1500,
    isrcAplcbYn: "N",
    useYn: "Y",
    regrId: "shop",
    regrNm: "Shop",
    modrId: "shop",
    modrNm: "Shop",
    ...overrides,
  };
}

type Line = { itemCd: string; qty: number; prc: number; dcAmt?: number; taxTyCd?: string };
const rates: Record<string, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };
const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** A sale (or, with `refunds`, a credit note) whose arithmetic is right, built as the shop should build it. */
function sale(invcNo: number, lines: Line[], refunds?: number) {
  const itemList = lines.map(({ itemCd, qty, prc, dcAmt = 0, taxTyCd = "B" }, index) => {
    const splyAmt = round2(prc * qty);
    const totAmt = round2(splyAmt - dcAmt);
    const taxAmt = round2((totAmt * rates[taxTyCd]) / (100 + rates[taxTyCd]));
    const amounts = {
      splyAmt,
      dcRt: round2((dcAmt / splyAmt) * 100),
      dcAmt,
      taxTyCd,
      taxblAmt: round2(totAmt - taxAmt),
      taxAmt,
      totAmt,
    };
    return {
      itemSeq: index + 1,
      itemCd,
      itemClsCd: "5059690800",
      itemNm: `Item ${itemCd}`,
      pkgUnitCd: "NT",
      pkg: qty,
      qtyUnitCd: "U",
      qty,
      prc,
      ...amounts,
    };
  });
  const sum = (values: number[]) => round2(values.reduce((total, value) => total + value, 0));
  const byType = Object.fromEntries(
    Object.entries(rates).flatMap(([type, rate]) => {
      const ofType = itemList.filter((line) => line.taxTyCd === type);
      return [
        [`taxblAmt${type}`, sum(ofType.map((line) => line.taxblAmt))],
        [`taxRt${type}`, rate],
        [`taxAmt${type}`, sum(ofType.map((line) => line.taxAmt))],
      ];
    }),
  );
  return {
    trdInvcNo: `KT-${invcNo}`,
    invcNo,
    orgInvcNo: refunds ?? 0,
    custNm: "Wanjiru",
    salesTyCd: "N",
    rcptTyCd: refunds ? "R" : "S",
    pmtTyCd: "06",
    salesSttsCd: "02",
    cfmDt: "20261125143000",
    salesDt: "20261125",
    ...(refunds ? { rfdDt: "20261126100000", rfdRsnCd: "06" } : {}),
    totItemCnt: itemList.length,
    ...byType,
    totTaxblAmt: sum(itemList.map((line) => line.taxblAmt)),
    totTaxAmt: sum(itemList.map((line) => line.taxAmt)),
    totAmt: sum(itemList.map((line) => line.totAmt)),
    prchrAcptcYn: "N",
    regrId: "shop",
    regrNm: "Shop",
    modrId: "shop",
    modrNm: "Shop",
    receipt: { rcptPbctDt: "20261125143000", prchrAcptcYn: "N", custMblNo: "0712345678" },
    itemList,
  };
}

/** A sale body as a test may spoil it. */
type Spoilable = Record<string, unknown> & { itemList: Record<string, unknown>[] };

/** Two shirts, a dress and delivery, all at 16%. */
const basket: Line[] = [
  { itemCd: "SHIRT-001", qty: 2, prc: 1500 },
  { itemCd: "DRESS-002", qty: 1, prc: 2999 },
  { itemCd: "DELIVERY", qty: 1, prc: 300 },
];

async function registerBasket() {
  for (const { itemCd } of basket) expect((await call("saveItem", item(itemCd))).resultCd).toBe("000");
}

describe("selectInitOsdcInfo", () => {
  it("initialises the configured device once, then answers 902 with the same keys", async () => {
    const first = await call("selectInitOsdcInfo", initBody);
    expect(first).toMatchObject({ resultCd: "000", resultMsg: "It is succeeded", resultDt: expect.stringMatching(/^\d{14}$/) });
    expect(first.data.info).toMatchObject({
      tin,
      bhfId,
      taxprNm: expect.any(String),
      hqYn: "Y",
      sdcId: expect.stringMatching(/^KRACU\d{10}$/),
      dvcId: expect.stringMatching(/^\d{16}$/),
      cmcKey: simulator.cmcKey,
    });
    for (const field of [
      "bsnsActv",
      "bhfNm",
      "bhfOpenDt",
      "prvncNm",
      "dstrtNm",
      "sctrNm",
      "locDesc",
      "mgrNm",
      "mgrTelNo",
      "mgrEmail",
      "mrcNo",
      "intrlKey",
      "signKey",
    ]) {
      expect(first.data.info[field], field).toEqual(expect.any(String));
    }
    expect(simulator.cmcKey).toMatch(/^[0-9a-f]{32}$/);
    const again = await call("selectInitOsdcInfo", initBody);
    expect(again).toMatchObject({ resultCd: "902", resultMsg: "This device is installed", data: { info: first.data.info } });
  });

  it("refuses another PIN or device serial with 901", async () => {
    expect(await call("selectInitOsdcInfo", { ...initBody, tin: "A000000000Z" })).toMatchObject({ resultCd: "901", data: null });
    expect((await call("selectInitOsdcInfo", { ...initBody, dvcSrlNo: "OTHER" })).resultCd).toBe("901");
    expect((await call("selectInitOsdcInfo", initBody)).resultCd).toBe("000");
  });

  it("derives the same cmcKey in every simulator with the same device, and another for another device", async () => {
    const same = await startEtimsSimulator();
    const other = await startEtimsSimulator({ dvcSrlNo: "KT-SIM-0002" });
    try {
      expect(same.cmcKey).toBe(simulator.cmcKey);
      expect(other.cmcKey).not.toBe(simulator.cmcKey);
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
  });
});

describe("the device headers", () => {
  it("are required on every call but the initialisation: 900 without one, 901 with a wrong one", async () => {
    const { cmcKey: _cmcKey, ...withoutKey } = deviceHeaders();
    expect(await call("saveItem", item("SHIRT-001"), withoutKey)).toMatchObject({
      resultCd: "900",
      resultMsg: "There is no header information",
    });
    expect((await call("saveItem", item("SHIRT-001"), { tin, cmcKey: simulator.cmcKey })).resultCd).toBe("900");
    expect((await call("saveItem", item("SHIRT-001"), deviceHeaders("0".repeat(32)))).resultCd).toBe("901");
    expect((await call("saveItem", item("SHIRT-001"), { ...deviceHeaders(), bhfId: "01" })).resultCd).toBe("901");
    expect(simulator.items()).toHaveLength(0);
    expect((await call("saveItem", item("SHIRT-001"))).resultCd).toBe("000");
  });

  it("answers 895 to a GET, 912 to an unknown method, 911 to an empty body and 910 to one that is not JSON", async () => {
    const get = await fetch(`${simulator.apiUrl}saveItem`);
    expect(get.status).toBe(200);
    expect((await get.json()).resultCd).toBe("895");
    expect((await call("selectItemList", {})).resultCd).toBe("912");
    const empty = await fetch(`${simulator.apiUrl}saveItem`, { method: "POST", headers: deviceHeaders() });
    expect((await empty.json()).resultCd).toBe("911");
    const garbled = await fetch(`${simulator.apiUrl}saveItem`, { method: "POST", headers: deviceHeaders(), body: "{itemCd" });
    expect((await garbled.json()).resultCd).toBe("910");
  });
});

describe("saveItem", () => {
  it("registers an item, and updates it when saved again", async () => {
    expect(await call("saveItem", item("SHIRT-001"))).toMatchObject({ resultCd: "000", data: null });
    expect((await call("saveItem", item("SHIRT-001", { dftPrc: 1800 }))).resultCd).toBe("000");
    expect(simulator.items()).toEqual([
      expect.objectContaining({ itemCd: "SHIRT-001", saves: 2, item: expect.objectContaining({ dftPrc: 1800 }) }),
    ]);
    const listed = await (await fetch(`${simulator.url}/__simulator/items`)).json();
    expect(listed.items).toHaveLength(1);
  });

  it.each([
    ["itemCd", { itemCd: undefined }, "itemCd is missing"],
    ["itemCd", { itemCd: "X".repeat(21) }, "itemCd must be text of 1 to 20 characters"],
    ["itemClsCd", { itemClsCd: "12345678901" }, "itemClsCd must be"],
    ["itemNm", { itemNm: "" }, "itemNm must be"],
    ["orgnNatCd", { orgnNatCd: "KEN" }, "orgnNatCd must be a two-letter country code"],
    ["taxTyCd", { taxTyCd: "F" }, "taxTyCd must be one of A, B, C, D, E"],
    ["dftPrc", { dftPrc: "1500" }, "dftPrc must be a number"],
    ["isrcAplcbYn", { isrcAplcbYn: "Yes" }, "isrcAplcbYn must be one of Y, N"],
    ["useYn", { useYn: undefined }, "useYn is missing"],
    ["modrNm", { modrNm: undefined }, "modrNm is missing"],
  ])("refuses a wrong %s with 910 naming it", async (_field, overrides, message) => {
    const answer = await call("saveItem", item("SHIRT-001", overrides));
    expect(answer).toMatchObject({ resultCd: "910", data: null });
    expect(answer.resultMsg).toContain(message);
    expect(simulator.items()).toHaveLength(0);
  });
});

describe("saveTrnsSalesOsdc", () => {
  it("accepts a correct basket of 16% items and a 16% delivery line, with a receipt signed deterministically", async () => {
    await registerBasket();
    const body = sale(1, basket);
    expect(body).toMatchObject({ taxblAmtB: 5430.17, taxAmtB: 868.83, totTaxblAmt: 5430.17, totTaxAmt: 868.83, totAmt: 6299 });
    const answer = await call("saveTrnsSalesOsdc", body);
    expect(answer).toEqual({
      resultCd: "000",
      resultMsg: "It is succeeded",
      resultDt: expect.stringMatching(/^\d{14}$/),
      data: {
        curRcptNo: 1,
        totRcptNo: 1,
        intrlData: "7ZDHHAWVLGRN4YGS5TKRFMFTZD",
        rcptSign: "U5STKL2Z455KRDZV",
        sdcDateTime: expect.stringMatching(/^\d{14}$/),
      },
    });
    expect(simulator.sales()).toEqual([
      expect.objectContaining({ invcNo: 1, rcptTyCd: "S", request: body, answer, attempts: 1 }),
    ]);
    const page = await (await fetch(`${simulator.url}/__simulator/receipts`)).text();
    expect(page).toContain("KT-1");
    expect(page).toContain("U5STKL2Z455KRDZV");
  });

  it.each([
    [
      "a 16% VAT worked out on top instead of within",
      (body: Spoilable) => (body.itemList[0].taxAmt = 480),
      "itemList[0] (SHIRT-001): taxAmt 480 is not 413.79",
    ],
    [
      "a supply amount that is not prc × qty",
      (body: Spoilable) => (body.itemList[1].splyAmt = 3000),
      "splyAmt 3000 is not prc × qty = 2999",
    ],
    [
      "a header VAT that is not the items' sum",
      (body: Spoilable) => (body.taxAmtB = 868.9),
      "taxAmtB 868.9 is not Σ the taxAmt of the type B items = 868.83",
    ],
    ["a wrong rate", (body: Spoilable) => (body.taxRtB = 18), "taxRtB 18 is not 16"],
    [
      "a discount rate that is not the discount's share of the supply",
      (body: Spoilable) => (body.itemList[0].dcRt = 10),
      "itemList[0] (SHIRT-001): dcRt 10 is not dcAmt ÷ splyAmt = 0%",
    ],
    [
      "a total that is not the items' sum",
      (body: Spoilable) => (body.totAmt = 6300),
      "totAmt 6300 is not Σ the items' totAmt = 6299",
    ],
    ["a wrong item count", (body: Spoilable) => (body.totItemCnt = 2), "totItemCnt 2 is not the 3 items"],
    [
      "an amount with three decimals",
      (body: Spoilable) => (body.itemList[2].taxAmt = 41.379),
      "itemList[2].taxAmt must be a number ≥ 0 with at most two decimals",
    ],
    ["a customer PIN in the wrong form", (body: Spoilable) => (body.custTin = "12345"), "custTin must be a KRA PIN"],
    ["a date that does not exist", (body: Spoilable) => (body.cfmDt = "20260230120000"), "cfmDt must be YYYYMMDDhhmmss"],
    ["no receipt", (body: Spoilable) => delete body.receipt, "receipt is missing"],
  ])("refuses %s with 910 saying which", async (_case, spoil, message) => {
    await registerBasket();
    const body = sale(1, basket);
    spoil(body as Spoilable);
    const answer = await call("saveTrnsSalesOsdc", body);
    expect(answer).toMatchObject({ resultCd: "910", data: null });
    expect(answer.resultMsg).toContain(message);
    expect(simulator.sales()).toHaveLength(0);
  });

  it("accepts rounding within a cent, and the other tax types' rules (E at 8%, A and C without VAT)", async () => {
    for (const [itemCd, taxTyCd] of [
      ["BOOK", "A"],
      ["EXPORT", "C"],
      ["FUEL", "E"],
    ])
      await call("saveItem", item(itemCd, { taxTyCd }));
    const body = sale(1, [
      { itemCd: "BOOK", qty: 1, prc: 500, taxTyCd: "A" },
      { itemCd: "EXPORT", qty: 3, prc: 99.99, taxTyCd: "C" },
      { itemCd: "FUEL", qty: 1, prc: 1080, taxTyCd: "E" },
    ]);
    expect(body).toMatchObject({ taxblAmtE: 1000, taxAmtE: 80, taxRtE: 8, taxAmtA: 0, taxAmtC: 0 });
    body.itemList[2].taxblAmt = 1000.01;
    expect((await call("saveTrnsSalesOsdc", body)).resultCd).toBe("000");
  });

  it("refuses an item never registered with saveItem, naming it", async () => {
    await registerBasket();
    const answer = await call("saveTrnsSalesOsdc", sale(1, [...basket, { itemCd: "HAT-009", qty: 1, prc: 800 }]));
    expect(answer.resultCd).toBe("910");
    expect(answer.resultMsg).toContain("HAT-009");
  });

  it("answers a repeated invoice number with 994 and keeps one receipt", async () => {
    await registerBasket();
    expect((await call("saveTrnsSalesOsdc", sale(7, basket))).resultCd).toBe("000");
    expect(await call("saveTrnsSalesOsdc", sale(7, basket))).toMatchObject({
      resultCd: "994",
      resultMsg: "Duplicated data exists",
      data: null,
    });
    expect((await call("saveTrnsSalesOsdc", sale(7, basket.slice(0, 1)))).resultCd).toBe("994");
    const { sales } = await (await fetch(`${simulator.url}/__simulator/sales`)).json();
    expect(sales).toEqual([expect.objectContaining({ invcNo: 7, attempts: 3 })]);
    expect((await call("saveTrnsSalesOsdc", sale(8, basket))).data).toMatchObject({ curRcptNo: 2, totRcptNo: 2 });
  });

  it("takes a credit note only after the sale it refunds: 922 before, 000 after, numbered on its own", async () => {
    await registerBasket();
    const refund = sale(2, basket.slice(2), 1);
    expect(await call("saveTrnsSalesOsdc", refund)).toMatchObject({ resultCd: "922", data: null });
    expect((await call("saveTrnsSalesOsdc", sale(1, basket))).resultCd).toBe("000");
    expect((await call("saveTrnsSalesOsdc", refund)).data).toMatchObject({ curRcptNo: 1, totRcptNo: 2 });
    expect(simulator.sales().map(({ invcNo, rcptTyCd, attempts }) => ({ invcNo, rcptTyCd, attempts }))).toEqual([
      { invcNo: 1, rcptTyCd: "S", attempts: 1 },
      { invcNo: 2, rcptTyCd: "R", attempts: 2 },
    ]);
  });

  it("wants a credit note's date and reason", async () => {
    await registerBasket();
    await call("saveTrnsSalesOsdc", sale(1, basket));
    const { rfdRsnCd: _reason, ...refund } = sale(2, basket.slice(2), 1);
    expect((await call("saveTrnsSalesOsdc", refund)).resultMsg).toContain("rfdRsnCd is missing");
  });
});

describe("the controls", () => {
  async function control(path: string, body: unknown) {
    const response = await fetch(`${simulator.url}/__simulator/${path}`, { method: "POST", body: JSON.stringify(body) });
    expect(response.status).toBe(200);
  }

  it("can take eTIMS down (HTTP 503, no JSON) and bring it back", async () => {
    await control("down", { down: true });
    const down = await post("selectInitOsdcInfo", initBody);
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).not.toContain("json");
    await control("down", { down: false });
    expect((await call("selectInitOsdcInfo", initBody)).resultCd).toBe("000");
  });

  it("can refuse the next sale with a chosen code, once, counting the attempt", async () => {
    await registerBasket();
    await control("reject-next", { resultCd: "999", resultMsg: "Server busy" });
    expect(await call("saveTrnsSalesOsdc", sale(1, basket))).toMatchObject({
      resultCd: "999",
      resultMsg: "Server busy",
      data: null,
    });
    simulator.rejectNext();
    expect((await call("saveTrnsSalesOsdc", sale(1, basket))).resultCd).toBe("910");
    expect((await call("saveTrnsSalesOsdc", sale(1, basket))).resultCd).toBe("000");
    expect(simulator.sales()[0].attempts).toBe(3);
  });

  it("can answer slowly", async () => {
    await control("slow", { ms: 300 });
    const started = Date.now();
    expect((await call("selectInitOsdcInfo", initBody)).resultCd).toBe("000");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    simulator.setSlow(0);
  });

  it("resets sales, items and flags but remembers the initialisation unless told to forget all", async () => {
    await registerBasket();
    await call("saveTrnsSalesOsdc", sale(1, basket));
    await call("selectInitOsdcInfo", initBody);
    simulator.setDown(true);
    await control("reset", {});
    expect([simulator.sales(), simulator.items()]).toEqual([[], []]);
    expect((await call("selectInitOsdcInfo", initBody)).resultCd).toBe("902");
    await control("reset", { all: true });
    expect((await call("selectInitOsdcInfo", initBody)).resultCd).toBe("000");
  });

  it("refuses a malformed control with 400", async () => {
    const response = await fetch(`${simulator.url}/__simulator/down`, { method: "POST", body: '{"down":"yes"}' });
    expect(response.status).toBe(400);
  });
});

describe("with a consumer key and secret", () => {
  const keys = { consumerKey: "etims-key", consumerSecret: "etims-secret" };
  let guarded: EtimsSimulator;
  beforeAll(async () => {
    guarded = await startEtimsSimulator({ ...keys, tokenTtlMs: 200 });
  });
  afterAll(async () => {
    await guarded.close();
  });

  const token = (credentials: string) =>
    fetch(`${guarded.url}/v1/token/generate?grant_type=client_credentials`, {
      headers: { Authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
    });

  it("wants a Bearer token from /v1/token/generate on every call, and lets it expire", async () => {
    expect((await token("etims-key:wrong")).status).toBe(401);
    const unauthorised = await post("selectInitOsdcInfo", initBody, {}, guarded);
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({ resultCd: "401", resultMsg: "Unauthorized" });
    const issued = await token("etims-key:etims-secret");
    expect(issued.status).toBe(200);
    const { access_token, expires_in } = await issued.json();
    expect(expires_in).toBe("0");
    const bearer = { Authorization: `Bearer ${access_token}` };
    expect((await (await post("selectInitOsdcInfo", initBody, bearer, guarded)).json()).resultCd).toBe("000");
    const headers = { ...bearer, tin, bhfId, cmcKey: guarded.cmcKey };
    expect((await (await post("saveItem", item("SHIRT-001"), headers, guarded)).json()).resultCd).toBe("000");
    expect((await post("saveItem", item("SHIRT-001"), { ...headers, Authorization: "Bearer forged" }, guarded)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await post("saveItem", item("SHIRT-001"), headers, guarded)).status).toBe(401);
  });

  it("says 3599 seconds by default", async () => {
    const standard = await startEtimsSimulator(keys);
    try {
      const answer = await fetch(`${standard.url}/v1/token/generate?grant_type=client_credentials`, {
        headers: { Authorization: `Basic ${Buffer.from("etims-key:etims-secret").toString("base64")}` },
      });
      expect(await answer.json()).toEqual({ access_token: expect.any(String), expires_in: "3599" });
    } finally {
      await standard.close();
    }
  });
});
