/**
 * The set-up scripts/e2e-server.mjs starts the shop with: the full one (M-Pesa through the Daraja
 * simulator, VAT_REGISTERED=true, eTIMS, SMS, and a test SMTP server). Specs read the shop's words for it from lib/, and
 * check on the checkout that the shop really offers what this says.
 */
export const e2eSetup = { mpesaOffered: true, vatRegistered: true, mailSent: true } as const;
