// Loaded into the shop's server process before Next.js (`node --import`, see serve.mjs): stamps each
// request with the address of the socket it arrived on, in a header that the shop owns, replacing
// any copy the client sent. Route handlers and server actions see only headers, and this is the one
// address a client cannot choose; lib/auth/form-values.ts (clientAddress) reads it.
import http from "node:http";

/** Equal to SOCKET_ADDRESS_HEADER in lib/auth/form-values.ts (a unit test checks). */
export const SOCKET_ADDRESS_HEADER = "x-kijani-socket-address";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    const [request] = args;
    // Node keeps one value per unknown header name (a repeated one is joined), so this replaces all of them.
    request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  }
  return emit.call(this, event, ...args);
};

/** The node arguments that load this file first (server-args.mjs adds them to every server process). */
export const socketAddressArgs = ["--import", import.meta.url];
