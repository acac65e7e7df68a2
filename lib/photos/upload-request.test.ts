import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, MAX_UPLOAD_REQUEST_BYTES, photoMessages } from "./rules";
import { readUploadForm } from "./upload-request";

const post = (body: BodyInit, headers?: HeadersInit) => new Request("http://shop.test/upload", { method: "POST", body, headers });

function form(photo: Blob | null, alt = "Front view") {
  const data = new FormData();
  if (photo !== null) data.set("photo", photo, "photo.jpg");
  data.set("alt", alt);
  return data;
}

describe("readUploadForm", () => {
  it("reads the photo and its alt text, even a 10 MB photo in its multipart envelope", async () => {
    const photo = new Blob([new Uint8Array(MAX_PHOTO_BYTES).fill(7)]);
    const result = await readUploadForm(post(form(photo)));
    expect(result.ok && result.upload.byteLength).toBe(MAX_PHOTO_BYTES);
    expect(result.ok && result.alt).toBe("Front view");
  });

  it("refuses a body over the limit, whether or not it says so, with 413", async () => {
    const big = new Blob([new Uint8Array(MAX_UPLOAD_REQUEST_BYTES + 1)]);
    const refused = { ok: false, status: 413, field: "photo", error: photoMessages.tooLarge };
    expect(await readUploadForm(post(form(big)))).toEqual(refused);
    const stream = new Blob([new Uint8Array(MAX_UPLOAD_REQUEST_BYTES + 1)]).stream();
    const chunked = new Request("http://shop.test/upload", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await readUploadForm(chunked)).toEqual(refused);
  });

  it("answers 400 for a form without a photo, an empty one, or a body that is not a form", async () => {
    const missing = { ok: false, status: 400, field: "photo", error: photoMessages.missingFile };
    expect(await readUploadForm(post(form(null)))).toEqual(missing);
    expect(await readUploadForm(post(form(new Blob([]))))).toEqual(missing);
    expect(await readUploadForm(post("not a form", { "content-type": "multipart/form-data; boundary=x" }))).toEqual(missing);
  });
});
