import { buttonStyles } from "@/components/ui/button-styles";
import { shareLinks } from "@/lib/marketing/share";
import { ShareEnhancer } from "./ShareEnhancer";

/**
 * 'Share' for a page: a disclosure of plain WhatsApp, X and Facebook links that works without
 * JavaScript. ShareEnhancer adds 'Copy link', and on phones opens the system share sheet instead.
 */
export function ShareMenu({ path, title }: { path: string; title: string }) {
  const { url, links } = shareLinks(path, title);
  return (
    <details className="group relative mt-4 inline-block" data-testid="share">
      <summary className={`${buttonStyles.secondary} cursor-pointer list-none`}>Share</summary>
      <ul className="absolute z-10 mt-2 flex w-44 flex-col rounded-md bg-white p-2 text-sm shadow-lg ring-1 ring-stone-200">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded px-2 py-1.5 hover:bg-stone-100"
            >
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <ShareEnhancer url={url} title={title} />
        </li>
      </ul>
    </details>
  );
}
