import { describe, expect, it } from "vitest";
import { cacheTags, listenForCacheChanges, type CacheTag } from "@/lib/cache/changes";
import type { Connection } from "@/lib/db";
import { defaultShopDetails } from "@/lib/site";
import { withTestConnection } from "@/lib/testing/db";
import { addressLine, phoneHref, questionsLine, socialLinks, whatsappHref } from "./contact";
import { findShopDetails, saveShopDetails } from "./details";
import { shopDetailsErrors, shopDetailsMessages, shopDetailsSchema } from "./rules";

let connection: Connection;
withTestConnection((opened) => (connection = opened));

const admin = { id: null, label: "admin@kijanithreads.test" };
const database = process.env.DATABASE_URL ? "PostgreSQL server" : "embedded";

const edited = {
  phone: "+254 700 111 222",
  whatsapp: "+254 733 444 555",
  email: "hello@kijanithreads.co.ke",
  street: "Moi Avenue, Bazaar Plaza, 2nd Floor",
  city: "Mombasa",
  hours: "Daily, 9 am to 7 pm",
  instagram: "https://www.instagram.com/kijani",
  facebook: null,
  x: null,
};

describe(`the shop's details (${database})`, () => {
  it("are seeded with the details the shop had in code", async () => {
    expect(await findShopDetails(connection.db)).toEqual(defaultShopDetails);
  });

  it("are saved whole, and every instance hears that the pages showing them changed", async () => {
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags), { settleMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // The server-side LISTEN is in place.
      await saveShopDetails(connection.db, edited, admin);
      expect(await findShopDetails(connection.db)).toEqual(edited);
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([[cacheTags.shopDetails]]);
    } finally {
      await saveShopDetails(connection.db, defaultShopDetails, admin);
      await stop();
    }
  });
});

describe("the Shop details form's rules", () => {
  const typed = { ...edited, phone: " +254 700 111 222 ", facebook: "  ", x: "" };

  it("trims what was typed and reads an empty social link as no account", () => {
    const parsed = shopDetailsSchema.safeParse(typed);
    expect(parsed.success && parsed.data).toEqual(edited);
  });

  it("names each field that is wrong, with its own message", () => {
    expect(
      shopDetailsErrors({
        ...typed,
        phone: "call us",
        whatsapp: "",
        email: "not an address",
        street: "x".repeat(121),
        city: "Nai\u0000robi",
        hours: "",
        instagram: "http://instagram.com/kijani",
        facebook: "javascript:alert(1)",
      }),
    ).toEqual({
      phone: shopDetailsMessages.phone,
      whatsapp: shopDetailsMessages.whatsapp,
      email: shopDetailsMessages.email,
      street: shopDetailsMessages.street,
      city: shopDetailsMessages.city,
      hours: shopDetailsMessages.hours,
      instagram: shopDetailsMessages.instagram,
      facebook: shopDetailsMessages.facebook,
    });
  });
});

describe("the shop's details as pages and messages write them", () => {
  it("dial and chat to the digits, and list only the social accounts the shop has", () => {
    expect(phoneHref(edited.phone)).toBe("tel:+254700111222");
    expect(whatsappHref(edited.whatsapp)).toBe("https://wa.me/254733444555");
    expect(addressLine(edited)).toBe("Moi Avenue, Bazaar Plaza, 2nd Floor, Mombasa, Kenya");
    expect(socialLinks(edited)).toEqual([{ name: "Instagram", href: "https://www.instagram.com/kijani" }]);
    expect(questionsLine(edited)).toBe("Questions? Call +254 700 111 222 or write to hello@kijanithreads.co.ke.");
  });
});
