import type { CategorySlug } from "./categories";

export type SeedVariant = { size?: string; colour?: string; packSize?: number; price: number; stock: number };
export type SeedProduct = {
  slug: string;
  name: string;
  description: string;
  category: CategorySlug;
  images: string[];
  variants: SeedVariant[];
};

/** The launch catalog. Image paths are SVGs under public/. */
export const seedProducts: SeedProduct[] = [
  {
    slug: "glow-in-the-dark-hoodie",
    name: "Glow-in-the-Dark Hoodie",
    description:
      "Our heavyweight organic-cotton hoodie with a Nairobi skyline print that glows after dark. Brushed fleece inside, recycled-polyester rib cuffs.",
    category: "hoodies",
    images: ["/images/products/glow-in-the-dark-hoodie.svg"],
    variants: [
      { size: "M", colour: "Black", price: 3499, stock: 12 },
      { size: "L", colour: "Black", price: 3499, stock: 3 },
    ],
  },
  {
    slug: "kijani-logo-tee",
    name: "Kijani Logo T-shirt",
    description: "A soft organic-cotton tee with the Kijani leaf logo, screen-printed in Nairobi with water-based inks.",
    category: "tshirts",
    images: ["/images/products/kijani-logo-tee.svg"],
    variants: [{ size: "M", colour: "White", price: 1499, stock: 20 }],
  },
  {
    slug: "recycled-trash-bags-30l",
    name: "Recycled Trash Bags 30 L",
    description: "Strong 30-litre trash bags made from recycled plastic collected in Nairobi.",
    category: "trashbags",
    images: ["/images/products/recycled-trash-bags-30l.svg"],
    variants: [{ packSize: 20, price: 399, stock: 50 }],
  },
];
