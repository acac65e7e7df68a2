import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { serviceStates } from "./services";

const stateOf = (states: ReturnType<typeof serviceStates>, name: string) => states.find((state) => state.name === name)!;

const everything = parseEnv({
  SMTP_HOST: "mail.example",
  SMTP_USER: "shop",
  SMTP_PASS: "smtp-password-secret",
  MPESA_API_URL: "https://daraja.example",
  MPESA_CONSUMER_KEY: "consumer-key-secret",
  MPESA_CONSUMER_SECRET: "consumer-secret-secret",
  MPESA_SHORTCODE: "174379",
  MPESA_PASSKEY: "passkey-secret",
  MPESA_CALLBACK_URL: "https://shop.example",
  MPESA_TILL_NUMBER: "123456",
  MPESA_INITIATOR_NAME: "testapi",
  MPESA_SECURITY_CREDENTIAL: "credential-secret",
  PESAPAL_CONSUMER_KEY: "pesapal-key-secret",
  PESAPAL_CONSUMER_SECRET: "pesapal-secret-secret",
  PESAPAL_API_URL: "https://cybqa.pesapal.com/pesapalv3",
  AT_API_URL: "https://sms.example",
  AT_USERNAME: "kijani",
  AT_API_KEY: "at-key-secret",
  AT_SENDER_ID: "KIJANI",
  WHATSAPP_TOKEN: "whatsapp-token-secret",
  WHATSAPP_PHONE_NUMBER_ID: "109876543210",
  WHATSAPP_APP_SECRET: "whatsapp-app-secret",
  WHATSAPP_VERIFY_TOKEN: "whatsapp-verify-secret",
  VAT_REGISTERED: "true",
  SHOP_KRA_PIN: "P051234567X",
  ETIMS_API_URL: "https://etims.example",
  ETIMS_DEVICE_SERIAL: "KT-0001",
  GA_MEASUREMENT_ID: "G-KIJANI123",
  GA_API_SECRET: "ga-api-secret",
  META_PIXEL_ID: "1234567890",
  META_CAPI_TOKEN: "meta-token-secret",
});

describe("the Settings page's services", () => {
  it("with nothing set, says what each does instead and names the variables to set and the section of docs/settings.md", () => {
    const states = serviceStates(parseEnv({}), false);
    expect(states.map((state) => state.name)).toEqual([
      "E-mail",
      "M-Pesa",
      "Pesapal",
      "SMS",
      "WhatsApp",
      "VAT",
      "eTIMS",
      "GA4",
      "Meta Pixel",
    ]);
    expect(states.every((state) => !state.ready)).toBe(true);
    expect(stateOf(states, "E-mail")).toMatchObject({
      summary: expect.stringContaining("written to the server log"),
      setUp: { variables: expect.arrayContaining(["SMTP_HOST", "MAIL_FROM"]), guideSection: "Accounts and e-mail" },
    });
    expect(stateOf(states, "M-Pesa").setUp).toMatchObject({
      variables: expect.arrayContaining(["MPESA_CONSUMER_KEY", "MPESA_PASSKEY"]),
      guideSection: "M-Pesa",
    });
    expect(stateOf(states, "Pesapal")).toMatchObject({
      summary: "Not set up: shoppers cannot pay by card or Airtel Money.",
      setUp: { variables: ["PESAPAL_CONSUMER_KEY", "PESAPAL_CONSUMER_SECRET"], guideSection: "Cards and Airtel Money (Pesapal)" },
    });
    expect(stateOf(states, "SMS").setUp?.variables).toEqual(["AT_API_URL", "AT_USERNAME", "AT_API_KEY"]);
    expect(stateOf(states, "WhatsApp")).toMatchObject({
      summary: "Not set up: shoppers are not offered order updates on WhatsApp.",
      setUp: {
        variables: ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"],
        guideSection: "WhatsApp order updates",
      },
    });
    expect(stateOf(states, "eTIMS").setUp?.variables).toEqual(["ETIMS_API_URL", "ETIMS_DEVICE_SERIAL", "SHOP_KRA_PIN"]);
    expect(stateOf(states, "GA4")).toMatchObject({
      summary: "Not set up: not offered to shoppers.",
      setUp: { variables: ["GA_MEASUREMENT_ID", "GA_API_SECRET"], guideSection: "Analytics (GA4 and the Meta Pixel)" },
    });
    expect(stateOf(states, "Meta Pixel").setUp?.variables).toEqual(["META_PIXEL_ID", "META_CAPI_TOKEN"]);
  });

  it("with everything set, says so in plain words, with public numbers and never a secret", () => {
    const states = serviceStates(everything, true);
    expect(states.every((state) => state.ready && !state.setUp)).toBe(true);
    expect(stateOf(states, "M-Pesa").summary).toBe("Set up: shoppers pay to till 123456.");
    expect(stateOf(states, "M-Pesa code checks").summary).toContain("staff add a lost payment by its M-Pesa code");
    expect(stateOf(states, "SMS").summary).toContain("KIJANI");
    expect(stateOf(states, "WhatsApp").summary).toContain(
      "phone number id 109876543210); by SMS, where SMS updates are on, when one is not delivered within 10 minutes",
    );
    expect(stateOf(states, "GA4").summary).toContain("G-KIJANI123");
    expect(stateOf(states, "Meta Pixel").summary).toContain("1234567890");
    expect(stateOf(states, "Pesapal").summary).toBe(
      "Set up (Pesapal's sandbox: no real money): shoppers may pay by card or Airtel Money; the shop registers its notification URL on first use.",
    );
    const shown = JSON.stringify(states);
    for (const secret of [
      "smtp-password-secret",
      "consumer-key-secret",
      "consumer-secret-secret",
      "passkey-secret",
      "credential-secret",
      "pesapal-key-secret",
      "pesapal-secret-secret",
      "at-key-secret",
      "whatsapp-token-secret",
      "whatsapp-app-secret",
      "whatsapp-verify-secret",
      "ga-api-secret",
      "meta-token-secret",
    ]) {
      expect(shown).not.toContain(secret);
    }
  });

  it("M-Pesa without its API initiator says that codes cannot be checked and what to set, in the M-Pesa section", () => {
    const { MPESA_INITIATOR_NAME: _name, MPESA_SECURITY_CREDENTIAL: _credential, ...withoutInitiator } = everything;
    const states = serviceStates(withoutInitiator, true);
    expect(stateOf(states, "M-Pesa").ready).toBe(true);
    expect(stateOf(states, "M-Pesa code checks")).toMatchObject({
      ready: false,
      summary: expect.stringContaining("cannot add a payment"),
      setUp: { variables: ["MPESA_INITIATOR_NAME", "MPESA_SECURITY_CREDENTIAL"], guideSection: "M-Pesa" },
    });
    const section = readFileSync("docs/settings.md", "utf8").split("## M-Pesa\n")[1].split("\n## ")[0];
    for (const variable of ["MPESA_INITIATOR_NAME", "MPESA_SECURITY_CREDENTIAL"]) expect(section).toContain(`\`${variable}`);
  });

  it("an eTIMS whose device is not initialised says what to run", () => {
    const etims = stateOf(serviceStates(everything, false), "eTIMS");
    expect(etims).toMatchObject({ ready: false, summary: expect.stringContaining("npm run etims -- init") });
  });

  it("sends the owner to a section of docs/settings.md that names each variable to set", () => {
    const guide = readFileSync("docs/settings.md", "utf8");
    const headings = guide
      .split("\n")
      .filter((line) => line.startsWith("## "))
      .map((line) => line.slice(3));
    for (const { name, setUp } of serviceStates(parseEnv({}), false)) {
      expect(headings, name).toContain(setUp!.guideSection);
      const section = guide.split(`## ${setUp!.guideSection}\n`)[1].split("\n## ")[0];
      for (const variable of setUp!.variables) expect(section, `${name}: ${variable}`).toContain(`\`${variable}`);
    }
  });
});
