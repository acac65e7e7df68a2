// A believable bench catalog: the launch products plus distinct generated ones, so that
// trigrams are as selective as in a real shop (a catalog repeating 26 products makes every
// trigram common, and no planner would touch the indexes).
import type { CategorySlug } from "@/lib/catalog/categories";
import { seedProducts, type SeedProduct } from "@/lib/catalog/seed-data";

/** The launch catalog followed by generated products, `size` in all. */
export function benchCatalog(size: number): SeedProduct[] {
  const generated = Array.from({ length: Math.max(0, size - seedProducts.length) }, (_, index) => generatedProduct(index));
  return [...seedProducts, ...generated].slice(0, size);
}

const adjectives = [
  "Classic",
  "Urban",
  "Heritage",
  "Limited",
  "Everyday",
  "Studio",
  "Coastal",
  "Highland",
  "Sunday",
  "Market",
  "Vintage",
  "Bold",
  "Faded",
  "Woven",
  "Painted",
  "Midnight",
  "Golden",
  "Rainy",
  "Dusty",
  "Bright",
  "Quiet",
  "Wild",
  "Soft",
  "Rugged",
  "Lakeside",
];
const motifs = [
  "Baobab",
  "Flamingo",
  "Giraffe",
  "Zebra",
  "Cheetah",
  "Rhino",
  "Elephant",
  "Acacia",
  "Kilifi",
  "Lamu",
  "Turkana",
  "Naivasha",
  "Mombasa",
  "Kisumu",
  "Nakuru",
  "Amboseli",
  "Tsavo",
  "Samburu",
  "Dhow",
  "Boda",
  "Sisal",
  "Mango",
  "Chai",
  "Ugali",
  "Jua Kali",
  "Safari",
  "Beadwork",
  "Shuka",
  "Kikoi",
  "Hibiscus",
  "Sunbird",
  "Hornbill",
  "Marimba",
  "Nyati",
  "Simba",
  "Twiga",
  "Kiboko",
  "Ndovu",
  "Duma",
  "Mvua",
];
const garments: Record<CategorySlug, string[]> = {
  hoodies: ["Hoodie", "Zip Hoodie", "Pullover Hoodie", "Fleece Hoodie", "Oversized Hoodie", "Kids' Hoodie"],
  tshirts: ["Tee", "T-Shirt", "V-Neck Tee", "Long-Sleeve Tee", "Crop Tee", "Pocket Tee", "Kids' Tee"],
  trashbags: ["Bin Liners", "Kitchen Bags", "Garden Sacks", "Drawstring Bags", "Compost Bags", "Refuse Sacks"],
};
const openings: Record<CategorySlug, string[]> = {
  hoodies: [
    "A warm brushed-fleece hoodie for cold mornings in the highlands.",
    "Heavyweight cotton with a roomy kangaroo pocket and a lined hood.",
    "Our midweight hoodie, garment-dyed so every one fades a little differently.",
    "Made for evening walks, chilly offices and long bus rides upcountry.",
  ],
  tshirts: [
    "A breathable cotton tee cut for hot afternoons at the coast.",
    "Soft combed cotton, a relaxed fit and a collar that keeps its shape.",
    "Our lightweight everyday tee, pre-shrunk and ready to layer.",
    "Slub-knit jersey that drapes well and dries fast in the sun.",
  ],
  trashbags: [
    "Strong bags made from plastic collected in Nairobi and sorted by hand.",
    "Tough, leak-resistant liners that fit the standard kitchen bin.",
    "Thick sacks for garden cuttings, building rubble and market days.",
    "Plant-based film that breaks down in a home or municipal compost heap.",
  ],
};
const middles = [
  "The {motif} print is drawn in our studio and screen-printed by hand.",
  "Inspired by {motif}, with colours taken from the markets of Gikomba.",
  "Every order plants a tree with a community group near Nyeri.",
  "Packed in recycled paper and delivered anywhere in Kenya.",
  "The artwork celebrates {motif} in a palette of earth tones.",
  "Tested on matatu commutes, football pitches and long weekends.",
  "Sized generously; pick your usual size for an easy fit.",
  "Made in small batches by a cooperative of tailors in Thika.",
];
const closings = [
  "Wash cold, inside out, and line dry in the shade.",
  "Built to last for years, not seasons.",
  "Return it within 14 days if it is not right.",
  "Ask us on WhatsApp about bulk orders for schools and offices.",
  "Pairs well with everything else in the {adjective} range.",
];
const basePrices: Record<CategorySlug, number> = { hoodies: 2999, tshirts: 1199, trashbags: 399 };
const categoryOrder: CategorySlug[] = ["hoodies", "tshirts", "trashbags"];

/** The `index`th generated product: a distinct name, a composed description, a varied price. */
function generatedProduct(index: number): SeedProduct {
  const category = categoryOrder[index % categoryOrder.length];
  const pick = <T>(list: T[], salt: number) => list[Math.floor(index / categoryOrder.length + salt * 7919) % list.length];
  const adjective = pick(adjectives, 0);
  const motif = motifs[Math.floor(index / (categoryOrder.length * adjectives.length)) % motifs.length];
  const garment = pick(garments[category], 3);
  const edition = Math.floor(index / (categoryOrder.length * adjectives.length * motifs.length));
  const name = `${adjective} ${motif} ${garment}${edition ? ` No. ${edition + 1}` : ""}`;
  const fill = (sentence: string) => sentence.replace("{motif}", motif).replace("{adjective}", adjective);
  const description = [pick(openings[category], 1), fill(pick(middles, 2)), fill(pick(middles, 5)), fill(pick(closings, 4))].join(
    " ",
  );
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${index}`;
  const price = basePrices[category] + ((index * 37) % 20) * 50;
  return {
    slug,
    name,
    description,
    category,
    images: seedProducts.find((product) => product.category === category)!.images,
    variants:
      category === "trashbags"
        ? [{ packSize: 20, price, stock: index % 40 }]
        : [
            { size: "M", colour: "Black", price, stock: index % 12 },
            { size: "L", colour: "Black", price, stock: (index + 5) % 12 },
          ],
  };
}
