/** The most a route handler reads of a body that is not an upload: auth requests, callbacks, the cache loopback. */
export const SMALL_BODY_MAX_BYTES = 16_384;

/**
 * A request's body, read as a stream no further than `limit` bytes: null as soon as it passes
 * them (or its Content-Length claims more), so that a huge body never fills memory.
 */
export async function readBodyAtMost(request: Request, limit: number): Promise<Blob | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return new Blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  return new Blob(chunks);
}

/** The same request with its body read into memory, or null when the body passes `limit` bytes. */
export async function withBodyAtMost(request: Request, limit: number): Promise<Request | null> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyAtMost(request, limit);
  return body && new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

/** The answer to a body over its limit. */
export const payloadTooLarge = () =>
  new Response("Payload Too Large", { status: 413, headers: { "Content-Type": "text/plain" } });
