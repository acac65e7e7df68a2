import { ImageResponse } from "next/og";
import { site } from "@/lib/site";

// Rendered once at build time (no request data), with the font bundled in next/og: nothing is downloaded.
export const alt = `${site.name}: ${site.tagline}`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 80,
        background: "#052e16",
        color: "#ffffff",
      }}
    >
      <svg width="120" height="120" viewBox="0 0 36 36">
        <circle cx="18" cy="18" r="17" fill="#86efac" />
        <path d="M11 24c0-8 5-13 14-14-1 9-6 14-14 14Z" fill="#14532d" />
      </svg>
      <div style={{ fontSize: 88, fontWeight: 700, marginTop: 40 }}>{site.name}</div>
      <div style={{ fontSize: 44, marginTop: 16, color: "#bbf7d0" }}>{site.tagline}</div>
      <div style={{ fontSize: 32, marginTop: 40, color: "#d9f99d" }}>Hoodies · T-shirts · Recycled trash bags</div>
    </div>,
    size,
  );
}
