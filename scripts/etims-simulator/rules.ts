// What the simulator checks in a saveItem or saveTrnsSalesOsdc body before it accepts it: the fields and
// lengths of the published OSCU request objects, and the VAT arithmetic of a sale. Pure functions that
// answer the first problem found, in words that name the field, or null; the server turns a problem into
// resultCd 910. Checks that need what the simulator has received (registered items, the sale a credit
// note refunds, duplicates) live in ./server.

type Json = Record<string, unknown>;
/** Says what a value should have been, or null when it is right. */
type Check = (value: unknown) => string | null;

export const taxTypes = ["A", "B", "C", "D", "E"] as const;
export type TaxType = (typeof taxTypes)[number];
/** The VAT rate, in %, of each tax type: A exempt, B 16%, C zero-rated, D non-VAT, E 8%. */
export const taxRates: Record<TaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** How far an amount may be from what the simulator works out: one cent, for the sender's rounding. */
const tolerance = 0.01 + 1e-9;

export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

// ---- field checks ----

const text =
  (max: number): Check =>
  (value) =>
    typeof value === "string" && value.length >= 1 && value.length <= max ? null : `text of 1 to ${max} characters`;

const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === "string" && allowed.includes(value) ? null : `one of ${allowed.join(", ")}`;

const matching =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    typeof value === "string" && pattern.test(value) ? null : what;

/** NUMBER(n,2) in the docs: a JSON number, not negative, with at most two decimals. */
const amount: Check = (value) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
    ? null
    : "a number ≥ 0 with at most two decimals";

const integerFrom =
  (min: number): Check =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= min ? null : `a whole number ≥ ${min}`;

/** The trader's own invoice reference: CHAR(50), though the docs' example sends a number. */
const traderInvoiceNo: Check = (value) => (typeof value === "number" ? integerFrom(0)(value) : text(50)(value));

/** YYYYMMDD or YYYYMMDDhhmmss of a day and time that exist: a rolled-over one (30 February, hour 24) reads back differently. */
const calendar =
  (digits: 8 | 14, what: string): Check =>
  (value) => {
    const parts = typeof value === "string" && new RegExp(`^\\d{${digits}}$`).test(value) ? value.match(/\d\d/g)! : null;
    if (!parts) return what;
    const [year, month, day, hour = "00", minute = "00", second = "00"] = [parts[0] + parts[1], ...parts.slice(2)];
    const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
    const read = new Date(`${iso}Z`);
    return !Number.isNaN(read.getTime()) && read.toISOString().startsWith(iso) ? null : what;
  };

const timestamp = calendar(14, "YYYYMMDDhhmmss");
const date = calendar(8, "YYYYMMDD");

/** Absent, null and "" all mean "not given" for an optional field. */
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || value === null || value === "" ? null : check(value);

const kraPin = matching(/^[A-Z]\d{9}[A-Z]$/, "a KRA PIN (a letter, 9 digits, a letter)");
const yesNo = oneOf("Y", "N");

function firstProblem(body: Json, fields: Record<string, Check>, prefix = ""): string | null {
  for (const [field, check] of Object.entries(fields)) {
    const value = body[field];
    const expected = check(value);
    if (expected === null) continue;
    return value === undefined || value === null ? `${prefix}${field} is missing` : `${prefix}${field} must be ${expected}`;
  }
  return null;
}

/** The people fields every save carries, as CHAR(20) ids and CHAR(60) names. */
const registrant = { regrId: text(20), regrNm: text(60), modrId: text(20), modrNm: text(60) };

// ---- saveItem ----

const itemFields: Record<string, Check> = {
  itemCd: text(20),
  itemClsCd: text(10),
  itemTyCd: text(5),
  itemNm: text(200),
  itemStdNm: optional(text(200)),
  orgnNatCd: matching(/^[A-Z]{2}$/, "a two-letter country code"),
  pkgUnitCd: text(5),
  qtyUnitCd: text(5),
  taxTyCd: oneOf(...taxTypes),
  btchNo: optional(text(10)),
  bcd: optional(text(20)),
  dftPrc: amount,
  isrcAplcbYn: yesNo,
  useYn: yesNo,
  ...registrant,
};

export function itemProblem(body: Json): string | null {
  return firstProblem(body, itemFields);
}

// ---- saveTrnsSalesOsdc ----

const taxFields = Object.fromEntries(
  taxTypes.flatMap((type) => [`taxblAmt${type}`, `taxRt${type}`, `taxAmt${type}`].map((field) => [field, amount])),
);

/** KRA's code list, 'Payment Type' (pmtTyCd), as the OSCU guide publishes it. */
export const paymentTypes: Record<string, string> = {
  "01": "Cash",
  "02": "Credit",
  "03": "Cash/Credit",
  "04": "Bank check",
  "05": "Debit & credit card",
  "06": "Mobile money",
  "07": "Other",
};

const saleFields: Record<string, Check> = {
  invcNo: integerFrom(1),
  orgInvcNo: integerFrom(0),
  trdInvcNo: traderInvoiceNo,
  custTin: optional(kraPin),
  custNm: optional(text(60)),
  salesTyCd: oneOf("N"),
  rcptTyCd: oneOf("S", "R"),
  pmtTyCd: oneOf(...Object.keys(paymentTypes)),
  salesSttsCd: oneOf("02"),
  cfmDt: timestamp,
  salesDt: date,
  stockRlsDt: optional(timestamp),
  totItemCnt: integerFrom(1),
  ...taxFields,
  totTaxblAmt: amount,
  totTaxAmt: amount,
  totAmt: amount,
  prchrAcptcYn: yesNo,
  remark: optional(text(400)),
  ...registrant,
};

const creditNoteFields: Record<string, Check> = {
  rfdDt: timestamp,
  rfdRsnCd: oneOf("01", "02", "03", "04", "05", "06"),
  orgInvcNo: integerFrom(1),
};

const receiptFields: Record<string, Check> = {
  custTin: optional(kraPin),
  custMblNo: optional(text(20)),
  rcptPbctDt: timestamp,
  // The docs give no lengths for the printed texts: anything up to the remark's 400 passes.
  trdeNm: optional(text(400)),
  adrs: optional(text(400)),
  topMsg: optional(text(400)),
  btmMsg: optional(text(400)),
  prchrAcptcYn: yesNo,
};

const lineFields: Record<string, Check> = {
  itemSeq: integerFrom(1),
  itemCd: text(20),
  itemClsCd: text(10),
  itemNm: text(200),
  bcd: optional(text(20)),
  pkgUnitCd: text(5),
  pkg: amount,
  qtyUnitCd: text(5),
  qty: amount,
  prc: amount,
  splyAmt: amount,
  dcRt: amount,
  dcAmt: amount,
  taxTyCd: oneOf(...taxTypes),
  taxblAmt: amount,
  taxAmt: amount,
  totAmt: amount,
};

/** A sale line once its fields are known to be right. */
export type SaleLine = {
  itemSeq: number;
  itemCd: string;
  qty: number;
  prc: number;
  splyAmt: number;
  dcRt: number;
  dcAmt: number;
  taxTyCd: TaxType;
  taxblAmt: number;
  taxAmt: number;
  totAmt: number;
};

/** The first thing wrong with a sale's fields or its arithmetic, or null. */
export function saleProblem(body: Json): string | null {
  return saleFieldsProblem(body) ?? linesArithmeticProblem(body.itemList as SaleLine[]) ?? totalsProblem(body);
}

function saleFieldsProblem(body: Json): string | null {
  const header = firstProblem(body, saleFields) ?? (body.rcptTyCd === "R" ? firstProblem(body, creditNoteFields) : null);
  if (header) return header;
  const { receipt, itemList } = body;
  if (!isObject(receipt)) return "receipt is missing";
  const receiptProblem = firstProblem(receipt, receiptFields, "receipt.");
  if (receiptProblem) return receiptProblem;
  if (!Array.isArray(itemList) || itemList.length === 0) return "itemList must hold at least one item";
  if (body.totItemCnt !== itemList.length) return `totItemCnt ${body.totItemCnt} is not the ${itemList.length} items of itemList`;
  for (const [index, line] of itemList.entries()) {
    const problem = isObject(line)
      ? firstProblem(line, lineFields, `itemList[${index}].`)
      : `itemList[${index}] is not an object`;
    if (problem) return problem;
  }
  const sequences = new Set(itemList.map((line) => (line as Json).itemSeq));
  return sequences.size === itemList.length ? null : "itemList has two items with the same itemSeq";
}

/** Per line: splyAmt = prc × qty, dcRt = dcAmt as a percentage of splyAmt, totAmt = splyAmt − dcAmt, and totAmt split into taxblAmt + taxAmt at the line's rate. */
export function linesArithmeticProblem(lines: SaleLine[]): string | null {
  for (const [index, line] of lines.entries()) {
    const at = `itemList[${index}] (${line.itemCd})`;
    const supply = round2(line.prc * line.qty);
    if (!near(line.splyAmt, supply)) return `${at}: splyAmt ${line.splyAmt} is not prc × qty = ${supply}`;
    const rate = line.splyAmt === 0 ? 0 : round2((line.dcAmt / line.splyAmt) * 100);
    if (!near(line.dcRt, rate)) return `${at}: dcRt ${line.dcRt} is not dcAmt ÷ splyAmt = ${rate}%`;
    const total = round2(line.splyAmt - line.dcAmt);
    if (!near(line.totAmt, total)) return `${at}: totAmt ${line.totAmt} is not splyAmt − dcAmt = ${total}`;
    const taxRate = taxRates[line.taxTyCd];
    const tax = vatIncluded(line.totAmt, taxRate);
    if (!near(line.taxAmt, tax)) {
      return `${at}: taxAmt ${line.taxAmt} is not ${tax}, the ${taxRate}% VAT of tax type ${line.taxTyCd} within totAmt ${line.totAmt}`;
    }
    if (!near(line.taxblAmt + line.taxAmt, line.totAmt)) {
      return `${at}: taxblAmt ${line.taxblAmt} + taxAmt ${line.taxAmt} is not totAmt ${line.totAmt}`;
    }
  }
  return null;
}

/** The VAT inside a tax-inclusive amount: 16/116 of it at 16%, 8/108 at 8%. */
export function vatIncluded(total: number, rate: number): number {
  return round2((total * rate) / (100 + rate));
}

/** The header's per-type amounts and rates, and its totals, against the lines. */
function totalsProblem(body: Json): string | null {
  const lines = body.itemList as SaleLine[];
  let [taxable, tax] = [0, 0];
  for (const type of taxTypes) {
    const ofType = lines.filter((line) => line.taxTyCd === type);
    if (body[`taxRt${type}`] !== taxRates[type]) return `taxRt${type} ${body[`taxRt${type}`]} is not ${taxRates[type]}`;
    const problem =
      sumProblem(body, `taxblAmt${type}`, ofType, "taxblAmt", `the taxblAmt of the type ${type} items`) ??
      sumProblem(body, `taxAmt${type}`, ofType, "taxAmt", `the taxAmt of the type ${type} items`);
    if (problem) return problem;
    taxable += body[`taxblAmt${type}`] as number;
    tax += body[`taxAmt${type}`] as number;
  }
  if (!near(body.totTaxblAmt as number, taxable))
    return `totTaxblAmt ${body.totTaxblAmt} is not Σ taxblAmtA–E = ${round2(taxable)}`;
  if (!near(body.totTaxAmt as number, tax)) return `totTaxAmt ${body.totTaxAmt} is not Σ taxAmtA–E = ${round2(tax)}`;
  return sumProblem(body, "totAmt", lines, "totAmt", "the items' totAmt");
}

function sumProblem(body: Json, field: string, lines: SaleLine[], lineField: keyof SaleLine, what: string): string | null {
  const sum = round2(lines.reduce((total, line) => total + (line[lineField] as number), 0));
  return near(body[field] as number, sum) ? null : `${field} ${body[field]} is not Σ ${what} = ${sum}`;
}

const near = (given: number, expected: number) => Math.abs(given - expected) <= tolerance;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
