import Validator, { type Issue } from "@adobe/structured-data-validator";
import { describe, expect, it } from "vitest";
import { googleReviewsXml, type FeedReview } from "./feed";
import { reviewStructuredData } from "./structured-data";
import type { PublishedReview, ReviewSummary } from "./product-reviews";

const review: FeedReview = {
  id: 7,
  rating: 4,
  title: "Fits <well> & warm",
  body: "",
  authorName: "Wanjiru K.",
  createdAt: "2026-11-20T08:00:00.000Z",
  productName: "Skyline Hoodie",
  productSlug: "skyline-hoodie",
  sku: "42",
};

describe("Google's product ratings feed", () => {
  it("lists each review with the schema's fields in its order, escaped, and content never empty", () => {
    const xml = googleReviewsXml([review], { name: "Kijani Threads", url: "https://shop.example" });
    expect(xml).toContain("<version>2.3</version>");
    expect(xml).toContain("product_reviews.xsd");
    expect(xml).toContain("<review_id>7</review_id>");
    expect(xml).toContain("<reviewer><name>Wanjiru K.</name></reviewer>");
    expect(xml).toContain("<review_timestamp>2026-11-20T08:00:00.000Z</review_timestamp>");
    expect(xml).toContain("<title>Fits &lt;well&gt; &amp; warm</title><content>Fits &lt;well&gt; &amp; warm</content>");
    expect(xml).toContain('<ratings><overall min="1" max="5">4</overall></ratings>');
    expect(xml).toContain("<skus><sku>42</sku></skus><brands><brand>Kijani Threads</brand></brands>");
    expect(xml).toContain("<product_url>https://shop.example/products/skyline-hoodie</product_url>");
    const order = [
      "review_id",
      "reviewer",
      "review_timestamp",
      "title",
      "content",
      "review_url",
      "ratings",
      "products",
      "is_spam",
    ];
    const positions = order.map((name) => xml.indexOf(`<${name}`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(xml).not.toContain("<well>");
  });

  it("is a feed without reviews when none is published", () => {
    expect(googleReviewsXml([], { name: "Kijani Threads", url: "https://shop.example" })).toContain("<reviews>\n</reviews>");
  });
});

describe("the product's JSON-LD reviews", () => {
  const published: PublishedReview = {
    id: 1,
    rating: 5,
    title: "Lovely",
    body: "Soft </script> cotton",
    authorName: "Otieno A.",
    sizeBought: "Black / L",
    reply: "Thank you!",
    createdAt: "2026-11-21T10:00:00.000Z",
  };
  const summary: ReviewSummary = { count: 3, tenths: 47, distribution: [] };

  it("adds aggregateRating and up to 10 reviews, without the reply or what was bought", () => {
    const data = reviewStructuredData(
      summary,
      Array.from({ length: 12 }, (_, index) => ({ ...published, id: index })),
    );
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: "4.7",
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(10);
    expect(data.review?.[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Otieno A." },
      datePublished: "2026-11-21",
      name: "Lovely",
      reviewBody: "Soft </script> cotton",
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
  });

  it("passes Google's rules for Product review snippets, as @adobe/structured-data-validator checks them", async () => {
    const product = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Skyline Hoodie",
      image: ["https://shop.example/images/skyline.jpg"],
      offers: [{ "@type": "Offer", price: 2500, priceCurrency: "KES", availability: "https://schema.org/InStock" }],
      ...reviewStructuredData(summary, [published, { ...published, id: 2, title: "", rating: 3 }]),
    };
    // The product's own merchant fields (its GTIN, shipping) are the page's concern, checked end to end.
    expect(reviewIssues(await new Validator().validate({ jsonld: { Product: [product] } }))).toEqual([]);
    const broken = { ...product, aggregateRating: { "@type": "AggregateRating", ratingValue: "4.7" } };
    expect(reviewIssues(await new Validator().validate({ jsonld: { Product: [broken] } }))).not.toEqual([]);
  });

  it("adds nothing without a published review", () => {
    expect(reviewStructuredData({ count: 0, tenths: 0, distribution: [] }, [])).toEqual({});
  });
});

/** The validator's errors, and its warnings about ratings and reviews. */
function reviewIssues(issues: Issue[]): string[] {
  const aboutReviews = (issue: Issue) =>
    issue.path.some((step) => ["AggregateRating", "Review", "Rating", "Person"].includes(step.type)) ||
    (issue.fieldNames ?? []).some((field) => /^(aggregateRating|review)/.test(field));
  return issues.filter((issue) => issue.severity === "ERROR" || aboutReviews(issue)).map((issue) => issue.issueMessage);
}
