import { signedUpCookie } from "@/lib/server/cookies";
import { getViewer } from "@/lib/server/viewer";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const viewer = await getViewer(request.headers);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // "Check your e-mail" is said once: the page that heard it keeps it until dismissed.
  if (viewer.checkEmail) headers.append("Set-Cookie", `${signedUpCookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return Response.json(viewer, { headers });
}
