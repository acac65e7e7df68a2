import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { SelectField } from "@/components/ui/SelectField";
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
      <Field
        id="slide-upload"
        name={uploadFields.photo}
        label="Image (JPEG, PNG or WebP, 3:2 looks best)"
        type="file"
        accept={ACCEPTED_PHOTO_TYPES.join(",")}
      />
      <Field id="slide-upload-alt" name={uploadFields.alt} label="Alt text" maxLength={promotionLimits.alt} />
      <SelectField
        id="slide-upload-href"
        name="href"
        label="Links to"
        required
        defaultValue=""
        placeholder={{ value: "", label: "Choose…" }}
        options={links}
      />
      <div>
        <button type="submit" className={buttonStyles.secondary}>
          Upload as a new slide
        </button>
      </div>
    </form>
  );
}
