import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { etimsDevices } from "@/lib/db/schema";
import {
  env,
  etimsRequired,
  gaRequired,
  metaRequired,
  mpesaInitiator,
  mpesaRequired,
  pesapalRequired,
  smsRequired,
  whatsappRequired,
  type Env,
} from "@/lib/env";

/**
 * What the 'Settings' page tells an admin about each outside service: whether it is set up, in plain
 * words, and for one that is not, the variables to set and the section of docs/settings.md that explains them.
 * Secrets stay in the environment: only names and public numbers are shown.
 */
export type ServiceState = {
  name: string;
  ready: boolean;
  summary: string;
  /** What to set, when it is not (fully) set up. */
  setUp?: { variables: readonly string[]; guideSection: string };
};

/** The sections of docs/settings.md, by their headings. */
const guideSections = {
  mail: "Accounts and e-mail",
  mpesa: "M-Pesa",
  pesapal: "Cards and Airtel Money (Pesapal)",
  sms: "SMS",
  whatsapp: "WhatsApp order updates",
  tax: "Tax invoices and KRA eTIMS",
  analytics: "Analytics (GA4 and the Meta Pixel)",
} as const;

/** The services' states from the settings, and whether this branch's eTIMS device is initialised. */
export function serviceStates(settings: Env, etimsDeviceInitialised: boolean): ServiceState[] {
  const has = (names: readonly (keyof Env)[]) => names.every((name) => settings[name] !== undefined);
  const mailVariables = ["SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASS", "MAIL_FROM"] as const;
  const etimsSet = has(etimsRequired);
  const mpesaSet = has(mpesaRequired);
  return [
    settings.SMTP_HOST
      ? { name: "E-mail", ready: true, summary: `Set up: sent through ${settings.SMTP_HOST}.` }
      : {
          name: "E-mail",
          ready: false,
          summary: "Not set up: messages are written to the server log, and nobody receives them.",
          setUp: { variables: mailVariables, guideSection: guideSections.mail },
        },
    mpesaSet
      ? {
          name: "M-Pesa",
          ready: true,
          summary: settings.MPESA_TILL_NUMBER
            ? `Set up: shoppers pay to till ${settings.MPESA_TILL_NUMBER}.`
            : `Set up: shoppers pay to paybill ${settings.MPESA_SHORTCODE}.`,
        }
      : {
          name: "M-Pesa",
          ready: false,
          summary: "Not set up: shoppers can only pay on delivery.",
          setUp: { variables: mpesaRequired, guideSection: guideSections.mpesa },
        },
    ...(mpesaSet ? [codeChecksState(has(mpesaInitiator))] : []),
    pesapalState(settings, has(pesapalRequired)),
    has(smsRequired)
      ? {
          name: "SMS",
          ready: true,
          summary: `Set up: texts are sent from ${settings.AT_SENDER_ID ?? "Africa's Talking's shared sender"}.`,
        }
      : {
          name: "SMS",
          ready: false,
          summary: "Not set up: shoppers get no texts, only e-mails.",
          setUp: { variables: smsRequired, guideSection: guideSections.sms },
        },
    has(whatsappRequired)
      ? {
          name: "WhatsApp",
          ready: true,
          summary: `Set up: shoppers who choose it get order updates on WhatsApp (phone number id ${settings.WHATSAPP_PHONE_NUMBER_ID}); by SMS, where SMS updates are on, when one is not delivered within ${settings.WHATSAPP_FALLBACK_MINUTES} minutes.`,
        }
      : {
          name: "WhatsApp",
          ready: false,
          summary: "Not set up: shoppers are not offered order updates on WhatsApp.",
          setUp: { variables: whatsappRequired, guideSection: guideSections.whatsapp },
        },
    settings.VAT_REGISTERED
      ? { name: "VAT", ready: true, summary: "Registered: prices include 16% VAT, and invoices show it." }
      : {
          name: "VAT",
          ready: false,
          summary: "Not registered: invoices show no VAT.",
          setUp: { variables: ["VAT_REGISTERED", "SHOP_KRA_PIN", "SHOP_LEGAL_NAME"], guideSection: guideSections.tax },
        },
    !etimsSet
      ? {
          name: "eTIMS",
          ready: false,
          summary: "Not set up: sales are not reported to KRA.",
          setUp: { variables: etimsRequired, guideSection: guideSections.tax },
        }
      : etimsDeviceInitialised
        ? {
            name: "eTIMS",
            ready: true,
            summary: `Set up: sales are reported to KRA from device ${settings.ETIMS_DEVICE_SERIAL}.`,
          }
        : {
            name: "eTIMS",
            ready: false,
            summary: "Device not initialised: run npm run etims -- init once on the server. Invoices wait until then.",
          },
    analyticsState("GA4", has(gaRequired), gaRequired, settings.GA_MEASUREMENT_ID),
    analyticsState("Meta Pixel", has(metaRequired), metaRequired, settings.META_PIXEL_ID),
  ];
}

/** GA4 or the Meta Pixel: its public id when set up (the secret stays in the environment). */
function analyticsState(name: string, set: boolean, variables: readonly string[], id: string | undefined): ServiceState {
  if (set)
    return {
      name,
      ready: true,
      summary: `Set up: ${id}, for shoppers who accept the cookie banner; purchases are reported from the server.`,
    };
  return {
    name,
    ready: false,
    summary: "Not set up: not offered to shoppers.",
    setUp: { variables, guideSection: guideSections.analytics },
  };
}

/** Whether shoppers can pay by card or Airtel Money through Pesapal, and against which of its servers. */
function pesapalState(settings: Env, set: boolean): ServiceState {
  const name = "Pesapal";
  if (!set)
    return {
      name,
      ready: false,
      summary: "Not set up: shoppers cannot pay by card or Airtel Money.",
      setUp: { variables: pesapalRequired, guideSection: guideSections.pesapal },
    };
  const sandbox = settings.PESAPAL_API_URL.includes("cybqa.pesapal.com") ? " (Pesapal's sandbox: no real money)" : "";
  const ipn = settings.PESAPAL_IPN_ID ? "its IPN id is set" : "the shop registers its notification URL on first use";
  return { name, ready: true, summary: `Set up${sandbox}: shoppers may pay by card or Airtel Money; ${ipn}.` };
}

/** Whether staff can add a payment whose confirmation was lost by its M-Pesa code (lib/payments/mpesa/code-check.ts). */
function codeChecksState(initiatorSet: boolean): ServiceState {
  const name = "M-Pesa code checks";
  if (initiatorSet)
    return { name, ready: true, summary: "Set up: staff add a lost payment by its M-Pesa code, once M-Pesa confirms it." };
  return {
    name,
    ready: false,
    summary: "Not set up: staff cannot add a payment whose confirmation was lost by its M-Pesa code.",
    setUp: { variables: mpesaInitiator, guideSection: guideSections.mpesa },
  };
}

/** The services' states for the running shop. */
export async function findServiceStates(db: Database): Promise<ServiceState[]> {
  const settings = env();
  const [device] = await db
    .select({ branchId: etimsDevices.branchId })
    .from(etimsDevices)
    .where(eq(etimsDevices.branchId, settings.ETIMS_BRANCH_ID));
  return serviceStates(settings, device !== undefined);
}
