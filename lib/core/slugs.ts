/** A product's address under /products/: lower-case words of letters and digits joined by hyphens. */
export const maxSlugLength = 80;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return value.length <= maxSlugLength && slugPattern.test(value);
}

/** The slug a name makes: 'Kijani Leaf Zip-Hoodie (Navy)' → 'kijani-leaf-zip-hoodie-navy'; '' when nothing is left. */
export function slugify(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, maxSlugLength).replace(/-+$/, "");
}

/** `slug`, or `slug-2`, `slug-3`, … : the first that `taken` does not hold. */
export function firstFreeSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix++) {
    const end = `-${suffix}`;
    const candidate = `${slug.slice(0, maxSlugLength - end.length).replace(/-+$/, "")}${end}`;
    if (!taken.has(candidate)) return candidate;
  }
}
