// How long a text is in SMS terms, the one rule the shop's copy and its tests use. GSM 03.38: a
// character of the basic set is one 7-bit unit, one of the extension table two (an escape first);
// any other character makes the whole text UCS-2, counted in UTF-16 units.

const gsmBasic =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const gsmExtension = "^{}\\[~]|€\f";

export type SmsLength = { encoding: "GSM-7" | "UCS-2"; units: number; parts: number };

/** One part holds 160 GSM-7 units or 70 UCS-2 ones; split texts lose room to their headers (153, 67 a part). */
export const SMS_SINGLE_PART = { "GSM-7": 160, "UCS-2": 70 } as const;
const perPartWhenSplit = { "GSM-7": 153, "UCS-2": 67 } as const;

export function smsLength(text: string): SmsLength {
  let units = 0;
  for (const character of text) {
    if (gsmBasic.includes(character)) units += 1;
    else if (gsmExtension.includes(character)) units += 2;
    else return withParts("UCS-2", text.length);
  }
  return withParts("GSM-7", units);
}

/** Whether a text goes as one GSM-7 SMS, the shop's rule for its own texts. */
export const fitsOneGsmSms = (text: string) => {
  const length = smsLength(text);
  return length.encoding === "GSM-7" && length.parts === 1;
};

function withParts(encoding: SmsLength["encoding"], units: number): SmsLength {
  const parts = units <= SMS_SINGLE_PART[encoding] ? 1 : Math.ceil(units / perPartWhenSplit[encoding]);
  return { encoding, units, parts };
}
