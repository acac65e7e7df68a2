/** The attribute that names a picture's colour in the gallery (none: it shows every colour). */
export const photoColourAttribute = "data-photo-colour";

/**
 * The product page's stylesheet that makes its gallery follow the colour chosen in the purchase
 * form, with no JavaScript: while a colour that has photos is checked, other colours' photos are
 * hidden (photos without a colour stay). A colour without photos hides nothing. `scope` is a
 * selector of an element holding both the form and the gallery.
 */
export function colourPhotoStyle(scope: string, photoColours: readonly (string | null | undefined)[]): string {
  const colours = [...new Set(photoColours.filter((colour): colour is string => Boolean(colour)))];
  return colours
    .map((colour) => {
      const value = cssString(colour);
      return `${scope}:has(input[name="colour"][value=${value}]:checked) [${photoColourAttribute}]:not([${photoColourAttribute}=${value}]){display:none}`;
    })
    .join("\n");
}

/** A CSS string of any text: every character but letters, digits and spaces as an escape, so no value can end the rule or the style element. */
function cssString(text: string): string {
  return `"${text.replace(/[^A-Za-z0-9 ]/g, (char) => `\\${char.codePointAt(0)!.toString(16)} `)}"`;
}
