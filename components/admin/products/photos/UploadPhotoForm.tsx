"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Field } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { buttonStyles } from "@/components/ui/button-styles";
import { backOfficeSections } from "@/lib/admin/sections";
import { ACCEPTED_PHOTO_TYPES, MAX_ALT_LENGTH, MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES, photoMessages } from "@/lib/photos/rules";
import { uploadFields, type UploadOutcome } from "@/lib/photos/upload-request";

/**
 * Uploads a photo with its alt text. A plain form post to the upload route works without
 * JavaScript; with it, the file is checked here first and sent in the background, and errors show
 * beside their field. The server checks everything again.
 */
export function UploadPhotoForm({ productId, initialOutcome }: { productId: number; initialOutcome: UploadOutcome | null }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState(initialOutcome);
  const [pending, setPending] = useState(false);
  const error = (field: "photo" | "alt") => (outcome && !outcome.ok && outcome.field === field ? outcome.error : undefined);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const photo = data.get(uploadFields.photo);
    if (photo instanceof File && photo.size > MAX_PHOTO_BYTES)
      return show({ ok: false, field: "photo", error: photoMessages.tooLarge });
    setPending(true);
    const response = await fetch(event.currentTarget.action, {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
    }).catch(() => null);
    const answer: UploadOutcome | null = await response?.json().catch(() => null);
    setPending(false);
    // A proxy in front (nginx) may refuse a big body itself, without JSON.
    const refusedAsLarge = response?.status === 413;
    show(answer ?? { ok: false, field: "photo", error: refusedAsLarge ? photoMessages.tooLarge : photoMessages.uploadFailed });
    if (answer?.ok) {
      form.current?.reset();
      router.refresh();
    }
  }

  function show(next: UploadOutcome) {
    setOutcome(next);
    if (!next.ok) form.current?.querySelector<HTMLElement>(`[name="${next.field}"]`)?.focus();
  }

  return (
    <form
      ref={form}
      action={`${backOfficeSections.products.path}/${productId}/photos`}
      method="post"
      encType="multipart/form-data"
      onSubmit={upload}
      className="flex max-w-xl flex-col gap-3"
    >
      <h3 className="font-semibold text-stone-900">Add a photo</h3>
      <FormMessage message={outcome?.ok ? outcome.message : undefined} ok />
      <Field
        id="photo-file"
        name={uploadFields.photo}
        label={`Photo (JPEG, PNG or WebP, at most ${MAX_PHOTO_MEGABYTES} MB)`}
        type="file"
        accept={ACCEPTED_PHOTO_TYPES.join(",")}
        error={error("photo")}
      />
      <Field
        id="photo-alt"
        name={uploadFields.alt}
        label="Alt text (what the photo shows, for people who cannot see it)"
        maxLength={MAX_ALT_LENGTH}
        autoComplete="off"
        error={error("alt")}
      />
      {/* Sent by fetch, not by a form action, so the form's status knows nothing of it. */}
      <button type="submit" disabled={pending} aria-disabled={pending} className={`w-full ${buttonStyles.primary}`}>
        {pending ? "Uploading…" : "Upload photo"}
      </button>
    </form>
  );
}
