import { Card } from "@/components/admin/Card";
import { listPhotoColours, listProductPhotos } from "@/lib/catalog/photos";
import { getDb } from "@/lib/server/database";
import { MAX_PHOTOS_PER_PRODUCT } from "@/lib/photos/rules";
import { findUploadOutcome } from "@/lib/server/photo-upload";
import { PhotoList } from "./PhotoList";
import { UploadPhotoForm } from "./UploadPhotoForm";

/** A product's photos on its back-office page: the list in order, the main one first, and the upload form. */
export async function ProductPhotos({ productId }: { productId: number }) {
  const db = await getDb();
  const [photos, colours, outcome] = await Promise.all([
    listProductPhotos(db, productId),
    listPhotoColours(db, productId),
    findUploadOutcome(),
  ]);
  // #photos: where a plain upload's redirect lands.
  return (
    <div id="photos">
      <Card id="product-photos" title={`Photos (${photos.length} of ${MAX_PHOTOS_PER_PRODUCT})`}>
        <div className="space-y-6">
          {photos.length > 0 ? (
            <PhotoList photos={photos} colours={colours} />
          ) : (
            <p className="text-sm text-stone-700">No photos yet: the shop shows the product&apos;s drawing.</p>
          )}
          {photos.length < MAX_PHOTOS_PER_PRODUCT ? <UploadPhotoForm productId={productId} initialOutcome={outcome} /> : null}
        </div>
      </Card>
    </div>
  );
}
