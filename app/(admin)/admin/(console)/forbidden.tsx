import Link from "next/link";
import { backOfficeSections } from "@/lib/admin/sections";

/** A member of staff on a page their roles do not cover: said plainly, inside the back office. */
export default function Forbidden() {
  return (
    <section className="max-w-xl space-y-3">
      <h1 className="text-2xl font-bold">You don&apos;t have access to this page.</h1>
      <p className="text-stone-700">Your roles do not cover it. Ask an admin if you need it.</p>
      <Link href={backOfficeSections.dashboard.path} className="font-medium text-green-800 underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
