import QRCode from "qrcode";

/**
 * A text as a QR code, drawn by the server as SVG (no client code): the path of its dark modules on
 * a `size`-module square. Authenticator links and the invoices' KRA receipt check use it.
 */
export function qrCodeOf(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join("") };
}
