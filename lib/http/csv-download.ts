import { byteOrderMark } from "@/lib/core/csv";
import { nairobiDate } from "@/lib/time/nairobi";

/**
 * A back-office CSV export as a download: `<name>-<Nairobi date>.csv`, never cached or indexed.
 * `header` goes first with a byte-order mark, so that spreadsheets read the file as UTF-8; then
 * `rows`, one batch at a time when they come from a long query.
 */
export function csvDownload(name: string, header: string, rows: AsyncGenerator<string> | string = ""): Response {
  const encoder = new TextEncoder();
  const batches = typeof rows === "string" ? oneBatch(rows) : rows;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${byteOrderMark}${header}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${nairobiDate(new Date())}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

async function* oneBatch(text: string) {
  if (text) yield text;
}

/** Batches of rows as batches of CSV lines, written by `write`. */
export async function* csvBatches<T>(batches: AsyncGenerator<T[]>, write: (rows: T[]) => string): AsyncGenerator<string> {
  for await (const batch of batches) yield write(batch);
}
