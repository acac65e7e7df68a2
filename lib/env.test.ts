import { describe, expect, it } from "vitest";
import { deploymentOrigins, parseEnv } from "./env";
import { servedAddress, siteAddress } from "./site";

describe("settings", () => {
  it("needs nothing: the embedded defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ DATA_DIR: "data", DATABASE_POOL_SIZE: 10, SMTP_PORT: 587 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty value as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_PORT: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_PORT).toBe(587);
  });

  it("names each wrong variable and what is wrong with it", () => {
    expect(() => parseEnv({ SMTP_PORT: "seventy", DATABASE_URL: "mysql://x" })).toThrow(
      /SMTP_PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*SMTP_PORT/,
    );
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
  });

  it("refuses to start in production on a PostgreSQL server without a shared auth secret", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://shop@127.0.0.1/shop",
      SITE_URL: "https://shop.example",
    };
    expect(() => parseEnv(production)).toThrow(/BETTER_AUTH_SECRET: required in production with DATABASE_URL/);
    expect(() => parseEnv({ ...production, BETTER_AUTH_SECRET: "x".repeat(32) })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });

  it("takes eTIMS all or nothing, with the shop's PIN, which may also be set alone for printing", () => {
    const etims = { ETIMS_API_URL: "https://etims-api-sbx.kra.go.ke/etims-api/", ETIMS_DEVICE_SERIAL: "KT-1" };
    expect(() => parseEnv(etims)).toThrow(/eTIMS is partly set up; missing: SHOP_KRA_PIN/);
    expect(() => parseEnv({ ETIMS_API_URL: etims.ETIMS_API_URL, SHOP_KRA_PIN: "P051234567X" })).toThrow(
      /missing: ETIMS_DEVICE_SERIAL/,
    );
    expect(parseEnv({ ...etims, SHOP_KRA_PIN: "P051234567X" })).toMatchObject({ ETIMS_BRANCH_ID: "00", VAT_REGISTERED: false });
    expect(parseEnv({ SHOP_KRA_PIN: "P051234567X", VAT_REGISTERED: "true" })).toMatchObject({ VAT_REGISTERED: true });
    expect(() => parseEnv({ SHOP_KRA_PIN: "p05123" })).toThrow(/SHOP_KRA_PIN: must be a KRA PIN/);
    expect(() => parseEnv({ VAT_REGISTERED: "yes" })).toThrow(/VAT_REGISTERED: must be true or false/);
    expect(() => parseEnv({ ETIMS_CONSUMER_KEY: "key" })).toThrow(
      /OAuth client is partly set up; missing: ETIMS_CONSUMER_SECRET/,
    );
  });

  it("on Vercel refuses to start without DATABASE_URL, and keeps each instance's pool small", () => {
    expect(() => parseEnv({ VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "shop.example" })).toThrow(
      /DATABASE_URL: required on Vercel/,
    );
    const vercel = parseEnv({ VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "shop.example", DATABASE_URL: "postgres://x/shop" });
    expect(vercel).toMatchObject({ platform: "vercel", DATABASE_POOL_SIZE: 3 });
    expect(parseEnv({})).toMatchObject({ platform: "node", DATABASE_POOL_SIZE: 10 });
  });

  it("refuses a deployment without a site address, and never falls back to localhost there", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://x/shop", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/SITE_URL: required for a deployment/);
    expect(() => parseEnv({ ...production, SITE_URL: "https://shop.example" })).not.toThrow();
    expect(() => parseEnv({ ...production, NEXT_PUBLIC_SITE_URL: "https://shop.example" })).not.toThrow();
    expect(() => parseEnv({ VERCEL: "1", DATABASE_URL: "postgres://x/shop" })).toThrow(/SITE_URL: required/);
  });

  it("without SITE_URL, links follow the address the shop serves on", () => {
    expect(servedAddress({})).toBe("http://localhost:3000");
    expect(servedAddress({ PORT: "3150", HOSTNAME: "0.0.0.0" })).toBe("http://localhost:3150");
    expect(servedAddress({ PORT: "8080", HOSTNAME: "shop.lan" })).toBe("http://shop.lan:8080");
    expect(servedAddress({ PORT: "8080", HOSTNAME: "::1" })).toBe("http://[::1]:8080");
  });

  it("takes the site address from SITE_URL, else Vercel's production domain, and trusts the deployment's previews", () => {
    expect(siteAddress({ SITE_URL: "https://shop.example/", VERCEL_PROJECT_PRODUCTION_URL: "x.vercel.app" })).toBe(
      "https://shop.example",
    );
    expect(siteAddress({ VERCEL_PROJECT_PRODUCTION_URL: "shop.vercel.app" })).toBe("https://shop.vercel.app");
    expect(siteAddress({})).toBeUndefined();
    const env = parseEnv({
      VERCEL: "1",
      DATABASE_URL: "postgres://x/shop",
      VERCEL_PROJECT_PRODUCTION_URL: "shop.vercel.app",
      VERCEL_URL: "shop-abc123.vercel.app",
      VERCEL_BRANCH_URL: "shop-git-sale.vercel.app",
    });
    expect(deploymentOrigins(env)).toEqual(["https://shop-abc123.vercel.app", "https://shop-git-sale.vercel.app"]);
    expect(deploymentOrigins(parseEnv({}))).toEqual([]);
  });

  it("refuses a feature whose settings are only partly present, naming what is missing", () => {
    expect(() => parseEnv({ SMTP_USER: "shop" })).toThrow(/SMTP_HOST: missing/);
    expect(() => parseEnv({ SMTP_HOST: "smtp.example.com", SMTP_USER: "shop" })).not.toThrow();
  });

  it("turns M-Pesa on only with all its settings, and refuses half of them, naming what is missing", () => {
    const mpesa = {
      MPESA_API_URL: "https://sandbox.safaricom.co.ke",
      MPESA_CONSUMER_KEY: "key",
      MPESA_CONSUMER_SECRET: "secret",
      MPESA_SHORTCODE: "174379",
      MPESA_PASSKEY: "passkey",
      MPESA_CALLBACK_URL: "https://shop.example",
    };
    expect(() => parseEnv(mpesa)).not.toThrow();
    expect(() => parseEnv({ MPESA_SHORTCODE: "174379", MPESA_PASSKEY: "passkey" })).toThrow(
      /M-Pesa is partly set up; missing: MPESA_API_URL, MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_CALLBACK_URL/,
    );
    expect(() => parseEnv({ ...mpesa, MPESA_CALLBACK_URL: "http://shop.example" })).toThrow(/MPESA_CALLBACK_URL: must be https/);
    expect(() => parseEnv({ ...mpesa, MPESA_CALLBACK_URL: "http://127.0.0.1:3000" })).not.toThrow();
    expect(() => parseEnv({ ...mpesa, MPESA_INITIATOR_NAME: "testapi" })).toThrow(
      /API initiator is partly set up; missing: MPESA_SECURITY_CREDENTIAL/,
    );
    expect(() => parseEnv({ ...mpesa, MPESA_INITIATOR_NAME: "testapi", MPESA_SECURITY_CREDENTIAL: "c" })).not.toThrow();
  });

  it("takes SMS all or nothing, naming what is missing; the sender ID and callback token are optional", () => {
    const sms = { AT_API_URL: "https://api.sandbox.africastalking.com", AT_USERNAME: "sandbox", AT_API_KEY: "key" };
    expect(parseEnv(sms)).toMatchObject({ ...sms, SMS_PER_PHONE_PER_HOUR: 5 });
    expect(() => parseEnv({ AT_USERNAME: "sandbox" })).toThrow(
      /SMS \(Africa's Talking\) is partly set up; missing: AT_API_URL, AT_API_KEY/,
    );
    expect(() => parseEnv({ ...sms, AT_CALLBACK_TOKEN: "short" })).toThrow(/AT_CALLBACK_TOKEN: must be at least 32 characters/);
    expect(parseEnv({ ...sms, AT_SENDER_ID: "KIJANI", SMS_PER_PHONE_PER_HOUR: "2" })).toMatchObject({
      SMS_PER_PHONE_PER_HOUR: 2,
    });
    expect(parseEnv({}).AT_API_URL).toBeUndefined();
  });

  it("takes WhatsApp all or nothing, naming what is missing, with the Graph API's default base and a 10-minute fallback", () => {
    const whatsapp = {
      WHATSAPP_TOKEN: "token",
      WHATSAPP_PHONE_NUMBER_ID: "1098765",
      WHATSAPP_APP_SECRET: "secret",
      WHATSAPP_VERIFY_TOKEN: "verify",
    };
    expect(parseEnv(whatsapp)).toMatchObject({
      ...whatsapp,
      META_GRAPH_URL: "https://graph.facebook.com/v23.0",
      WHATSAPP_FALLBACK_MINUTES: 10,
    });
    expect(() => parseEnv({ WHATSAPP_TOKEN: "token" })).toThrow(
      /WhatsApp is partly set up; missing: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN/,
    );
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: "+254700" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: must be/);
  });
});
