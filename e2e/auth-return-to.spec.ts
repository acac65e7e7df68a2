import { expect, test } from "@playwright/test";
import { fillSignUp, newShopper, signUp } from "./support/auth";
import { staffAccounts, totpCodeFor } from "./support/staff";

// Each resolves to //evil.example (or reads so to a browser or a decoding server) when
// checked raw and returned normalised; after signing in the shopper must still be on the shop.
const offSite = [
  "/./ /evil",
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "https://evil.example/",
];

const onTheShop = (url: string, baseURL: string | undefined) => new URL(url).origin === new URL(baseURL!).origin;

test("sign-in with each returnTo that leads off the shop stays on the shop", async ({ page, baseURL }) => {
  test.slow(); // Many round trips.
  const shopper = await signUp(page);
  for (const returnTo of offSite) {
    await page.context().clearCookies();
    await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(onTheShop(page.url(), baseURL), `${returnTo} -> ${page.url()}`).toBe(true);
  }
});

test("sign-up with each returnTo that leads off the shop stays on the shop", async ({ page, baseURL }) => {
  test.slow(); // Many round trips.
  for (const returnTo of offSite) {
    await page.context().clearCookies();
    await page.goto(`/register?returnTo=${encodeURIComponent(returnTo)}`);
    await fillSignUp(page, newShopper("return-to"));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).not.toHaveURL(/\/register/);
    expect(onTheShop(page.url(), baseURL), `${returnTo} -> ${page.url()}`).toBe(true);
  }
});

test("the second-factor step keeps a returnTo that leads off the shop on the shop", async ({ page, baseURL }) => {
  const { email, password } = staffAccounts.marketing;
  await page.goto(`/login?returnTo=${encodeURIComponent("/a/..//evil.example")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  // The page's own returnTo is replaced by hand with an off-site one before the code is sent.
  await page.goto(`/login/two-factor?returnTo=${encodeURIComponent("/%2e//evil.example")}`);
  await page.getByLabel("Code from your authenticator app").fill(await totpCodeFor("marketing"));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(onTheShop(page.url(), baseURL), page.url()).toBe(true);
});
