import { describe, expect, it } from "vitest";
import { normaliseCode, totpSecretOf } from "./two-factor";

describe("two-factor helpers", () => {
  it("reads the secret out of an authenticator link, in groups of four", () => {
    expect(totpSecretOf("otpauth://totp/Kijani%20Threads:a%40b.ke?secret=JBSWY3DPEHPK3PXP&issuer=Kijani")).toBe(
      "JBSW Y3DP EHPK 3PXP",
    );
  });

  it("accepts six-digit codes with spaces, backup codes, and nothing else", () => {
    expect(normaliseCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(normaliseCode("ab12C-d34eF")).toEqual({ kind: "backup", code: "ab12C-d34eF" });
    expect(normaliseCode("12")).toBeNull();
    expect(normaliseCode("<script>")).toBeNull();
    expect(normaliseCode(undefined)).toBeNull();
  });
});
