// Next.js's own cache (pages, route handlers, unstable_cache), minus what this process did not write.
// `next build` prerenders the static pages (home, About, Contact, the sign-in pages…) and robots.txt
// with the build's settings and, without a database at build, the seed's Shop details. Served as they
// are, the first visitor after each start got the build's phone number, address and payment sentence
// (issue 55): marking them stale at start still answered that visitor with the build's copy. An entry
// older than this process can only come from the build, since the cache lives in memory
// (`isrFlushToDisk: false`): it counts as missing, so its first visit renders it with the running
// shop's settings and database, and from then on it is cached as before.
import FileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

/** Wraps a cache handler class so that entries written before `startedAt` (ms) read as missing. */
export function ignoringEntriesBefore(Handler, startedAt) {
  return class extends Handler {
    async get(...args) {
      const entry = await super.get(...args);
      return entry && entry.lastModified < startedAt ? null : entry;
    }
  };
}

export default ignoringEntriesBefore(FileSystemCache.default ?? FileSystemCache, performance.timeOrigin);
