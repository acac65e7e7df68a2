/** The secret inside an authenticator link (`otpauth://totp/…?secret=BASE32…`), for typing in by hand. */
export function totpSecretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  // Groups of four, as authenticator apps show and accept them.
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** A code as typed: spaces and dashes dropped. Six digits is a TOTP code; anything else may be a backup code. */
export function normaliseCode(value: unknown): { kind: "totp" | "backup"; code: string } | null {
  if (typeof value !== "string") return null;
  const code = value.replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(code)) return { kind: "totp", code };
  if (/^[A-Za-z0-9]{6,32}$/.test(code)) return { kind: "backup", code: value.trim() };
  return null;
}
