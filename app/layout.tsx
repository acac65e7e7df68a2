import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Document } from "@/components/layout/Document";
import { shareDefaults } from "@/lib/seo";
import { site } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: `${site.name}: ${site.tagline}`, template: `%s | ${site.name}` },
  description: site.blurb,
  applicationName: site.name,
  openGraph: { ...shareDefaults.openGraph, title: site.name, description: site.blurb },
  twitter: { ...shareDefaults.twitter, title: site.name, description: site.blurb },
};

export const viewport: Viewport = { themeColor: "#14532d" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}
