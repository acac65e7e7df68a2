import type { ReactNode } from "react";
import { Logo } from "@/components/layout/Logo";
import { SidePanel } from "./SidePanel";

/** The sign-in and sign-up screens: the form beside the marketing panel. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 md:grid-cols-2 md:items-stretch">
      <section className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8 md:order-2">
        <Logo />
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          <p className="mt-1 text-stone-700">{intro}</p>
        </div>
        {children}
      </section>
      <SidePanel />
    </div>
  );
}
