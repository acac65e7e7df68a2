import { site } from "@/lib/site";
import { env } from "@/lib/env";

/** The address the browser uses, read at run time so one build serves any host and port. */
export function authBaseURL(): string {
  return (env().BETTER_AUTH_URL ?? site.url).replace(/\/$/, "");
}
