// npm run whatsapp -- templates
// Prints every template the shop sends order updates by, as WhatsApp Manager asks for it (Message
// templates → Create template): name, category, language and body with its placeholders, and an
// example value for each placeholder, which Meta requires for review. Submit each once (docs/owner-guide.md).
import { templateCategory, whatsappTemplates } from "@/lib/whatsapp/templates";

if (process.argv[2] !== "templates") {
  console.error("Usage: npm run whatsapp -- templates    print the order-update templates to submit to Meta");
  process.exit(2);
}
for (const [name, template] of Object.entries(whatsappTemplates)) {
  console.log(`Name:     ${name}`);
  console.log(`Category: ${templateCategory}`);
  console.log("Language: en (English)");
  console.log(`Body:     ${template.body}`);
  template.example.forEach((value, index) => console.log(`  {{${index + 1}}} e.g. ${value}`));
  console.log("");
}
