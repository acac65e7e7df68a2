import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ShopLink } from "@/components/ui/ShopLink";
import { ContentPage } from "./ContentPage";

/** What every 'Not Found' says: an unknown URL, a hidden product, a back-office URL refused to a shopper. */
export function NotFoundPage() {
  return (
    <ContentPage title="Not Found">
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <ShopLink href="/">Back to the shop</ShopLink>
      </p>
    </ContentPage>
  );
}

/**
 * notFound() for a page that Next caches (a product, a category). Thrown by the page itself, Next 16
 * answers 404 with an empty body (a bare Next app does the same): its server render has no not-found
 * UI, which the browser's JavaScript draws. Thrown inside a Suspense boundary instead, the shop's
 * frame renders around it, the boundary's fallback (the same 'Not Found') shows without JavaScript,
 * and the answer is still a 404 kept in the cache.
 */
export function CachedNotFound() {
  return (
    <Suspense fallback={<NotFoundPage />}>
      <ThrowNotFound />
    </Suspense>
  );
}

async function ThrowNotFound(): Promise<never> {
  notFound();
}
