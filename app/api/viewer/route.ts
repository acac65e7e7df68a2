import { getViewer } from "@/lib/server/viewer";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return Response.json(await getViewer(request.headers), { headers: { "Cache-Control": "private, no-store" } });
}
