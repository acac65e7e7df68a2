import { describe, expect, it } from "vitest";
import { grantMessages, staffGrantErrors, staffGrantSchema } from "./grant-rules";

describe("the role grant form's rules", () => {
  it("takes an address, trimmed and lower-cased, and a known role", () => {
    expect(staffGrantSchema.parse({ email: "  Wanjiru@Example.COM ", role: "marketing" })).toEqual({
      email: "wanjiru@example.com",
      role: "marketing",
    });
  });

  it("says what is missing beside each field", () => {
    expect(staffGrantErrors({ email: "   ", role: "owner" })).toEqual({ email: grantMessages.email, role: grantMessages.role });
    expect(staffGrantErrors({})).toEqual({ email: grantMessages.email, role: grantMessages.role });
  });
});
