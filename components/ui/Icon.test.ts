import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Bell } from "@/components/ui/icon-data";
import { describe, expect, it } from "vitest";
import { Icon } from "./Icon";

describe("Icon", () => {
  it("draws a Lucide icon as plain, decorative SVG", () => {
    const drawn = renderToStaticMarkup(createElement(Icon, { icon: Bell, size: 18, className: "shrink-0" }));
    expect(drawn).toMatch(/^<svg [^>]*width="18" height="18" viewBox="0 0 24 24"/);
    expect(drawn).toContain('aria-hidden="true"');
    expect(drawn).toContain('class="lucide shrink-0"');
    expect(drawn.match(/<path d="M[^"]+"><\/path>/g)).toHaveLength(Bell.length);
  });
});
