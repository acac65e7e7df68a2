import { Mail, MapPin, Phone } from "@/components/ui/icon-data";
import { ShopLink } from "@/components/ui/ShopLink";
import { Icon } from "@/components/ui/Icon";
import { Logo } from "@/components/layout/Logo";
import { ConsentBanner } from "@/components/analytics/ConsentBanner";
import { browserTags } from "@/lib/analytics/config";
import { consentWording } from "@/lib/analytics/consent-rules";
import { SocialIcon } from "@/components/layout/SocialIcon";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
import { getShopDetails } from "@/lib/server/shop-details-cache";
import { addressLine, phoneHref, socialLinks } from "@/lib/shop-details/contact";
import { site } from "@/lib/site";

const companyLinks = [
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact Us" },
  { href: "/terms", label: "Terms and Conditions" },
  { href: findOrderPath, label: findOrderTitle },
] as const;

/** The shop's footer: brand blurb, company pages and every way to reach the shop (its saved details). */
export async function Footer() {
  const details = await getShopDetails();
  // Offered only when GA4 or the Pixel is set up; the banner reads the shopper's answer in the browser.
  const tags = browserTags();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-50 text-sm text-stone-700 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1.5fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-sm leading-relaxed">{site.blurb}</p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-semibold text-stone-900">
            Our Company
          </h2>
          <ul className="mt-3 space-y-2">
            {/* Secondary links are not prefetched as they scroll into view: that costs shoppers data. */}
            {companyLinks.map((link) => (
              <li key={link.href}>
                <ShopLink href={link.href} prefetch={false} className="hover:text-green-800 hover:underline">
                  {link.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-connected">
          <h2 id="footer-connected" className="font-semibold text-stone-900">
            Stay Connected
          </h2>
          <ul className="mt-3 flex gap-2" aria-label="Social media">
            {socialLinks(details).map((account) => (
              <li key={account.name}>
                <a
                  href={account.href}
                  aria-label={account.name}
                  rel="noopener noreferrer"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-green-800 text-white hover:bg-green-900"
                >
                  <SocialIcon name={account.name} />
                </a>
              </li>
            ))}
          </ul>
          <address className="mt-4 space-y-2 not-italic">
            <p className="flex items-start gap-2">
              <Icon icon={Phone} size={18} className="mt-0.5 shrink-0" />
              <a href={phoneHref(details.phone)} className="hover:text-green-800 hover:underline">
                {details.phone}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Icon icon={Mail} size={18} className="mt-0.5 shrink-0" />
              <a href={`mailto:${details.email}`} className="break-all hover:text-green-800 hover:underline">
                {details.email}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Icon icon={MapPin} size={18} className="mt-0.5 shrink-0" />
              <span>{addressLine(details)}</span>
            </p>
          </address>
        </section>
      </div>
      <p className="border-t border-stone-200 py-4 text-center text-xs text-stone-600">
        © {site.name}. Made in Nairobi, delivered across Kenya.
        {tags && (
          <>
            {" · "}
            <a href="#cookie-choices" className="underline hover:text-green-800">
              {consentWording.reopen}
            </a>
          </>
        )}
      </p>
      {tags && <ConsentBanner tags={tags} />}
    </footer>
  );
}
