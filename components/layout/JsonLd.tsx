/**
 * Structured data for search engines, as a JSON-LD script. `<` is escaped so that no text (a
 * product's name, a review) can close the script.
 */
export function JsonLd({ data }: { data: object }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
  );
}
