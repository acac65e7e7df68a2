/** The id of a photo's alt text field, which its error is keyed by in the list's one answer. */
export const photoAltField = (photoId: number) => `photo-${photoId}-alt`;
