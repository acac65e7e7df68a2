// A shopper without JavaScript, over plain HTTP: it reads a page's form (the server action's hidden
// fields included), posts it back as the browser would, and keeps its cookies. Light enough to run
// many at once on a small machine, where browsers would not fit.
import { cartMessages } from "@/lib/cart/rules";
import type { County } from "@/lib/checkout/counties";

/** One shopper's cookies and requests against one shop. */
export class Shopper {
  private cookies = new Map<string, string>();
  /** The page visit() last landed on, whose forms a browser would post from there. */
  private landed: { path: string; html: string } | null = null;
  /**
   * `forwardedFor`: the phone's own address, as a proxy in front of a shop with TRUSTED_PROXY_HOPS=1 passes it.
   * `timeoutMs`: how long it waits for each answer before it gives up, as a phone's browser would (20 s).
   */
  constructor(
    private readonly baseUrl: string,
    private readonly options: { forwardedFor?: string; timeoutMs?: number } = {},
  ) {}

  /**
   * Opens a page as a browser would, following redirects (a campaign link's too); the last answer's status.
   * `onRedirect`: called with each redirect's time to answer, in ms.
   */
  async visit(path: string, onRedirect?: (ms: number) => void): Promise<number> {
    let start = performance.now();
    let answer = await this.request(path);
    for (let hop = 0; hop < 5 && answer.status >= 300 && answer.status < 400 && answer.headers.has("location"); hop++) {
      onRedirect?.(performance.now() - start);
      await answer.body?.cancel();
      start = performance.now();
      answer = await this.request(answer.headers.get("location")!);
    }
    const { pathname, search } = new URL(answer.url);
    this.landed = { path: pathname + search, html: await answer.text() };
    return answer.status;
  }

  /** Adds one unit of a product (its preselected variant) to the cart; true once the shop says so. */
  async addToCart(slug: string): Promise<boolean> {
    return (await this.tryAddToCart(slug)) === "added";
  }

  /**
   * addToCart's answer in words: "added", "sold out", or what else the shop answered. `script`: post
   * as the page's script does, calling the server action, whose answer is its result alone (no page).
   */
  async tryAddToCart(slug: string, { script = false } = {}): Promise<string> {
    // From the product's page when visit() landed there (a campaign link's, with its UTM parameters), as a browser would.
    const productPath = `/products/${slug}`;
    const onPage = this.landed && new URL(this.landed.path, this.baseUrl).pathname === productPath ? this.landed : null;
    const path = onPage?.path ?? productPath;
    const fields = onPage ? actionFormFields(onPage.html) : await this.formOf(path);
    const answer = await (script ? this.callAction : this.post).call(this, path, fields);
    const page = await answer.text();
    if (answer.status === 200 && page.includes("Added to cart.")) return "added";
    if (answer.status === 200 && page.includes(cartMessages.soldOut)) return "sold out";
    return `answered ${answer.status}${answer.status === 200 ? " without 'Added to cart.'" : ""}`;
  }

  /** The checkout's fields with a guest's delivery details, paying on delivery; post them with placeOrder. */
  async checkoutFields(email: string, phone = "0722000333"): Promise<Record<string, string>> {
    return { ...(await this.formOf("/checkout", "Checkout")), ...deliveryOf(email, phone) };
  }

  /** Places the order; the order number when the shop acknowledges it (303 to its page), else null. */
  async placeOrder(fields: Record<string, string>): Promise<string | null> {
    const answer = await this.postCheckout(fields);
    return answer.status === 303 ? (answer.headers.get("location")?.match(/KT-[A-Z0-9]{7}$/)?.[0] ?? null) : null;
  }

  /**
   * Posts the checkout form: 303 to the order's page when placed, 200 with the form's message when refused.
   * Like a browser without JavaScript, it first gets the county's fee quoted (nothing placed), then posts
   * again with that quote.
   */
  async postCheckout(fields: Record<string, string>): Promise<Response> {
    const answer = await this.post("/checkout", fields);
    if (answer.status !== 200) return answer;
    const html = await answer.text();
    // A refusal page without the form (an emptied cart) has no quote to take.
    const quote = html.includes('aria-label="Checkout"') ? actionFormFields(html, "Checkout").deliveryQuote : undefined;
    if (!quote || quote === fields.deliveryQuote) return new Response(html, { status: answer.status, headers: answer.headers });
    return this.post("/checkout", { ...fields, deliveryQuote: quote });
  }

  /**
   * Places the order as the checkout's script does: one call of its action, with the fee the page
   * showed in `fields.deliveryQuote` (the browser works it out from the rates the page carries).
   * 303 when placed; 200 with the action's answer (no page) when refused.
   */
  async callCheckout(fields: Record<string, string>): Promise<Response> {
    const answer = await this.callAction("/checkout", fields);
    const redirect = answer.headers.get("x-action-redirect");
    if (!redirect) return answer;
    await answer.body?.cancel();
    return new Response(null, { status: 303, headers: { location: redirect.split(";")[0] } });
  }

  /** Creates an account; true when the shop acknowledges it (a redirect away from the form). */
  async signUp(email: string, password: string): Promise<boolean> {
    const fields = await this.formOf("/register");
    const details = { firstname: "Achieng", lastname: "Otieno", email, phone: "0722000333", password, confirmpassword: password };
    const answer = await this.post("/register", { ...fields, ...details });
    return answer.status === 303;
  }

  private async formOf(path: string, label?: string): Promise<Record<string, string>> {
    const answer = await this.request(path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return actionFormFields(await answer.text(), label);
  }

  private post(path: string, fields: Record<string, string>): Promise<Response> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return this.request(path, { method: "POST", body, headers: { origin: this.baseUrl } });
  }

  /**
   * Calls a useActionState form's server action as React does in the browser: the action's id in a
   * header, and its arguments (the form's state, then its fields) encoded as React's reply.
   */
  private callAction(path: string, fields: Record<string, string>): Promise<Response> {
    const ref = Object.keys(fields)
      .find((name) => /^\$ACTION_REF_\d+$/.test(name))
      ?.slice("$ACTION_REF_".length);
    const { id } = JSON.parse(fields[`$ACTION_${ref}:0`]) as { id: string };
    const [state] = JSON.parse(fields[`$ACTION_${ref}:1`]) as [unknown];
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) if (!name.startsWith("$ACTION")) body.append(`_1_${name}`, value);
    body.append("0", JSON.stringify([state, "$K1"]));
    return this.request(path, {
      method: "POST",
      body,
      headers: { origin: this.baseUrl, "next-action": id, accept: "text/x-component" },
    });
  }

  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await fetch(new URL(path, this.baseUrl), {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      headers: {
        ...init.headers,
        ...(cookie ? { cookie } : {}),
        ...(this.options.forwardedFor ? { "x-forwarded-for": this.options.forwardedFor } : {}),
      },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return answer;
  }
}

/** Where every shopper here has the order delivered: the rider's county, where pay on delivery is offered as the shop is seeded. */
export const shopperCounty: County = "Nairobi City";

/** A guest's delivery details that pass every rule, paying on delivery. */
function deliveryOf(email: string, phone: string): Record<string, string> {
  return {
    fullName: "Achieng Otieno",
    phone,
    email,
    county: shopperCounty,
    town: "Westlands",
    street: "Waiyaki Way",
    notes: "",
  };
}

/**
 * The fields a server-action form in `html` posts (the first, or the one labelled `label`, as the checkout's
 * discount code form comes before it): hidden and filled inputs, checked choices.
 */
export function actionFormFields(html: string, label?: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find(
    ([, tag, body]) => body.includes("$ACTION_") && (label === undefined || attribute(`<form${tag}>`, "aria-label") === label),
  );
  if (!form) throw new Error(`No server-action form${label ? ` labelled ${label}` : ""} on the page`);
  const fields: Record<string, string> = {};
  for (const [input] of form[2].matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, "name");
    if (name === undefined) continue;
    const type = attribute(input, "type") ?? "text";
    if ((type === "radio" || type === "checkbox") && attribute(input, "checked") === undefined) continue;
    fields[name] = attribute(input, "value") ?? (type === "checkbox" ? "on" : "");
  }
  return fields;
}

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name.replace("$", "\\$")}(?:="([^"]*)")?[\\s/>]`));
  if (!match) return undefined;
  return (match[1] ?? "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
