"use client";

import { useEffect } from "react";

/**
 * Rendered by /search only: puts the current query and category into the header's search form,
 * which is part of the static layout and so cannot read the URL on the server.
 */
export function SearchParamsSync({ q, category }: { q: string; category: string }) {
  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>('header form[role="search"]');
    if (!form) return;
    setField(form, "q", q);
    setField(form, "category", category);
  }, [q, category]);
  return null;
}

function setField(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
}
