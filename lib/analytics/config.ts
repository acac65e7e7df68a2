import "server-only";
import { env, type Env } from "@/lib/env";

/** GA4, when both its settings are set: gtag.js in the browser and the Measurement Protocol for purchases. */
export function gaConfig(settings: Env = env()) {
  const { GA_MEASUREMENT_ID: measurementId, GA_API_SECRET: apiSecret, GA_MP_URL: url } = settings;
  return measurementId && apiSecret ? { measurementId, apiSecret, url } : null;
}

/** The Meta Pixel, when both its settings are set: the Pixel in the browser and the Conversions API for purchases. */
export function metaConfig(settings: Env = env()) {
  const { META_PIXEL_ID: pixelId, META_CAPI_TOKEN: token, META_GRAPH_URL: graphUrl } = settings;
  return pixelId && token ? { pixelId, token, graphUrl } : null;
}

/** The public ids the banner loads the tags with (no secret): null when neither tool is set, and the banner is not shown. */
export function browserTags(settings: Env = env()): { ga: string | null; pixel: string | null } | null {
  const ga = gaConfig(settings)?.measurementId ?? null;
  const pixel = metaConfig(settings)?.pixelId ?? null;
  return ga || pixel ? { ga, pixel } : null;
}
