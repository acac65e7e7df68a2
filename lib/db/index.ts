import "server-only";
import { connect } from "./client";

export { connect, type Database } from "./client";

/** An open database: its queries, a channel to listen on, and how to close it. */
export type Connection = Awaited<ReturnType<typeof connect>>;
