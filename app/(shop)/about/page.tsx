import { ContentPage } from "@/components/layout/ContentPage";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "About Us",
  description: `Who we are: ${site.name} designs and makes sustainable hoodies, t-shirts and recycled trash bags in Nairobi.`,
  path: "/about",
});

export default function AboutPage() {
  return (
    <ContentPage title="About Us">
      <p>
        {site.name} started in 2021 in a small studio off Kimathi Street, with one screen-printing table and a simple idea:
        clothes that look good in Nairobi should not cost the earth. &ldquo;Kijani&rdquo; is Swahili for green.
      </p>
      <h2>What we make</h2>
      <p>
        Our t-shirts and hoodies are cut from organic cotton and recycled polyester, printed with water-based inks and sewn by a
        team of twelve tailors we pay fairly and on time. Our trash bags are pressed from plastic waste collected by community
        groups in Dandora and Kibera.
      </p>
      <h2>How we work</h2>
      <p>
        We print in small batches to avoid waste, pack every order in recycled paper and deliver to all 47 counties of Kenya. If
        something is not right, we make it right.
      </p>
    </ContentPage>
  );
}
