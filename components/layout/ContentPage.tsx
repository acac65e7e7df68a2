import type { ReactNode } from "react";

/** The frame of the shop's short text pages (about, contact, terms, not found). */
export function ContentPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-green-900">{title}</h1>
      <div className="mt-6 space-y-4 leading-relaxed text-stone-700 [&_a]:text-green-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900">
        {children}
      </div>
    </article>
  );
}
