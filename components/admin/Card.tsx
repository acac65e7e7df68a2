import type { ReactNode } from "react";
import { cardClass, sectionTitleClass } from "./styles";

/** A titled section of a back-office page, named by its heading for screen readers. */
export function Card({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className={sectionTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
