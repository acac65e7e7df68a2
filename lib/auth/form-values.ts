import { isIP } from "node:net";
import { MAX_FIELD_LENGTH } from "@/lib/auth/account-rules";
import { env } from "@/lib/env";

/**
 * The named text fields of a posted form. Anything that is not a plain string (a file, a missing
 * field) or is longer than any real value reads as empty, so the field's rule refuses it.
 */
export function formValues<F extends string>(formData: FormData, names: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" && value.length <= MAX_FIELD_LENGTH ? value : "";
  }
  return values;
}

/** The header in which the shop's server (scripts/socket-address.mjs) puts the socket's address. */
export const SOCKET_ADDRESS_HEADER = "x-kijani-socket-address";

/**
 * The client's address, for every per-address limit: with TRUSTED_PROXY_HOPS at 0 the socket's; behind
 * proxies, the address that many hops back in their forwarded chain (CLIENT_IP_HEADER, default
 * X-Forwarded-For). Null when unknown (a server not started by `npm start`).
 */
export function clientAddress(headers: Headers): string | null {
  const settings = env();
  return addressFromChain(
    headers.get(SOCKET_ADDRESS_HEADER),
    headers.get(settings.CLIENT_IP_HEADER),
    settings.TRUSTED_PROXY_HOPS,
  );
}

/**
 * The address `hops` entries before the socket's in the chain "forwarded entries, then the socket".
 * Entries left of the trusted proxies' own are the client's to write and are never read (a short
 * chain gives its first entry, a proxy's own address, which the client cannot rotate). An unknown
 * socket (a platform's proxy in front of the server) counts as one hop with no address.
 */
export function addressFromChain(socket: string | null, forwarded: string | null, hops: number): string | null {
  const entries = (forwarded ?? "").split(",").map((entry) => entry.trim());
  const chain = [...entries.filter(Boolean), socket ?? ""];
  const entry = chain[Math.max(0, chain.length - 1 - hops)];
  return entry ? normalised(entry) : null;
}

/**
 * An address as one key whichever way it was written (IPv4 also arrives as ::ffff:a.b.c.d), else
 * null. An IPv6 address keys as its /64 network: one home or phone is given a whole /64 and can
 * rotate through 2^64 addresses, so every per-address limit counts the network.
 */
function normalised(address: string): string | null {
  const plain = /^::ffff:/i.test(address) && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const version = isIP(plain);
  if (version === 4) return plain;
  return version === 6 ? ipv6Network(plain) : null;
}

/** The /64 network of a valid IPv6 address, in one spelling: '2001:db8:0:1::/64'. */
function ipv6Network(address: string): string {
  const [head, tail] = address.toLowerCase().split("::");
  // An IPv4 address written in the last 32 bits stands for two groups (beyond the /64 anyway).
  const groups = (part = "") =>
    part
      .split(":")
      .filter(Boolean)
      .flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const [left, right] = [groups(head), groups(tail)];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
