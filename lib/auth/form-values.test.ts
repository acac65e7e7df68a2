import { describe, expect, it } from "vitest";
import { MAX_FIELD_LENGTH } from "@/lib/auth/account-rules";
import { clientAddress, formValues } from "./form-values";

describe("formValues", () => {
  it("reads strings, and anything else or anything oversized as empty", () => {
    const data = new FormData();
    data.set("email", "wanjiku@example.com");
    data.set("phone", new Blob(["0712"]), "phone.txt");
    data.set("firstname", "x".repeat(MAX_FIELD_LENGTH + 1));
    expect(formValues(data, ["email", "phone", "firstname", "lastname"])).toEqual({
      email: "wanjiku@example.com",
      phone: "",
      firstname: "",
      lastname: "",
    });
  });
});

describe("clientAddress", () => {
  it("takes the first address the proxy forwarded, or none", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.7, 10.0.0.1" }))).toBe("198.51.100.7");
    expect(clientAddress(new Headers())).toBeNull();
  });
});
