import { site } from "@/lib/site";

// The approved templates every order update goes by: outside a 24-hour conversation Meta delivers
// only these. Each is a UTILITY template in English; `npm run whatsapp -- templates` prints them for
// Meta's WhatsApp Manager, where the owner submits them once (docs/owner-guide.md). Meta refuses a
// body that starts or ends with a placeholder, or that is mostly placeholders.

export const whatsappTemplates = {
  order_update: {
    body: `Hi {{1}}, an update on your ${site.name} order {{2}}: {{3}} Order total: {{4}}. See your order at {{5}} or reply here with a question.`,
    example: ["Wanjiru", "KT-7F3K9QM", "It is confirmed and being packed.", "KSh 2,350", `${site.url}/o/KT-7F3K9QM`],
  },
  order_with_courier: {
    body: `Hi {{1}}, your ${site.name} order {{2}} is on its way with {{3}}, waybill {{4}}. Order total: {{5}}. See your order at {{6}} or reply here with a question.`,
    example: ["Wanjiru", "KT-7F3K9QM", "Fargo Courier", "FGO12345678", "KSh 2,350", `${site.url}/o/KT-7F3K9QM`],
  },
} as const;

export type WhatsappTemplate = keyof typeof whatsappTemplates;

/** Every template is an order's update, which Meta files as UTILITY. */
export const templateCategory = "UTILITY";

/** What an order update says, with the order's values. `update` is the SMS's phrase (lib/orders/order-texts.ts). */
export type OrderUpdate = {
  firstName: string;
  number: string;
  total: string;
  link: string;
  update: string;
  /** A courier's parcel on its way: who carries it and its waybill. */
  courier?: { name: string; waybill: string };
};

/** The template and its body's values, in order, for one order update. */
export function templateFor(update: OrderUpdate): { template: WhatsappTemplate; parameters: string[] } {
  // Meta refuses an empty value: a shopper who typed no first name is greeted as 'there'.
  const name = update.firstName || "there";
  if (update.courier)
    return {
      template: "order_with_courier",
      parameters: [name, update.number, update.courier.name, update.courier.waybill || "to follow", update.total, update.link],
    };
  return { template: "order_update", parameters: [name, update.number, sentence(update.update), update.total, update.link] };
}

/** The message as the shopper reads it, for staff: the template's body with its values. */
export function renderTemplate(template: string, parameters: string[]): string {
  const body = template in whatsappTemplates ? whatsappTemplates[template as WhatsappTemplate].body : template;
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, index: string) => parameters[Number(index) - 1] ?? placeholder);
}

/** An SMS phrase as a sentence of its own: 'is on its way.' → 'It is on its way.'; ': your refund…' → 'Your refund…'. */
function sentence(phrase: string): string {
  if (!phrase.startsWith(":")) return `It ${phrase}`;
  const rest = phrase.slice(1).trim();
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
