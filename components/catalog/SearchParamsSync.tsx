"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useRef } from "react";
import { parseSearchParams } from "@/lib/catalog/search-params";

/**
 * Put inside the header's search form: on /search it fills the form's `q` and `category`
 * fields from the URL, so the query stays selected while every other page stays static
 * (the URL is read in the browser, never on the server).
 */
export function SearchParamsSync() {
  return (
    <Suspense fallback={null}>
      <Sync />
    </Suspense>
  );
}

function Sync() {
  const marker = useRef<HTMLSpanElement>(null);
  const pathname = usePathname();
  const params = useSearchParams();

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form || pathname !== "/search") return;
    const query = parseSearchParams({ q: params.getAll("q"), category: params.getAll("category") });
    setField(form, "q", query.q);
    setField(form, "category", query.category);
  }, [pathname, params]);

  return <span ref={marker} hidden />;
}

function setField(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
}
