import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { formatKsh } from "../lib/catalog/price";
import { freeDeliveryNudge } from "../lib/checkout/fulfilment-fee";
import { formatOpeningHours, weekdayLabels, weekdays, type OpeningHours } from "../lib/checkout/opening-hours";
import { pickupPointMessages } from "../lib/checkout/pickup-point-rules";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, pickupContact, placeOrder, seededFees } from "./support/checkout";
import { staffState } from "./support/staff";

// Runs with the specs that change what every shopper sees (playwright.config.ts): a threshold and a
// new pickup point change every checkout. Each test puts back what it changes.
test.slow();

const product = fixtureProducts.backOffice;
const price = product.variants.find((variant) => variant.size === "XL")!.price;
const path = backOfficeSections.delivery.path;

/** A point that opens on Wednesdays only: every pickup date skips to a Wednesday. */
const wednesdaysOnly = {
  ...(Object.fromEntries(weekdays.map((day) => [day, null])) as OpeningHours),
  wednesday: { open: "10:00", close: "20:00" },
};

/** Types a point's hours into its form: each day's two times, both empty when closed. */
async function fillOpeningHours(form: Locator, hours: OpeningHours) {
  for (const day of weekdays) {
    await form.getByLabel(`${weekdayLabels[day]} opens`).fill(hours[day]?.open ?? "");
    await form.getByLabel(`${weekdayLabels[day]} closes`).fill(hours[day]?.close ?? "");
  }
}

async function asAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState("admin") });
  return context.newPage();
}

async function checkoutWith(page: Page, quantity: number) {
  await addFromProductPage(page, product.slug, { size: "XL", quantity });
  await page.goto("/checkout");
}

async function setThreshold(admin: Page, threshold: string, message: string) {
  await admin.goto(path);
  const form = admin.getByRole("form", { name: "Free delivery" });
  await form.getByLabel("Free delivery from (KSh)").fill(threshold);
  await form.getByRole("button", { name: "Save free delivery" }).click();
  // Exact: the field's hint ends in "no free delivery." too.
  await expect(form.getByText(message, { exact: true })).toBeVisible();
}

test("an admin sets free delivery: the checkout says how much more to spend, charges nothing from it, and the order keeps it", async ({
  browser,
  page,
}) => {
  const admin = await asAdmin(browser);
  await setThreshold(admin, "abc", pickupPointMessages.threshold);
  await setThreshold(admin, String(2 * price), `Delivery is free from ${formatKsh(2 * price)}.`);
  await expectNoSeriousAxeViolations(admin);
  try {
    await checkoutWith(page, 1);
    await expect(page.getByTestId("summary-note")).toHaveText(freeDeliveryNudge(price));
    await page.goto("/cart");
    await expect(page.getByTestId("cart-free-delivery")).toHaveText(freeDeliveryNudge(price));
    await checkoutWith(page, 1);
    await expect(page.getByTestId("summary-note")).toHaveCount(0);
    await fillDelivery(page, deliveryDetails());
    await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
    await expect(checkoutForm(page).getByText("Delivery: Free, delivered in 2–5 days.")).toBeVisible();
    const number = await placeOrder(page);
    await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
    await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(2 * price));

    // No threshold again: the next checkout pays the county's fee, the placed order stays free.
    await setThreshold(admin, "", "No free delivery.");
    await page.goto(`/orders/${number}`);
    await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
    await checkoutWith(page, 1);
    await fillDelivery(page, deliveryDetails());
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.elsewhere));
  } finally {
    await setThreshold(admin, "", "No free delivery.");
  }
});

test("an admin adds a point open on Wednesdays only, edits and stops offering it; an order is ready on Wednesdays and keeps the point as it was", async ({
  browser,
  page,
}) => {
  const name = `Kiosk ${Date.now().toString(36)}`;
  const admin = await asAdmin(browser);
  await admin.goto(path);
  const add = admin.getByRole("form", { name: "Add a pickup point" });
  await add.getByRole("button", { name: "Add the pickup point" }).click();
  await expect(add.getByText(pickupPointMessages.name)).toBeVisible();
  await add.getByLabel("Name").fill(name);
  await fillOpeningHours(add, wednesdaysOnly);
  await add.getByLabel("Address").fill("Westgate Mall, Nairobi");
  await add.getByLabel("Fee (KSh, 0 for free)").fill("150");
  await add.getByRole("button", { name: "Add the pickup point" }).click();
  await expect(add.getByText(`${name} saved.`)).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(formatOpeningHours(wednesdaysOnly));
  await expect(row).toContainText(`${formatKsh(150)}Yes`);
  await expect(row).toContainText("by admin@kijanithreads.test");

  try {
    await checkoutWith(page, 1);
    // The cart names the new point's fee beside the studio's free pickup.
    await page.goto("/cart");
    await expect(page.getByTestId("cart-pickup")).toHaveText(`Free to ${formatKsh(150)}`);
    await page.goto("/checkout");
    const form = checkoutForm(page);
    await form.getByRole("radio", { name: "Pick up" }).check();
    await form.getByRole("radio", { name: `${name}: ${formatKsh(150)}` }).check();
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(150));
    await fillDelivery(page, pickupContact());
    const number = await placeOrder(page);

    await admin.goto(path);
    await admin.getByText(`Edit ${name}`).click();
    const edit = admin.getByRole("form", { name: `Edit ${name}` });
    await edit.getByLabel("Name").fill(`${name} moved`);
    await edit.getByLabel("Fee (KSh, 0 for free)").fill("300");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText(`${name} moved saved.`)).toBeVisible();

    // Both ready dates fall on the one day the point opens: one date when they are the same Wednesday.
    const ready = await page.getByTestId("delivery-window").textContent();
    expect(ready).toMatch(/^Ready Wed, \d{1,2} \w{3}( – Wed, \d{1,2} \w{3})?$/);
    const [earliest, latest] = ready!.replace("Ready ", "").split(" – ");
    expect(earliest).not.toBe(latest);

    await page.goto(`/orders/${number}`);
    await expect(page.getByTestId("delivery-address")).toHaveText(
      `Pick up at ${name}, Westgate Mall, Nairobi (${formatOpeningHours(wednesdaysOnly)})`,
    );
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(150));
  } finally {
    await admin.goto(path);
    await admin.getByRole("button", { name: new RegExp(`^Disable ${name}`) }).click();
  }
  await expect(admin.getByRole("row").filter({ hasText: name })).toContainText("No");
  await checkoutWith(page, 1);
  await expect(checkoutForm(page).getByRole("radio", { name: new RegExp(name) })).toHaveCount(0);
});
