import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { shopperPage } from "./support/pages";
import { formatKsh } from "../lib/catalog/price";
import { newOrderNumber } from "../lib/orders/order-number";
import { statusMessages } from "../lib/orders/status-change-rules";
import {
  ordersExportHref,
  packingSlipPath,
  parseOrderFilters,
  staffOrderPath,
  staffOrdersHref,
} from "../lib/orders/staff-filters";
import { cancelReasonLabel, orderStepDone, orderStepLabels, type OrderStep } from "../lib/orders/staff-labels";
import { orderStatusLabels } from "../lib/orders/status";
import { fixtureProducts } from "./fixtures/products";
import { signUp, uniqueEmail } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage, chooseOptions } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder, seededFees, type DeliveryLabel } from "./support/checkout";
import { mailsTo } from "./support/mail";
import { staffAccounts, staffState } from "./support/staff";
import { fillDispatch } from "./support/staff-orders";

// Whole purchases in one browser and the back office in another: slow on a busy machine.
test.slow();

// The default page is the 'staff' account's (the orders role, second factor set up by the setup project).
test.use({ storageState: staffState("staff") });

// Other specs place orders at the same time: every check looks for this test's own order (its
// number, a phone and an e-mail no one else uses), never at the whole list. Stock: size S of the
// back office's fixture product has plenty, M is only for the cancel test, L for the two-staff test.
const product = fixtureProducts.backOffice;
const price = product.variants[0].price;
const countrywideTotal = price + seededFees.elsewhere;

test(
  "staff find a shopper's order and take it to delivery; the shopper's bell and e-mails follow each step",
  { tag: "@embedded" },
  async ({ page, browser, baseURL }) => {
    const shopper = await shopperPage(browser, baseURL!);
    await signUp(shopper);
    const phone = uniquePhone();
    const email = uniqueEmail("back-office");
    const number = await order(shopper, {
      details: { "Full name": "Wanjiru Kamau", Phone: phone.typed, Email: email, County: "Kiambu", Town: "Thika" },
    });

    // The Placed tab, then a search by number, by phone (as staff type it) and by e-mail.
    await page.goto(staffOrdersHref());
    await statusTabs(page).getByRole("link", { name: "Placed", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=placed$/);
    await expect(statusTabs(page).getByRole("link", { name: "Placed", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(statusTabs(page).getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current", "page");
    for (const q of [number, phone.typed, email]) {
      await search(page, q);
      await expect(page).toHaveURL(/status=placed/);
      await expect(ordersTable(page).getByTestId("order-row")).toHaveCount(1);
      await expect(orderRow(page, number)).toBeVisible();
    }
    const row = orderRow(page, number);
    await expect(row).toContainText("Wanjiru Kamau");
    await expect(row).toContainText("Kiambu");
    await expect(row).toContainText(formatKsh(countrywideTotal));
    await expect(row).toContainText("Pay on delivery · Pending");
    await expect(row).toContainText(orderStatusLabels.placed);
    await expect(row).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    await expectNoSeriousAxeViolations(page);

    // The order's page: lines, totals, a phone to call, the payment and the history.
    await row.getByRole("link", { name: number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${staffOrderPath(number)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
    await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.placed);
    await expect(page.getByRole("table", { name: "Items ordered" })).toContainText(product.name);
    await expect(page.getByRole("table", { name: "Items ordered" })).toContainText(formatKsh(countrywideTotal));
    await expect(page.getByRole("link", { name: phone.stored })).toHaveAttribute("href", `tel:${phone.stored}`);
    await expect(page.getByTestId("payment-row")).toHaveCount(1);
    for (const cell of ["Pay on delivery", "Pending", formatKsh(countrywideTotal)]) {
      await expect(page.getByTestId("payment-row")).toContainText(cell);
    }
    await expect(page.getByTestId("history-row")).toHaveCount(1);
    await expect(page.getByTestId("history-row")).toContainText("Shopper");
    await expectNoSeriousAxeViolations(page);

    const subjects = { confirmed: "is confirmed", dispatched: "is on its way", delivered: "has been delivered" } as const;
    for (const step of ["confirmed", "dispatched", "delivered"] as const) {
      await takeStep(page, number, step);
      await expectBellItem(shopper, `Order ${number}: ${orderStatusLabels[step]}`);
      await expectMailSubject(email, `Your order ${number} ${subjects[step]}`);
    }

    // Delivered: paid on delivery, nothing more to do, every change kept with who made it.
    await expect(page.getByTestId("payment-row")).toContainText("Paid");
    await expect(page.getByText("No further steps: this order is final.")).toBeVisible();
    await expect(page.getByRole("button", { name: orderStepLabels.cancelled })).toHaveCount(0);
    const history = page.getByTestId("history-row");
    await expect(history).toHaveCount(4);
    await expect(history.filter({ hasText: staffAccounts.staff.email })).toHaveCount(3);
    await expect(history.nth(3)).toContainText(`${orderStatusLabels.dispatched} → ${orderStatusLabels.delivered}`);
    await shopper.context().close();
  },
);

test("cancelling asks for a reason, keeps it in the history, tells the shopper and puts the stock back", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const email = uniqueEmail("cancelled");
  const before = await stockLeft(shopper, "M");
  const number = await order(shopper, { size: "M", quantity: 2, details: { Email: email } });
  await expect.poll(() => stockLeft(shopper, "M")).toBe(before - 2);

  await page.goto(staffOrderPath(number));
  const cancel = page.getByRole("form", { name: "Cancel this order" });
  const reason = cancel.getByLabel(cancelReasonLabel);
  // Without a reason the browser keeps the form back.
  await cancel.getByRole("button", { name: orderStepLabels.cancelled }).click();
  expect(await reason.evaluate((field: HTMLTextAreaElement) => field.validity.valueMissing)).toBe(true);
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.placed);

  await reason.fill("The shopper called: ordered the wrong size.");
  await cancel.getByRole("button", { name: orderStepLabels.cancelled }).click();
  await expect(page.getByRole("status").filter({ hasText: orderStepDone(number, "cancelled") })).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.cancelled);
  await expect(page.getByTestId("payment-row")).toContainText("Cancelled");
  await expect(page.getByTestId("history-row").last()).toContainText("The shopper called: ordered the wrong size.");
  await expect(page.getByTestId("history-row").last()).toContainText(staffAccounts.staff.email);
  await expect(page.getByText("No further steps: this order is final.")).toBeVisible();

  await expectMailSubject(email, `Your order ${number} has been cancelled`);
  await expect.poll(() => stockLeft(shopper, "M")).toBe(before);
  await shopper.context().close();
});

test(
  "two members of staff on one order: the later change is refused as changed meanwhile and changes nothing",
  { tag: "@embedded" },
  async ({ page, browser, baseURL }) => {
    const shopper = await shopperPage(browser, baseURL!);
    const number = await order(shopper, { size: "L" });
    await shopper.context().close();
    const admin = await (await browser.newContext({ baseURL, storageState: staffState("admin") })).newPage();
    await page.goto(staffOrderPath(number));
    await admin.goto(staffOrderPath(number));
    await expect(admin.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.placed);

    // Staff confirm; the admin's page still shows the order as placed and cancels it.
    await takeStep(page, number, "confirmed");
    const cancel = admin.getByRole("form", { name: "Cancel this order" });
    await cancel.getByLabel(cancelReasonLabel).fill("Duplicate order");
    await cancel.getByRole("button", { name: orderStepLabels.cancelled }).click();
    await expect(admin.getByRole("alert").filter({ hasText: statusMessages.changedMeanwhile("confirmed") })).toBeVisible();
    // The admin now sees the order as it is, with its next steps.
    await expect(admin.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.confirmed);
    await expect(admin.getByRole("button", { name: orderStepLabels.dispatched })).toBeVisible();

    // Nothing else changed: no cancellation in the history. (A fresh GET: the page may be a form post's answer.)
    await page.goto(staffOrderPath(number));
    await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.confirmed);
    await expect(page.getByTestId("history-row")).toHaveCount(2);
    await expect(page.getByTestId("history-row").filter({ hasText: orderStatusLabels.cancelled })).toHaveCount(0);
    await expect(page.getByTestId("payment-row")).toContainText("Pending");
    await admin.context().close();
  },
);

test("hand-made posts of the status action change nothing and say why; forged numbers are not found", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const number = await order(shopper);
  await page.goto(staffOrderPath(number));
  const fields = await formFields(page.getByRole("form", { name: "Cancel this order" }));
  expect(fields).toMatchObject({ number, expectedStatus: "placed", status: "cancelled" });
  const post = (request: APIRequestContext, changes: Record<string, string>) =>
    request.post(staffOrderPath(number), {
      multipart: { ...fields, ...changes },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });

  // Staff, by hand: each refusal is said on the page, and the order stays as it was.
  const refused: [Record<string, string>, string][] = [
    [{ status: "delivered" }, statusMessages.notAllowed("placed", "delivered")],
    [{ status: "dispatched" }, statusMessages.notAllowed("placed", "dispatched")],
    [{ status: "lost" }, statusMessages.unknownStatus],
    [{ status: "cancelled", note: "   " }, statusMessages.reasonRequired],
    [{ status: "confirmed", expectedStatus: "confirmed" }, statusMessages.changedMeanwhile("placed")],
    [{ status: "confirmed", number: newOrderNumber() }, statusMessages.unknownOrder],
    [{ status: "confirmed", number: "KT-' or 1=1 --" }, statusMessages.unknownOrder],
  ];
  for (const [changes, message] of refused) {
    const response = await post(page.request, changes);
    expect(response.status(), message).toBe(200);
    expect(await response.text(), message).toContain(message);
  }

  // A post from another site, with the staff member's own cookies, is refused before any action runs.
  const crossSite = await page.request.post(staffOrderPath(number), {
    multipart: { ...fields, status: "confirmed" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);

  // Marketing may see the dashboard, not change orders; a shopper and a signed-out visitor even less.
  const marketing = await browser.newContext({ baseURL, storageState: staffState("marketing") });
  const marketingAnswer = await post(marketing.request, { status: "confirmed" });
  expect([403, 404]).toContain(marketingAnswer.status());
  expect(await marketingAnswer.text()).not.toContain(orderStepDone(number, "confirmed"));
  await marketing.close();

  const stranger = await shopperPage(browser, baseURL!);
  await signUp(stranger);
  expect((await post(stranger.request, { status: "confirmed" })).status()).toBe(404);
  await stranger.context().close();

  const signedOut = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const signedOutAnswer = await post(signedOut.request, { status: "confirmed" });
  expect(signedOutAnswer.status()).toBe(303);
  expect(signedOutAnswer.headers()["location"]).toMatch(/^\/login\?returnTo=/);
  await signedOut.close();

  // Still placed, with only the shopper's entry in its history.
  await page.goto(staffOrderPath(number));
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.placed);
  await expect(page.getByTestId("history-row")).toHaveCount(1);

  // Pages for numbers that do not exist answer 404.
  for (const path of [staffOrderPath(newOrderNumber()), staffOrderPath("not-an-order"), packingSlipPath(newOrderNumber())]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  await shopper.context().close();
});

test("Export CSV downloads the filtered list, with text that looks like a formula escaped", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const email = uniqueEmail("csv");
  const phone = uniquePhone();
  const fullName = '=HYPERLINK("http://evil.example","Click")';
  const number = await order(shopper, {
    details: { "Full name": fullName, Email: email, Phone: phone.typed, Town: '@Kisumu, "West"' },
  });

  await page.goto(staffOrdersHref({ q: email }));
  await expect(orderRow(page, number)).toBeVisible();
  await expect(orderRow(page, number)).toContainText(fullName);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [headings, ...rows] = parseCsv(text);
  expect(headings).toEqual([
    "Order number",
    "Placed (Nairobi time)",
    "Customer",
    "Phone",
    "E-mail",
    "County",
    "Town",
    "Pickup point",
    "Courier",
    "Waybill",
    "Collect at",
    "Subtotal (KSh)",
    "Discount (KSh)",
    "Discount code",
    "Delivery (KSh)",
    "Total (KSh)",
    "Revenue (KSh)",
    "Payment method",
    "Payment status",
    "Status",
  ]);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row[0]).toBe(number);
  expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(row[2]).toBe(`'${fullName}`);
  expect(row[3]).toBe(`'${phone.stored}`);
  expect(row[4]).toBe(email);
  expect(row[5]).toBe("Kisumu");
  expect(row[6]).toBe(`'@Kisumu, "West"`);
  // Not dispatched yet: no courier or waybill, and the shopper named nowhere to collect. Pay on
  // delivery brings in nothing until it is collected.
  expect(row.slice(7)).toEqual([
    "",
    "",
    "",
    "",
    String(price),
    "0",
    "",
    String(seededFees.elsewhere),
    String(countrywideTotal),
    "0",
    "Pay on delivery",
    "Pending",
    orderStatusLabels.placed,
  ]);
  // As written: quoted where it must be, the formula behind a single quote, CRLF line ends.
  expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
  expect(text.endsWith("\r\n")).toBe(true);

  // The file is never cached, and only staff with the orders role get it.
  const href = ordersExportHref(parseOrderFilters({ q: email }));
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const marketing = await browser.newContext({ baseURL, storageState: staffState("marketing") });
  expect((await marketing.request.get(href)).status()).toBe(403);
  await marketing.close();
  await signUp(shopper);
  expect((await shopper.request.get(href)).status()).toBe(404);
  await shopper.context().close();
});

test("the packing slip shows the order number large and the phone, and prints without the back office around it", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone();
  const number = await order(shopper, { details: { Phone: phone.typed, "Full name": "Otieno Ouma" } });
  await shopper.context().close();

  await page.goto(staffOrderPath(number));
  await page.getByRole("link", { name: "Packing slip" }).click();
  await expect(page).toHaveURL(new RegExp(`${packingSlipPath(number)}$`));
  await expect(page.getByTestId("slip-number")).toHaveText(number);
  await expect(page.getByTestId("slip-phone")).toHaveText(phone.stored);
  await expect(page.getByText("Otieno Ouma")).toBeVisible();
  await expect(page.getByRole("table", { name: "Items in this parcel" })).toContainText(product.name);
  await expect(page.getByText(`collect ${formatKsh(countrywideTotal)}`)).toBeVisible();
  const numberSize = await page.getByTestId("slip-number").evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(numberSize).toBeGreaterThanOrEqual(40);
  await expectNoSeriousAxeViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print packing slip" })).toBeHidden();
  await expect(page.getByTestId("slip-number")).toBeVisible();
  await expect(page.getByTestId("slip-phone")).toBeVisible();
});

test("the dashboard counts today's orders and links each figure to its orders", async ({ page, browser, baseURL }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const before = Number(await page.getByTestId("orders-today").textContent());

  const shopper = await shopperPage(browser, baseURL!);
  const number = await order(shopper);
  await shopper.context().close();

  await expect
    .poll(async () => {
      await page.reload();
      return Number(await page.getByTestId("orders-today").textContent());
    })
    .toBeGreaterThan(before);
  expect(Number(await page.getByTestId("awaiting-confirmation").textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("revenue-today")).toHaveText(/^KSh [\d,]+$/);
  await expect(page.getByRole("table", { name: "Variants low on stock, lowest first" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "See the orders: orders today" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await search(page, number);
  await expect(orderRow(page, number)).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("link", { name: "See the orders: waiting to be confirmed" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=placed$/);
  await expect(statusTabs(page).getByRole("link", { name: "Placed", exact: true })).toHaveAttribute("aria-current", "page");

  // Marketing sees the figures without links to the orders it may not open.
  const marketing = await (await browser.newContext({ baseURL, storageState: staffState("marketing") })).newPage();
  await marketing.goto("/admin");
  await expect(marketing.getByTestId("orders-today")).toBeVisible();
  await expect(marketing.getByRole("link", { name: /^See the orders/ })).toHaveCount(0);
  await marketing.context().close();
});

/** Buys the back office's fixture product (size S unless told) with valid details; returns the order number. */
async function order(
  page: Page,
  options: { size?: "S" | "M" | "L"; quantity?: number; details?: Partial<Record<DeliveryLabel, string>> } = {},
): Promise<string> {
  await addFromProductPage(page, product.slug, { size: options.size ?? "S", quantity: options.quantity });
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails(options.details));
  return placeOrder(page);
}

/** A Kenyan mobile number no other test uses: as a shopper types it, and as the shop stores it. */
function uniquePhone(): { typed: string; stored: string } {
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0");
  return { typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, stored: `+2547${digits}` };
}

const statusTabs = (page: Page) => page.getByRole("navigation", { name: "Order status" });
const ordersTable = (page: Page) => page.getByRole("table", { name: "Orders, newest first" });
const orderRow = (page: Page, number: string) =>
  ordersTable(page)
    .getByTestId("order-row")
    .filter({ has: page.getByRole("link", { name: number, exact: true }) });

/** Searches the order list from the keyboard (Enter in the search field). */
async function search(page: Page, q: string) {
  const field = page.getByRole("search", { name: "Find orders" }).getByLabel("Order number, phone or e-mail");
  await field.fill(q);
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "\\+")}(&|$)`));
}

/** Presses a step's button on an order page and waits for the order to reach it. */
async function takeStep(page: Page, number: string, step: OrderStep) {
  if (step === "dispatched") await fillDispatch(page, number);
  await page.getByRole("button", { name: orderStepLabels[step], exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: orderStepDone(number, step) })).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[step]);
}

/** The fields a form posts without JavaScript (React's action references included). */
function formFields(form: Locator): Promise<Record<string, string>> {
  return form.evaluate((element: HTMLFormElement) =>
    Object.fromEntries(Array.from(new FormData(element), ([name, value]) => [name, String(value)])),
  );
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

/** Waits until the shopper's bell lists a notification with this title (reloading, as a shopper would). */
async function expectBellItem(page: Page, title: string) {
  await expect(async () => {
    await page.reload();
    if ((await bell(page).getAttribute("aria-expanded")) !== "true") await bell(page).click();
    await expect(bell(page)).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel.getByRole("listitem").filter({ hasText: title })).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/** Waits until an e-mail with this subject reached the address. */
async function expectMailSubject(address: string, subject: string) {
  await expect
    .poll(async () =>
      (await mailsTo(address)).map((mail) => mail.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1].replace(/\r?\n[ \t]/g, " ")),
    )
    .toContain(subject);
}

/**
 * How many of a size the product page says are left: 'Only 3 left' is 3, 'Sold out' 0. For a size
 * kept at or under the low-stock threshold (M), so the page always says a number.
 */
async function stockLeft(page: Page, size: "S" | "M" | "L"): Promise<number> {
  let label = "";
  await expect(async () => {
    await page.goto(`/products/${product.slug}`);
    await chooseOptions(page, { size });
    await expect(page.getByRole("group", { name: "Size" }).getByRole("radio", { name: size, exact: true })).toBeChecked({
      timeout: 1_000,
    });
    const purchase = page.locator("form").filter({ has: page.getByRole("button", { name: "Add to cart" }) });
    label = (await purchase.getByText(/^(Only \d+ left|Sold out|In stock)$/).textContent({ timeout: 1_000 })) ?? "";
  }).toPass();
  if (label === "Sold out") return 0;
  const only = label.match(/^Only (\d+) left$/);
  if (!only) throw new Error(`Size ${size} of ${product.name} shows '${label}', not how many are left`);
  return Number(only[1]);
}

/** A CSV file's rows and fields (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      index++;
    } else field += character;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}
