import { controlClass } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { buttonStyles } from "@/components/ui/button-styles";
import { promotionLimits } from "@/lib/marketing/promotion-rules";
import { ACCEPTED_PHOTO_TYPES } from "@/lib/photos/rules";
import { uploadFields } from "@/lib/photos/upload-request";

/** Uploads an image as a new slide of the draft: a plain multipart form post, so it works without JavaScript. */
export function SlideUploadForm({
  links,
  outcome,
}: {
  links: { value: string; label: string }[];
  outcome: { ok: boolean; message: string } | null;
}) {
  return (
    <form action="/admin/promotions/slides" method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-3">
      <div className="sm:col-span-3">
        <FormMessage message={outcome?.message} ok={outcome?.ok} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-upload" className="text-sm font-medium">
          Image (JPEG, PNG or WebP, 3:2 looks best)
        </label>
        <input
          id="slide-upload"
          name={uploadFields.photo}
          type="file"
          required
          accept={ACCEPTED_PHOTO_TYPES.join(",")}
          className={controlClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-upload-alt" className="text-sm font-medium">
          Alt text
        </label>
        <input id="slide-upload-alt" name={uploadFields.alt} required maxLength={promotionLimits.alt} className={controlClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="slide-upload-href" className="text-sm font-medium">
          Links to
        </label>
        <select id="slide-upload-href" name="href" required defaultValue="" className={controlClass}>
          <option value="">Choose…</option>
          {links.map((link) => (
            <option key={link.value} value={link.value}>
              {link.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className={buttonStyles.secondary}>
          Upload as a new slide
        </button>
      </div>
    </form>
  );
}
