import localFont from "next/font/local";

/** Inter, self-hosted from the font package: nothing is fetched from a font CDN at build or run time. */
export const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  variable: "--font-sans",
});
