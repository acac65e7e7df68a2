import "server-only";
import { cookies } from "next/headers";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { addProductPhoto } from "@/lib/catalog/photos";
import { getDb } from "@/lib/server/database";
import { photoMessages } from "@/lib/photos/rules";
import { readUploadForm, type UploadOutcome } from "@/lib/photos/upload-request";
import { revalidateCatalog } from "./catalog-cache";
import { cookieDefaults, photoUploadCookie } from "./cookies";
import { roleForRoute } from "./session";

/**
 * A photo upload to `/admin/products/<id>/photos`: a route handler rather than a server action, so
 * that this one request may carry 10 MB while actions keep their 1 MB limit. Checks the role
 * itself. The form's script asks for JSON; a plain form post is sent back to the product page,
 * where a short-lived cookie carries the outcome.
 */
export async function handlePhotoUpload(request: Request, productIdParam: string): Promise<Response> {
  const access = await roleForRoute(backOfficeSections.products);
  if ("response" in access) return access.response;
  const productId = parseId(productIdParam);
  if (productId === null) return new Response("Not Found", { status: 404 });
  const { status, outcome } = await upload(request, productId, access.user);
  if (request.headers.get("accept")?.includes("application/json")) return Response.json(outcome, { status });
  (await cookies()).set(photoUploadCookie.name, JSON.stringify(outcome), { ...cookieDefaults(), ...photoUploadCookie });
  return new Response(null, { status: 303, headers: { Location: `${backOfficeSections.products.path}/${productId}#photos` } });
}

/** The outcome a plain form post left for the product page, if any. */
export async function findUploadOutcome(): Promise<UploadOutcome | null> {
  const value = (await cookies()).get(photoUploadCookie.name)?.value;
  try {
    const outcome = value ? JSON.parse(value) : null;
    return outcome?.ok === true || outcome?.ok === false ? (outcome as UploadOutcome) : null;
  } catch {
    return null;
  }
}

async function upload(
  request: Request,
  productId: number,
  user: Parameters<typeof actorOf>[0],
): Promise<{ status: number; outcome: UploadOutcome }> {
  const form = await readUploadForm(request);
  if (!form.ok) return { status: form.status, outcome: { ok: false, field: form.field, error: form.error } };
  const result = await addProductPhoto(await getDb(), { productId, upload: form.upload, alt: form.alt, actor: actorOf(user) });
  if (result.ok) {
    revalidateCatalog();
    return { status: 201, outcome: { ok: true, message: photoMessages.added } };
  }
  if (result.field === "product") return { status: 404, outcome: { ok: false, field: "photo", error: result.error } };
  return { status: 422, outcome: { ok: false, field: result.field, error: result.error } };
}
