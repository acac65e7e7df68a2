// Loaded into the shop's server process before Next.js (`node --import`, see server-args.mjs): hands
// page reads (GET and HEAD) to Next.js a few at a time, in the order they arrived (issue 40).
//
// Node accepts one new connection per turn of its event loop (libuv 1.45 and later), and a turn runs
// every request that is ready. With every request let in at once, a loaded server's turn lasted
// 0.5-1.5 s, so 60-150 new connections waited in the kernel's queue longer than their clients' 10 s:
// those clients gave up and reconnected at the back, and the server later rendered pages for clients
// already gone. The routes whose connections came last timed out for the whole run while those on
// kept-alive connections were served. A few at a time keeps a turn short (about 0.1 s), so every
// connection is accepted within a second or two and served in its turn.
import { randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";

/** How many page reads Next.js works on at once; 16 still left turns of 0.5-1.5 s (issue 40). */
export const ACTIVE_READS_LIMIT = 4;

/**
 * A read still running after this long is waiting (for a database that is down, or streaming an
 * export), not keeping turns long: its slot goes to the next, so that a few never hold up the rest.
 */
export const SLOT_HELD_AT_MOST_MS = 1000;

/**
 * Files served as they are, without a render: the build's scripts and styles and the public folder's
 * pictures. Queued, a page's own scripts waited behind other pages' renders, and the bench's mixed
 * load fell from 225 to 77 answers a second (issue 40).
 */
const STATIC_FILE_PREFIXES = ["/_next/static/", "/images/"];

/**
 * The page a server action redirects to, which Next.js fetches from this very server to send with
 * the action's answer; the request carries the answer's `x-action-redirect` header. Queued, it
 * waited behind every read while its shopper waited for the answer of an order already placed
 * (7-9 s of the flash sale's checkouts, issue 43). Only that fetch passes: anybody can send the
 * header (a page then jumped 60 queued searches, issue 54), so it counts only beside ACTION_PASS,
 * on a connection from this machine to itself.
 */
const ACTION_REDIRECT_HEADER = "x-action-redirect";

/**
 * This process's secret, stamped on every POST in place of any copy the client sent. Next.js copies
 * an action's request headers onto its fetch of the redirect's page, which alone then carries it.
 */
const ACTION_PASS_HEADER = "x-kijani-action-pass";
const ACTION_PASS = randomBytes(16).toString("hex");

/**
 * Whether a request is a page read that the queue holds back: a GET or HEAD that renders, unless it
 * is an action's own fetch of its redirect (`ownActionFetch`, see takeActionPass).
 */
function isQueuedRead(request, ownActionFetch) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (ownActionFetch && request.headers[ACTION_REDIRECT_HEADER] !== undefined) return false;
  return !STATIC_FILE_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/**
 * Replaces any ACTION_PASS_HEADER a client sent: the process's own on a POST, none on anything else.
 * Whether the request carried the process's, on a connection from this machine to itself.
 */
function takeActionPass(request) {
  const sent = request.headers[ACTION_PASS_HEADER];
  delete request.headers[ACTION_PASS_HEADER];
  if (request.method === "POST") request.headers[ACTION_PASS_HEADER] = ACTION_PASS;
  const { remoteAddress, localAddress } = request.socket;
  return (
    typeof sent === "string" &&
    sent.length === ACTION_PASS.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(ACTION_PASS)) &&
    remoteAddress === localAddress
  );
}

/**
 * Queues `server`'s GET and HEAD requests beyond ACTIVE_READS_LIMIT at a time. A slot is freed when
 * the app ends its answer (a slow reader holds none), when the client leaves, or after
 * SLOT_HELD_AT_MOST_MS; a request whose client left while it waited is dropped unanswered. Static
 * files, an action's redirect and posts (forms, uploads, callbacks) pass at once: a slow upload must
 * never hold a slot, nor a checkout waiting for stock behind the reads.
 */
function queueReads(server) {
  const waiting = [];
  let active = 0;
  const emit = server.emit;
  const start = (request, response) => {
    active++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      active--;
      // After the caller's own work: the next request starts on a stack of its own.
      setImmediate(startWaiting);
    };
    const end = response.end;
    response.end = function (...args) {
      const result = end.apply(this, args);
      release();
      return result;
    };
    const timer = setTimeout(release, SLOT_HELD_AT_MOST_MS).unref();
    response.once("close", release);
    emit.call(server, "request", request, response);
  };
  const startWaiting = () => {
    while (active < ACTIVE_READS_LIMIT && waiting.length > 0) {
      const [request, response] = waiting.shift();
      if (!request.socket.destroyed) start(request, response);
    }
  };
  server.emit = function (event, ...args) {
    if (event !== "request" || !isQueuedRead(args[0], takeActionPass(args[0]))) return emit.call(this, event, ...args);
    if (active < ACTIVE_READS_LIMIT) start(...args);
    else waiting.push(args);
    return true;
  };
}

// Every HTTP server of the process, once: the one Next.js creates is out of reach.
const queued = new WeakSet();
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (!queued.has(this)) {
    queued.add(this);
    queueReads(this);
  }
  return listen.apply(this, args);
};
