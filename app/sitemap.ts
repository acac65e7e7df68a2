import type { MetadataRoute } from "next";
import { site } from "@/lib/site";

/** The shop's fixed pages; catalog pages are appended where the catalog is read. */
const staticPaths = ["/", "/about", "/contact", "/terms"];

export default function sitemap(): MetadataRoute.Sitemap {
  return staticPaths.map((path) => ({ url: `${site.url}${path}` }));
}
