import { describe, expect, it } from "vitest";
import { darajaPassword, darajaTimestamp, displayPhone, mpesaPhone } from "./format";

describe("Daraja formats", () => {
  it("builds the password from shortcode, passkey and timestamp", () => {
    // The sandbox's published example: shortcode 174379 with its public passkey.
    const passkey = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
    expect(darajaPassword("174379", passkey, "20160216165627")).toBe(
      "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3",
    );
  });

  it("stamps the time in Nairobi, across midnight and the year's end, whatever the server's zone", () => {
    expect(darajaTimestamp(new Date("2026-11-21T11:05:09Z"))).toBe("20261121140509");
    expect(darajaTimestamp(new Date("2026-12-31T21:00:00Z"))).toBe("20270101000000");
    expect(darajaTimestamp(new Date("2026-03-01T20:59:59.999Z"))).toBe("20260301235959");
  });

  it.each([
    ["0712345678", "254712345678"],
    ["0712 345 678", "254712345678"],
    ["0112345678", "254112345678"],
    ["+254 712 345 678", "254712345678"],
    ["254112345678", "254112345678"],
    ["+254-712-345-678", "254712345678"],
  ])("accepts %j as %s", (typed, phone) => expect(mpesaPhone(typed)).toBe(phone));

  it.each(["0812345678", "071234567", "07123456789", "+255712345678", "712345678", "phone", "", null, 712345678])(
    "refuses %j",
    (typed) => expect(mpesaPhone(typed)).toBeNull(),
  );

  it("shows a number as shoppers write it", () => expect(displayPhone("254712345678")).toBe("0712 345 678"));
});
