import { NotFoundPage } from "@/components/layout/NotFoundPage";

export { notFoundMetadata as metadata } from "@/lib/seo";

// Inside the shop's layout, so it carries no frame of its own: Next sends a segment's not-found with
// every page below it, and a framed one doubled the header and footer in each page's payload.
export default NotFoundPage;
