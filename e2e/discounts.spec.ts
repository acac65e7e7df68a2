import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { formatKsh } from "../lib/catalog/price";
import { discountRefusals } from "../lib/discounts/rules";
import { invoiceLabels } from "../lib/invoices/labels";
import { discountAmountText, discountLabel } from "../lib/orders/figures";
import { formatCents } from "../lib/tax/money";
import { packingSlipPath, staffOrderPath } from "../lib/orders/staff-filters";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder, placeOrderWithoutJavaScript } from "./support/checkout";
import { staffState } from "./support/staff";
import { takeStep } from "./support/staff-orders";

// Size L of the back office's product: plenty of stock, KSh 2,400.
const product = fixtureProducts.backOffice;
const price = 2400;

async function marketingPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState("marketing") });
  return context.newPage();
}

/** Creates a 10 % code through /admin/discounts and returns it (upper-case, as the shop keeps it). */
async function createCode(
  marketing: Page,
  fields: { maxUses?: string; startsAt?: string; endsAt?: string } = {},
): Promise<string> {
  const code = `E2E-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  await marketing.goto(backOfficeSections.discounts.path);
  const form = marketing.getByRole("region", { name: "New discount code" });
  await form.getByLabel("Code (like KARIBU10)").fill(code.toLowerCase());
  await form.getByLabel("Kind").selectOption({ label: "Percentage off" });
  await form.getByLabel("Percentage or amount (KSh)").fill("10");
  // The start defaults to now and the end may stay empty: an open-ended code (issue 55).
  const starts = form.getByLabel("Starts (Nairobi time)");
  if (fields.startsAt) await starts.fill(fields.startsAt);
  else await expect(starts).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const ends = form.getByLabel("Ends (Nairobi time, optional)");
  await expect(ends).toHaveValue("");
  if (fields.endsAt) await ends.fill(fields.endsAt);
  if (fields.maxUses) await form.getByLabel("Total uses (optional)").fill(fields.maxUses);
  await form.getByLabel("Applies to").selectOption({ label: "Everything in the cart" });
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(form.getByRole("status")).toHaveText(`Code ${code} created.`);
  return code;
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel("Discount code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test.describe("discount codes", () => {
  test("marketing creates a code; a shopper applies it in any case, sees its line and orders with it; its use is counted", async ({
    browser,
    page,
  }) => {
    // From the code's creation to the delivered order's invoice: past 30 s on a loaded CI machine.
    test.slow();
    const marketing = await marketingPage(browser);
    const code = await createCode(marketing, { maxUses: "5" });
    await expectNoSeriousAxeViolations(marketing);
    await expect(marketing.getByTestId(`discount-${code}`)).toContainText("0 of 5");
    await expect(marketing.getByTestId(`discount-${code}`)).toContainText("– no end");

    await addFromProductPage(page, product.slug, { size: "L" });
    await page.goto("/cart");
    await applyCode(page, "NOPE-NOPE");
    await expect(page.getByText(discountRefusals.unknown)).toBeVisible();
    await applyCode(page, code.toLowerCase());
    await expect(page.getByRole("status").filter({ hasText: `Discount code ${code} applied.` })).toBeVisible();
    await expect(page.getByTestId("cart-discount")).toHaveText(`−${formatKsh(price / 10)}`);
    // One code per cart: the applied code with 'Remove code' replaces the empty field.
    await expect(page.getByRole("textbox", { name: "Discount code" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.goto("/checkout");
    await expect(page.getByTestId("summary-discount")).toHaveText(`−${formatKsh(price / 10)}`);
    await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Discount code" })).toHaveCount(0);
    await fillDelivery(page, deliveryDetails({ County: "Kisumu" }));
    const number = await placeOrder(page);
    await expect(page.getByText(discountLabel(code))).toBeVisible();

    // Staff see the code and what it took off wherever the order's figures appear, adding up to the total.
    const staff = await (await browser.newContext({ storageState: staffState("staff") })).newPage();
    const discountRow = [discountLabel(code), discountAmountText(price / 10)];
    await staff.goto(staffOrderPath(number));
    const items = staff.getByRole("table", { name: "Items ordered" });
    await expect(items.getByRole("row").filter({ hasText: discountRow[0] })).toContainText(discountRow[1]);
    await staff.goto(packingSlipPath(number));
    await expect(staff.getByTestId("slip-figures")).toContainText(discountRow.join(""));
    // Delivered, its invoice's line multiplies out: quantity × price − discount = amount.
    await staff.goto(staffOrderPath(number));
    await takeStep(staff, number, "placed", "confirmed");
    await takeStep(staff, number, "confirmed", "dispatched");
    await takeStep(staff, number, "dispatched", "delivered");
    await staff.getByRole("region", { name: invoiceLabels.link }).getByRole("link", { name: invoiceLabels.link }).click();
    const line = staff.getByTestId("invoice-line").filter({ hasText: product.name });
    await expect(line).toContainText(`1 × ${formatCents(price * 100)} − ${formatCents((price / 10) * 100)} discount`);
    await expect(line).toContainText(formatCents(price * 90));
    await staff.context().close();

    await marketing.reload();
    const row = marketing.getByTestId(`discount-${code}`);
    await expect(row).toContainText("1 of 5");
    await row.getByRole("button", { name: `Disable ${code}` }).click();
    await expect(row).toContainText("Disabled by");
  });
});

test.describe("discount codes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Apply', 'Remove code' and the order work as plain form posts, and a refused code says why", async ({
    browser,
    page,
  }) => {
    const marketing = await marketingPage(browser);
    const later = await createCode(marketing, { startsAt: "2098-01-01T00:00" });
    const ended = await createCode(marketing, { startsAt: "2020-01-01T00:00", endsAt: "2021-01-01T00:00" });
    const code = await createCode(marketing);

    await addFromProductPage(page, product.slug, { size: "L" });
    await page.goto("/cart");
    // A code not started yet and one that has ended answer as an unknown one: a guess learns nothing.
    for (const refused of [later, ended]) {
      await applyCode(page, refused);
      await expect(page.getByText(discountRefusals.unknown)).toBeVisible();
    }
    await applyCode(page, code);
    await expect(page.getByTestId("cart-discount")).toHaveText(`−${formatKsh(price / 10)}`);
    await page.getByRole("button", { name: "Remove code" }).click();
    await expect(page.getByTestId("cart-discount")).toHaveCount(0);

    await applyCode(page, code);
    await page.goto("/checkout");
    await expect(page.getByTestId("summary-discount")).toHaveText(`−${formatKsh(price / 10)}`);
    await fillDelivery(page, deliveryDetails({ County: "Kisumu" }));
    await placeOrderWithoutJavaScript(page);
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  });
});
