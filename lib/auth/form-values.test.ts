import { describe, expect, it } from "vitest";
import { MAX_FIELD_LENGTH } from "@/lib/auth/account-rules";
import { SOCKET_ADDRESS_HEADER, addressFromChain, clientAddress, formValues } from "./form-values";

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
  it("reads the socket's address by default, whatever the client forwards", () => {
    const forged = new Headers({ [SOCKET_ADDRESS_HEADER]: "198.51.100.7", "x-forwarded-for": "1.2.3.4" });
    expect(clientAddress(forged)).toBe("198.51.100.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4" }))).toBeNull();
  });
});

describe("addressFromChain", () => {
  it("takes the socket's address with no trusted proxy, ignoring any forwarded chain", () => {
    expect(addressFromChain("203.0.113.9", "1.1.1.1, 2.2.2.2", 0)).toBe("203.0.113.9");
    expect(addressFromChain("::ffff:203.0.113.9", null, 0)).toBe("203.0.113.9");
    expect(addressFromChain(null, "1.1.1.1", 0)).toBeNull();
  });

  it("behind one proxy, takes the entry it added, so a rotated header the client sent changes nothing", () => {
    // nginx setting X-Forwarded-For to $remote_addr, and nginx appending to the client's header:
    expect(addressFromChain("127.0.0.1", "203.0.113.9", 1)).toBe("203.0.113.9");
    for (const rotated of ["1.1.1.1", "2.2.2.2, 3.3.3.3"]) {
      expect(addressFromChain("127.0.0.1", `${rotated}, 203.0.113.9`, 1)).toBe("203.0.113.9");
    }
    expect(addressFromChain("10.0.0.2", "1.1.1.1, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
  });

  it("with a chain shorter than the hops, takes its first entry (a proxy's, which cannot be rotated)", () => {
    expect(addressFromChain("127.0.0.1", null, 1)).toBe("127.0.0.1");
    expect(addressFromChain("127.0.0.1", " , ", 3)).toBe("127.0.0.1");
  });

  it("counts an unknown socket as a proxy's hop, and reads nothing that is not an address", () => {
    expect(addressFromChain(null, "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(addressFromChain("127.0.0.1", "not-an-address", 1)).toBeNull();
    expect(addressFromChain("127.0.0.1", "2001:DB8::1", 1)).toBe("2001:db8:0:0::/64");
  });

  it("keys an IPv6 address by its /64 network, whichever way it is written, so one home cannot rotate through its 2^64", () => {
    const home = [
      "2001:db8:1:2::1",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0:0:0:9",
      "2001:db8:1:2::192.0.2.1",
    ];
    for (const address of home) expect(addressFromChain(address, null, 0), address).toBe("2001:db8:1:2::/64");
    expect(addressFromChain("2001:db8:1:3::1", null, 0)).toBe("2001:db8:1:3::/64");
    expect(addressFromChain("::1", null, 0)).toBe("0:0:0:0::/64");
    expect(addressFromChain("fe80::1:2:3:4", null, 0)).toBe("fe80:0:0:0::/64");
  });
});
