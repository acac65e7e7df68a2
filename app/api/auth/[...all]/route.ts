import { getAuth } from "@/lib/server/auth";

// Better Auth's own endpoints (session, sign-out); the forms go through server actions.
async function handler(request: Request) {
  return (await getAuth()).handler(request);
}

export { handler as GET, handler as POST };
