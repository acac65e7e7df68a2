import "server-only";
import { cronJobs, isCronAuthorized, type CronJob } from "@/lib/cron/jobs";
import { getDb } from "@/lib/server/database";
import { env } from "@/lib/env";
import { revalidateCatalog } from "./catalog-cache";

/** The GET handler of /api/cron/<job>: 401 without the cron secret, else one pass of the job and its report. */
export function cronRoute(job: CronJob) {
  return async (request: Request) => {
    if (!isCronAuthorized(request.headers.get("authorization"), env().CRON_SECRET)) {
      return new Response("Unauthorized", { status: 401 });
    }
    const report = await cronJobs[job].run(await getDb());
    // No listener runs between cron calls to hear the database's announcement; expire here.
    if (cronJobs[job].catalogChanged(report)) revalidateCatalog();
    return Response.json({ job, report });
  };
}
