import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "./index";
import { keepQueryParametersOutOfLogs, withoutQueryParameters } from "./errors";

const secret = "session-token-4f9c1e";

describe("failed queries in the logs", () => {
  let db: Database;
  withTestDb((opened) => (db = opened));
  afterEach(() => vi.restoreAllMocks());

  const failedQuery = () =>
    db.execute(sql`select ${secret}::text as token, 1 / 0 as n`).then(
      () => expect.fail("the query should fail"),
      (error: unknown) => error as Error,
    );

  it("keeps the SQL and the database's message, not the parameters", async () => {
    const error = await failedQuery();
    expect(error.message).toContain(secret); // Drizzle's own message names it

    const logged = withoutQueryParameters(error) as Error;
    expect(logged.message).toMatch(/^Failed query: select \$1::text as token, 1 \/ 0 as n\nparams: \[not logged\]$/);
    expect(logged.stack).not.toContain(secret);
    expect(logged.stack).toMatch(/\n\s+at /);
    expect(String((logged.cause as Error).message)).toMatch(/division by zero/);
    expect(JSON.stringify(logged, Object.getOwnPropertyNames(logged))).not.toContain(secret);
  });

  it("cuts them from a message already turned into text, and from an error wrapping one", async () => {
    const error = await failedQuery();
    expect(withoutQueryParameters(`[outbox] ${error.message}`)).toBe(
      "[outbox] Failed query: select $1::text as token, 1 / 0 as n\nparams: [not logged]",
    );
    const wrapped = withoutQueryParameters(new Error("Could not place the order", { cause: error })) as Error;
    expect(wrapped.message).toBe("Could not place the order");
    expect((wrapped.cause as Error).message).not.toContain(secret);
  });

  it("passes anything else through unchanged", () => {
    const error = new Error("The eTIMS simulator did not start");
    const values = [error, { params: secret }, 42, undefined];
    expect(values.map(withoutQueryParameters)).toEqual(values);
    expect(withoutQueryParameters(error)).toBe(error);
  });

  it("applies to every error and warning the server logs", async () => {
    const error = await failedQuery();
    const [writeError, writeWarning] = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
    writeError.mockImplementation(() => {});
    writeWarning.mockImplementation(() => {});
    const [originalError, originalWarning] = [console.error, console.warn];
    keepQueryParametersOutOfLogs();
    try {
      console.error("⨯", error);
      console.warn(`[cache] ${error.message}`);
    } finally {
      console.error = originalError;
      console.warn = originalWarning;
    }
    const logged = [...writeError.mock.calls.flat(), ...writeWarning.mock.calls.flat()];
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged.map((value) => (value instanceof Error ? value.stack : value)))).not.toContain(secret);
  });
});
