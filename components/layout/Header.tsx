import { Bell, CircleUserRound } from "@/components/ui/icon-data";
import { Icon } from "@/components/ui/Icon";
import { AccountMenu } from "@/components/auth/AccountMenu";
import { CartLink } from "@/components/cart/CartLink";
import { Logo } from "@/components/layout/Logo";
import { SearchForm } from "@/components/layout/SearchForm";
import { NotificationBell } from "@/components/notifications/NotificationBell";
import type { SearchQuery } from "@/lib/catalog/search-params";

/** The shop's header: logo, search and the visitor's icons. On phones the search wraps to its own row. */
export function Header({ search }: { search?: SearchQuery }) {
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-3 px-3 py-3 sm:gap-x-4 sm:px-4">
        <Logo />
        <SearchForm query={search} className="order-last w-full md:order-none md:w-auto md:flex-1" />
        <nav aria-label="Your shop" className="ml-auto flex items-center gap-1">
          <CartLink />
          <NotificationBell icon={<Icon icon={Bell} />} />
          <AccountMenu icon={<Icon icon={CircleUserRound} size={26} />} />
        </nav>
      </div>
    </header>
  );
}
