import { ShopLink } from "@/components/ui/ShopLink";
import { backOfficeSections } from "@/lib/admin/sections";
import { hasAnyRole, staffRoleLabels } from "@/lib/auth/roles";
import type { ShopUser } from "@/lib/auth/user";
import { site } from "@/lib/site";

/**
 * The back office's navigation: the sections this person's roles open (Notifications with how many
 * are new), who they are, and the way out. On a phone they fold into a Menu, a native disclosure
 * that the keyboard and screen readers know and that needs no script; from md up they stand in a
 * column (a closed <details> hides its content whatever the CSS says, so each width has its copy).
 * Its links prefetch on intent only: each section is rendered per request for the signed-in person,
 * and prefetching all of them on every page view cost the server a dozen requests per page (issue 28).
 */
export function BackOfficeNav({ user, unread }: { user: ShopUser; unread: number }) {
  const contents = <NavContents user={user} unread={unread} />;
  return (
    <nav
      aria-label="Back office"
      className="relative border-b border-stone-200 bg-green-950 px-4 py-4 text-white md:w-56 md:border-b-0 md:border-r print:hidden"
    >
      <p className="font-bold">{site.name}</p>
      <p className="text-sm text-green-100">Back office</p>
      <details className="md:hidden">
        <summary className="absolute right-4 top-4 cursor-pointer rounded border border-green-100 px-3 py-2 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-white">
          Menu
        </summary>
        {contents}
      </details>
      <div className="hidden md:block">{contents}</div>
    </nav>
  );
}

function NavContents({ user, unread }: { user: ShopUser; unread: number }) {
  const sections = Object.values(backOfficeSections).filter((section) => hasAnyRole(user.roles, section.roles));
  return (
    <>
      <ul className="mt-4 flex flex-col gap-y-2">
        {sections.map((section) => (
          <li key={section.path}>
            <ShopLink
              href={section.path}
              prefetch="intent"
              className="rounded font-medium hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
            >
              {section.label}
              {section === backOfficeSections.notifications && unread > 0 && ` (${unread} new)`}
            </ShopLink>
          </li>
        ))}
        <li>
          <ShopLink href="/" prefetch="intent" className="text-sm text-green-100 hover:underline">
            View the shop
          </ShopLink>
        </li>
      </ul>
      <p className="mt-6 break-words text-sm text-green-100">
        {user.email}
        <br />
        {user.roles.map((role) => staffRoleLabels[role]).join(", ")}
      </p>
    </>
  );
}
