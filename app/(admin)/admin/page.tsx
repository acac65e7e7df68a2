import { staffRoles } from "@/lib/auth/roles";
import { requireRole } from "@/lib/server/session";

export default async function AdminHomePage() {
  await requireRole("/admin", ...staffRoles);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">Back office</h1>
    </main>
  );
}
