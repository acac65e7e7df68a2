import { describe, expect, it } from "vitest";
import { lucideDrawing, shopIcons } from "../../scripts/icons";
import * as iconData from "./icon-data";

describe("icon data", () => {
  it("holds each icon the shop uses exactly as the installed lucide-react draws it (else run `npm run icons`)", async () => {
    const drawn = Object.fromEntries(Object.entries(iconData).filter(([, value]) => Array.isArray(value)));
    expect(Object.keys(drawn).sort()).toEqual([...shopIcons].sort());
    for (const name of shopIcons) expect(drawn[name], name).toEqual(await lucideDrawing(name));
  });
});
