import { describe, expect, it } from "vitest";
import { colourPhotoStyle } from "./colour-photos";

describe("colourPhotoStyle", () => {
  it("hides the other colours' photos while a colour that has photos is chosen", () => {
    expect(colourPhotoStyle("#product", ["Black", null, "Navy", "Black"]).split("\n")).toEqual([
      '#product:has(input[name="colour"][value="Black"]:checked) [data-photo-colour]:not([data-photo-colour="Black"]){display:none}',
      '#product:has(input[name="colour"][value="Navy"]:checked) [data-photo-colour]:not([data-photo-colour="Navy"]){display:none}',
    ]);
  });

  it("is empty when no photo has a colour", () => {
    expect(colourPhotoStyle("#product", [null, undefined])).toBe("");
  });

  it("escapes a colour so that it can neither end the rule nor the style element", () => {
    const style = colourPhotoStyle("#product", ['Navy"]{}</style><script>']);
    expect(style).not.toMatch(/[<>]/);
    expect(style).toContain('[value="Navy\\22 \\5d \\7b \\7d \\3c \\2f style\\3e \\3c script\\3e "]');
    expect(style.match(/[{}]/g)).toEqual(["{", "}"]);
  });
});
