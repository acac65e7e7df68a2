import type { TaxClass } from "@/lib/db/values";
import type { Category, CategorySlug } from "./categories";
import type { SizeChartInput } from "./size-chart-rules";
import { sizesOf } from "./sizes";

/** The launch apparel's sizes, each list smallest first (migration 0024 writes them into existing databases). */
const launchSizes = { kidsSizes: ["4-6Y", "6-8Y", "8-10Y", "10-12Y"], adultSizes: ["XS", "S", "M", "L", "XL", "XXL", "3XL"] };

/** The launch categories, in the shop's order (migrations 0016, 0022 and 0024 write the same rows into existing databases). */
export const seedCategories: (Omit<Category, "hidden"> & { taxClass: TaxClass })[] = [
  {
    slug: "hoodies",
    name: "Hoodies",
    description: "Warm hoodies printed in Nairobi.",
    kind: "apparel",
    taxClass: "hoodies",
    ...launchSizes,
  },
  {
    slug: "tshirts",
    name: "T-shirts",
    description: "Soft cotton t-shirts with Kenyan prints.",
    kind: "apparel",
    taxClass: "tshirts",
    ...launchSizes,
  },
  {
    slug: "trashbags",
    name: "Trash bags",
    description: "Strong trash bags made from recycled plastic.",
    kind: "pack",
    taxClass: "trashbags",
    kidsSizes: [],
    adultSizes: [],
  },
];

export type SeedVariant = { size?: string; colour?: string; packSize?: number; price: number; stock: number };
export type SeedProduct = {
  slug: string;
  name: string;
  description: string;
  category: CategorySlug;
  images: string[];
  variants: SeedVariant[];
};

/**
 * The launch catalog. Each product has a front and a back illustration under
 * public/images/products/. Two products are kept for the catalog's tests, so that other
 * tests never change their stock: `maasai-mara-sunrise-tee` (Large White has 3 left) and
 * `kanga-print-hoodie` (sold out).
 */
export const seedProducts: SeedProduct[] = [
  // Hoodies
  hoodie(
    "glow-in-the-dark-hoodie",
    "Glow-in-the-Dark Hoodie",
    3499,
    "Our heavyweight organic-cotton hoodie with a Nairobi skyline print that glows after dark. Brushed fleece inside, recycled-polyester rib cuffs.",
    { Black: [8, 12, 3, 6], Navy: [4, 7, 5, 0] },
  ),
  hoodie(
    "nairobi-skyline-hoodie",
    "Nairobi Skyline Hoodie",
    3299,
    "The city at golden hour, from KICC to the Upper Hill towers, printed across the chest of a soft brushed-fleece hoodie with a roomy kangaroo pocket.",
    { Charcoal: [6, 10, 9, 4], Sand: [3, 8, 6, 2] },
  ),
  hoodie(
    "kijani-leaf-zip-hoodie",
    "Kijani Leaf Zip Hoodie",
    3799,
    "A full-zip hoodie in forest green with our embroidered leaf on the chest. Metal zip, lined hood and deep side pockets for matatu rides on cold mornings.",
    { Forest: [5, 9, 8, 5], Black: [4, 6, 6, 3] },
  ),
  hoodie(
    "savannah-sunset-hoodie",
    "Savannah Sunset Hoodie",
    3399,
    "Acacia trees against an orange sunset, screen-printed with water-based inks on a midweight organic-cotton hoodie. Relaxed fit, ribbed hem.",
    { Rust: [4, 8, 7, 3], Cream: [2, 5, 5, 1] },
  ),
  hoodie(
    "matatu-art-hoodie",
    "Matatu Art Hoodie",
    3599,
    "Loud, proud and inspired by the painted matatus of Nairobi's streets: a bold graffiti-style back print on a heavyweight black hoodie.",
    { Black: [6, 11, 10, 6] },
  ),
  hoodie(
    "kanga-print-hoodie",
    "Kanga Print Hoodie",
    3699,
    "A limited run with a kanga-pattern hood lining and cuffs, cut from offcuts of coastal kanga cloth. Every piece is slightly different.",
    { Indigo: [0, 0, 0, 0] },
  ),
  hoodie(
    "kilimanjaro-pullover-hoodie",
    "Kilimanjaro Pullover Hoodie",
    3499,
    "Snow on the summit, clouds below: a minimal line drawing of the mountain on a warm pullover hoodie made for chilly Limuru evenings.",
    { "Heather Grey": [5, 9, 8, 4], Navy: [3, 7, 6, 2] },
  ),
  hoodie(
    "rongai-recycled-fleece-hoodie",
    "Rongai Recycled Fleece Hoodie",
    2999,
    "Made from recycled plastic bottles spun into a soft, warm fleece. A plain everyday hoodie that keeps around 25 bottles out of landfill.",
    { Olive: [7, 12, 10, 5], Charcoal: [6, 10, 9, 4] },
  ),
  hoodie(
    "lamu-dhow-hoodie",
    "Lamu Dhow Hoodie",
    3399,
    "A dhow sailing past Lamu's old town, printed in sea blue on an organic-cotton hoodie. Light enough for the coast, warm enough for Nairobi.",
    { "Sky Blue": [4, 6, 6, 2], White: [3, 5, 4, 2] },
  ),
  hoodie(
    "kids-twiga-hoodie",
    "Kids Twiga Hoodie",
    2499,
    "A cheerful giraffe for young explorers: a soft cotton hoodie for ages 4 to 12, with a snug hood and reinforced elbows for the playground.",
    { Mustard: [6, 8, 8, 5], Teal: [5, 7, 6, 4] },
    ["4-6Y", "6-8Y", "8-10Y", "10-12Y"],
  ),

  // T-shirts
  tee(
    "kijani-logo-tee",
    "Kijani Logo T-shirt",
    1499,
    "A soft organic-cotton tee with the Kijani leaf logo, screen-printed in Nairobi with water-based inks.",
    { White: [10, 20, 18, 8], Forest: [8, 15, 14, 6], Black: [9, 16, 15, 7] },
  ),
  tee(
    "maasai-mara-sunrise-tee",
    "Maasai Mara Sunrise T-shirt",
    1699,
    "Wildebeest crossing under a rising sun, printed in three warm colours on a heavyweight cotton tee. A classic fit that holds its shape wash after wash.",
    { White: [6, 9, 3, 4], Sand: [5, 8, 6, 2] },
  ),
  tee(
    "sheng-slang-tee",
    "Sheng Slang T-shirt",
    1399,
    "'Niaje msee!' in bold letters across the chest. A light everyday tee for anyone who speaks the language of Nairobi's streets.",
    { Black: [8, 14, 12, 6], Mustard: [5, 9, 8, 3] },
  ),
  tee(
    "big-five-tee",
    "Big Five T-shirt",
    1799,
    "Lion, leopard, elephant, buffalo and rhino in a single-line drawing. Organic cotton, printed in Nairobi, loved by visitors and locals alike.",
    { Olive: [6, 10, 9, 4], White: [7, 12, 10, 5] },
  ),
  tee(
    "nairobi-marathon-tee",
    "Nairobi Marathon Running Tee",
    1899,
    "A breathable running tee in recycled polyester that wicks sweat on the long climbs of Ngong Road. Reflective print for early-morning runs.",
    { "Sky Blue": [5, 9, 9, 4], Black: [6, 10, 9, 5] },
  ),
  tee(
    "kiswahili-proverb-tee",
    "Kiswahili Proverb T-shirt",
    1499,
    "'Haba na haba hujaza kibaba': little by little fills the measure. A quiet reminder printed in small type over the heart.",
    { Cream: [5, 9, 8, 3], Navy: [6, 10, 9, 4] },
  ),
  tee(
    "coastal-kikoi-stripe-tee",
    "Coastal Kikoi Stripe T-shirt",
    1599,
    "Stripes inspired by the kikoi cloth of the coast, yarn-dyed into a relaxed cotton tee. Soft from the first wear, made for warm days.",
    { Teal: [4, 7, 7, 3], Rust: [4, 6, 6, 2] },
  ),
  tee(
    "rift-valley-vintage-tee",
    "Rift Valley Vintage T-shirt",
    1599,
    "The view from the escarpment over the Great Rift Valley, in a faded vintage print on a garment-dyed cotton tee with a lived-in feel.",
    { Charcoal: [5, 8, 8, 3], Sand: [4, 7, 6, 3] },
  ),
  tee(
    "kids-simba-tee",
    "Kids Simba T-shirt",
    999,
    "A friendly lion cub on a soft cotton tee for ages 4 to 12. Tag-free neck, printed with inks that are safe for little ones.",
    { Mustard: [8, 10, 9, 6], White: [7, 9, 8, 5] },
    ["4-6Y", "6-8Y", "8-10Y", "10-12Y"],
  ),
  tee(
    "plain-organic-cotton-tee",
    "Plain Organic Cotton Tee",
    1199,
    "The essential tee: no print, just 180 gsm organic cotton grown in Kenya, cut for a clean fit. Wear it on its own or under a hoodie.",
    { White: [12, 20, 18, 10], Black: [12, 20, 18, 10], "Heather Grey": [8, 14, 12, 6] },
  ),

  // Trash bags
  trashbags(
    "recycled-trash-bags-30l",
    "Recycled Trash Bags 30 L",
    "Strong 30-litre trash bags made from recycled plastic collected in Nairobi. The right size for kitchen bins.",
    [
      [20, 399, 50],
      [50, 899, 30],
    ],
  ),
  trashbags(
    "heavy-duty-trash-bags-90l",
    "Heavy-Duty Trash Bags 90 L",
    "Thick 90-litre bags for garden waste and building sites. Tear-resistant, made from 100% recycled plastic.",
    [
      [10, 549, 40],
      [25, 1199, 20],
    ],
  ),
  trashbags(
    "kitchen-drawstring-bags-20l",
    "Kitchen Drawstring Bags 20 L",
    "Recycled 20-litre bags with a drawstring that ties shut in one pull, so the bin stays clean and the bag never slips in.",
    [
      [30, 449, 60],
      [60, 849, 25],
    ],
  ),
  trashbags(
    "compostable-kitchen-bags-10l",
    "Compostable Kitchen Bags 10 L",
    "Plant-based 10-litre bags for food scraps that break down in a home compost heap within months. Kind to the soil, tough enough for peels.",
    [
      [25, 499, 35],
      [50, 899, 15],
    ],
  ),
  trashbags(
    "recycled-bin-liners-50l",
    "Recycled Bin Liners 50 L",
    "Everyday 50-litre bin liners for offices and shops, made from plastic collected by Nairobi's waste pickers and paid at fair rates.",
    [
      [20, 499, 45],
      [40, 949, 20],
    ],
  ),
  trashbags(
    "sorting-bags-trio-60l",
    "Recycling Sorting Bags Trio 60 L",
    "Green, blue and yellow 60-litre bags for sorting plastic, paper and glass at home, printed with simple icons so everyone knows which is which.",
    [
      [15, 699, 25],
      [30, 1299, 10],
    ],
  ),
];

/**
 * The demo catalog's unisex size charts, kids' 4-6Y to 10-12Y then adults' XS to 3XL, in centimetres
 * laid flat: [chest, length, sleeve]. Hoodies are cut roomier with long sleeves; t-shirts are a
 * regular fit with short sleeves.
 */
export const seedSizeCharts: SizeChartInput[] = [
  chart("hoodies", [
    [35, 46, 40],
    [38, 50, 44],
    [41, 54, 48],
    [44, 58, 52],
    [50, 64, 60],
    [53, 67, 62],
    [56, 70, 63],
    [59, 72, 64],
    [62, 74, 65],
    [65, 76, 66],
    [68, 78, 67],
  ]),
  chart("tshirts", [
    [33, 45, 12],
    [36, 49, 13],
    [39, 53, 14],
    [42, 57, 15],
    [46, 67, 19],
    [49, 70, 20],
    [52, 72, 21],
    [55, 74, 22],
    [58, 76, 23],
    [61, 78, 24],
    [64, 80, 25],
  ]),
];

function chart(category: CategorySlug, measurements: [number, number, number][]): SizeChartInput {
  return {
    category,
    rows: measurements.map(([chest, length, sleeve], index) => ({ size: sizesOf(launchSizes)[index], chest, length, sleeve })),
  };
}

/** Apparel in colours × sizes; stock is listed per colour in the order of the sizes. */
function apparel(category: "hoodies" | "tshirts") {
  return (
    slug: string,
    name: string,
    price: number,
    description: string,
    stockByColour: Record<string, number[]>,
    sizes = ["S", "M", "L", "XL"],
  ): SeedProduct => ({
    slug,
    name,
    description,
    category,
    images: productImages(slug),
    variants: Object.entries(stockByColour).flatMap(([colour, stocks]) =>
      sizes.map((size, index) => ({ size, colour, price: size === "XL" ? price + 200 : price, stock: stocks[index] })),
    ),
  });
}

function hoodie(...args: Parameters<ReturnType<typeof apparel>>) {
  return apparel("hoodies")(...args);
}

function tee(...args: Parameters<ReturnType<typeof apparel>>) {
  return apparel("tshirts")(...args);
}

/** Trash bags sold in packs: [bags per pack, price, stock]. */
function trashbags(slug: string, name: string, description: string, packs: [number, number, number][]): SeedProduct {
  return {
    slug,
    name,
    description,
    category: "trashbags",
    images: productImages(slug),
    variants: packs.map(([packSize, price, stock]) => ({ packSize, price, stock })),
  };
}

function productImages(slug: string): string[] {
  return [`/images/products/${slug}.svg`, `/images/products/${slug}-back.svg`];
}
