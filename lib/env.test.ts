import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

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
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://shop@127.0.0.1/shop" };
    expect(() => parseEnv(production)).toThrow(/BETTER_AUTH_SECRET: required in production with DATABASE_URL/);
    expect(() => parseEnv({ ...production, BETTER_AUTH_SECRET: "x".repeat(32) })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
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
  });
});
