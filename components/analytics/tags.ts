// GA4's and Meta's tags and the shop's commerce events, downloaded only after the shopper accepted
// (./ConsentTags.tsx): before that, no page carries this code.
import { eventAttribute, metaEventNames, type CommerceEvent } from "@/lib/analytics/browser-events";
import type { ConsentPage } from "./consent-script";

export type Tags = { ga: string | null; pixel: string | null };
export type Tagged = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; fbq?: Fbq; _fbq?: Fbq };
type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[] };

/** Loads the tags and sends each page's commerce events, now and as pages change; returns what stops the events. */
export function startTags(tags: Tags): () => void {
  loadTags(tags);
  // Each element's event once per value: pages that arrive later (an M-Pesa payment confirmed) are watched for.
  const sent = new WeakMap<Element, string>();
  const scan = () => {
    for (const element of document.querySelectorAll(`[${eventAttribute}]`)) {
      const json = element.getAttribute(eventAttribute)!;
      if (sent.get(element) === json) continue;
      sent.set(element, json);
      send(JSON.parse(json));
    }
  };
  scan();
  const watcher = new MutationObserver(scan);
  watcher.observe(document.body, { childList: true, subtree: true, attributeFilter: [eventAttribute] });
  // Forms sent since the page opened wait in the banner script's queue; from now on they are sent at once.
  const queue = (window as ConsentPage).ktEvents ?? [];
  for (const event of queue.splice(0)) send(event);
  queue.push = (...events) => (events.forEach(send), 0);
  return () => {
    watcher.disconnect();
    Reflect.deleteProperty(queue, "push");
  };
}

/** Sends a commerce event to each tag: GA4's name and parameters, Meta's standard event with the shared event id. */
function send(event: CommerceEvent) {
  const w = window as Tagged;
  const { params } = event;
  w.gtag?.("event", event.name, params);
  w.fbq?.(
    "track",
    metaEventNames[event.name],
    {
      currency: params.currency,
      value: params.value,
      content_ids: params.items.map((item) => item.item_id),
      content_type: "product",
    },
    { eventID: params.event_id },
  );
}

/** gtag.js and the Pixel, each once and async (never blocking the page), as Google and Meta publish them. */
function loadTags(tags: Tags) {
  const w = window as Tagged;
  const script = (src: string) => document.head.append(Object.assign(document.createElement("script"), { async: true, src }));
  if (tags.ga && !w.gtag) {
    w.dataLayer = w.dataLayer ?? [];
    w.gtag = function () {
      // gtag.js reads its arguments object, not an array.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", tags.ga);
    script(`https://www.googletagmanager.com/gtag/js?id=${tags.ga}`);
  }
  if (tags.pixel && !w.fbq) {
    const fbq: Fbq = Object.assign((...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue.push(args)), {
      queue: [] as unknown[],
    });
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0" });
    w.fbq = w._fbq = fbq;
    script("https://connect.facebook.net/en_US/fbevents.js");
    fbq("init", tags.pixel);
    // The page the shopper accepted on; the banner counts the pages after it.
    fbq("track", "PageView");
  }
}
