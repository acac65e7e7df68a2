"use client";

import { useActionState } from "react";
import { controlClass, FieldMessage } from "@/components/ui/Field";
import { FormMessage } from "@/components/ui/FormMessage";
import { buttonStyles } from "@/components/ui/button-styles";
import { initialFormState } from "@/components/ui/form-state";
import type { ProductPhoto } from "@/lib/catalog/photos";
import { anyColour, MAX_ALT_LENGTH } from "@/lib/photos/rules";
import { renditionUrl, renditionWidths } from "@/lib/photos/urls";
import { changePhoto } from "./actions";
import { photoAltField } from "./photo-fields";

/**
 * The photos in order, each with its alt text, its colour (one of the product's `colours`, shown while
 * shoppers choose it) and buttons. One form per photo, all sharing one answer, so a message outlives
 * the photo it removed; Enter in an alt field saves that photo's.
 */
export function PhotoList({ photos, colours }: { photos: ProductPhoto[]; colours: string[] }) {
  const [state, action, pending] = useActionState(changePhoto, initialFormState);
  return (
    <div className="space-y-3">
      <FormMessage message={state.message} ok={state.ok} />
      <ol className="space-y-4">
        {photos.map((photo, index) => {
          const altId = photoAltField(photo.id);
          const error = state.errors[altId];
          const button = (intent: string, label: string, extra: { disabled?: boolean; ariaLabel?: string } = {}) => (
            <button
              type="submit"
              name="intent"
              value={intent}
              // Only saving needs the alt text; moving or removing a photo does not.
              formNoValidate={intent !== "alt"}
              disabled={pending || extra.disabled}
              aria-label={extra.ariaLabel}
              className={`${buttonStyles.secondary} disabled:opacity-50`}
            >
              {label}
            </button>
          );
          return (
            <li key={photo.id}>
              <form action={action} className="flex flex-col gap-3 rounded-md border border-stone-200 p-3 sm:flex-row">
                <input type="hidden" name="photoId" value={photo.id} />
                <img
                  src={renditionUrl(photo.imageKey, renditionWidths(photo.width)[0])}
                  alt={photo.alt}
                  width={96}
                  height={Math.round((96 * photo.height) / photo.width)}
                  className="h-24 w-24 shrink-0 rounded-md bg-stone-100 object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="text-sm font-semibold text-stone-900">{index === 0 ? "Main photo" : `Photo ${index + 1}`}</p>
                  <label htmlFor={altId} className="text-sm font-medium text-stone-900">
                    Alt text
                  </label>
                  <div className="flex flex-wrap gap-2">
                    <input
                      id={altId}
                      type="text"
                      name="alt"
                      required
                      maxLength={MAX_ALT_LENGTH}
                      defaultValue={photo.alt}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${altId}-error`}
                      className={`${controlClass} max-w-md flex-1`}
                    />
                    {button("alt", "Save alt text", { ariaLabel: `Save alt text of photo ${index + 1}` })}
                  </div>
                  <FieldMessage id={`${altId}-error`} error={error} />
                  {colours.length > 0 ? (
                    <>
                      <label htmlFor={`photo-${photo.id}-colour`} className="text-sm font-medium text-stone-900">
                        Colour
                      </label>
                      <div className="flex flex-wrap gap-2">
                        <select
                          id={`photo-${photo.id}-colour`}
                          name="colour"
                          defaultValue={photo.colour ?? anyColour.value}
                          className={`${controlClass} max-w-xs bg-white`}
                        >
                          {[anyColour, ...colours.map((colour) => ({ value: colour, label: colour }))].map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                        {button("colour", "Save colour", { ariaLabel: `Save colour of photo ${index + 1}` })}
                      </div>
                    </>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {button("earlier", "Move earlier", { disabled: index === 0, ariaLabel: `Move photo ${index + 1} earlier` })}
                    {button("later", "Move later", {
                      disabled: index === photos.length - 1,
                      ariaLabel: `Move photo ${index + 1} later`,
                    })}
                    {index > 0
                      ? button("main", "Set as main photo", { ariaLabel: `Set photo ${index + 1} as main photo` })
                      : null}
                    {button("remove", "Remove", { ariaLabel: `Remove photo ${index + 1}` })}
                  </div>
                </div>
              </form>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
