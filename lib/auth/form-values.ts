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

/**
 * The client's address for per-address throttling: the first entry of the header that the
 * reverse proxy in front of the shop sets (CLIENT_IP_HEADER, default X-Forwarded-For).
 */
export function clientAddress(headers: Headers): string | null {
  const value = headers.get(env().CLIENT_IP_HEADER);
  const first = value?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : null;
}
