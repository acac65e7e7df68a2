import { describe, expect, it } from "vitest";
import { qrCodeOf } from "./qr-code";

describe("qrCodeOf", () => {
  it("draws a QR code as one path over a square of modules", () => {
    const qr = qrCodeOf("otpauth://totp/Kijani:a@b.ke?secret=JBSWY3DPEHPK3PXP");
    expect(qr.size).toBeGreaterThanOrEqual(21);
    expect(qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
  });
});
